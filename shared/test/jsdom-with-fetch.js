/**
 * jsdom has no fetch, Request, Response, Headers or ReadableStream, and ky needs them (and an
 * AbortSignal that Node's Request accepts). This environment hands Node's own to the jsdom window.
 * FormData and File too: Node's Request reads only its own FormData (a multipart upload); jsdom's Blob
 * stays, for jsdom's FileReader.
 * It is the environment of jest.config.js's browser project.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'FormData',
  'File',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
