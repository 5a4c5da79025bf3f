import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];

const compileNow = SerializerSelector();

/**
 * fastify's own response serializers (fast-json-stringify, with the same shared schemas and options), each compiled
 * the first time its route answers with that status instead of all of them when the server starts: a process
 * compiles only what it serves, and a start (a deploy, a restart, each test's app) skips compiling every route's
 * schemas, which was most of its CPU (docs/performance.md, 2026-11-30). The request validators do the same
 * (`typeboxValidatorCompiler`).
 */
export const lazySerializers: SerializerFactory = (externalSchemas, serializerOptions) => {
  const build = compileNow(externalSchemas, serializerOptions);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= build(route))(data);
  };
};
