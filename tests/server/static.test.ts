import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './helpers';
import { request } from './http';

let spaDir: string;
let t: TestApp;

beforeAll(async () => {
  spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-spa-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(spaDir, file)), { recursive: true });
    fs.writeFileSync(path.join(spaDir, file), content);
  };
  write('loader.js', 'console.log("loader")');
  write('widgets.json', '{"top-bar":"/spa/top-bar/3f9a1c2b/remoteEntry.js"}');
  write('top-bar/3f9a1c2b/remoteEntry.js', 'var topBar;');
  write('top-bar/3f9a1c2b/chunks/widget.js', 'var chunk;');
  write('top-bar/latest/remoteEntry.js', 'var unversioned;');
  t = await createTestApp({ config: { spaDir } });
}, 30_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(spaDir, { recursive: true, force: true });
});

describe('/spa/*', () => {
  it.each([
    ['/spa/loader.js', 'no-cache'],
    ['/spa/widgets.json', 'no-cache'],
    ['/spa/top-bar/3f9a1c2b/remoteEntry.js', 'public, max-age=31536000, immutable'],
    ['/spa/top-bar/3f9a1c2b/chunks/widget.js', 'public, max-age=31536000, immutable'],
    ['/spa/top-bar/latest/remoteEntry.js', 'no-cache'],
  ])('%s is served with Cache-Control: %s', async (url, cacheControl) => {
    const response = await request(t.app, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it('serves the manifest as JSON, readable by pages of other origins', async () => {
    const response = await request(t.app, { method: 'GET', url: '/spa/widgets.json' });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 for a missing file and refuses to leave the folder', async () => {
    expect((await request(t.app, { method: 'GET', url: '/spa/nope.js' })).statusCode).toBe(404);
    expect((await request(t.app, { method: 'GET', url: '/spa/../package.json' })).statusCode).toBe(404);
    expect((await request(t.app, { method: 'GET', url: '/spa/%2e%2e/%2e%2e/package.json' })).statusCode).toBe(404);
  });

  it('starts without the folder, and answers 404 under /spa', async () => {
    const without = await createTestApp({ config: { spaDir: path.join(spaDir, 'missing') } });
    try {
      expect((await request(without.app, { method: 'GET', url: '/spa/loader.js' })).statusCode).toBe(404);
      expect((await request(without.app, { method: 'GET', url: '/' })).statusCode).toBe(200);
    } finally {
      await without.close();
    }
  });
});
