/** `/storybook/`: the built Storybook beside the salon in the demo start only, with its own policy. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../host-shell/server/config';
import { createTestApp, type TestApp } from './helpers';
import { request } from './http';

let storybookDir: string;

beforeAll(() => {
  storybookDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-storybook-'));
  fs.writeFileSync(
    path.join(storybookDir, 'index.html'),
    '<!doctype html><title>Storybook</title><script>window.CONFIG_TYPE = "PRODUCTION";</script><script src="./sb-manager/runtime.js"></script>',
  );
  fs.writeFileSync(path.join(storybookDir, 'iframe.html'), '<!doctype html><script type="module">import "./main.js";</script>');
  fs.writeFileSync(path.join(storybookDir, 'index.json'), '{"v":5,"entries":{}}');
});
afterAll(() => fs.rmSync(storybookDir, { recursive: true, force: true }));

describe('where Storybook is served', () => {
  it('is on in the demo start, off without it and in production', () => {
    expect(loadConfig({ SALON_DEMO: '1', STORYBOOK_DIR: storybookDir }).storybookDir).toBe(storybookDir);
    expect(loadConfig({ SALON_DEMO: '1' }).storybookDir).toMatch(/storybook-static$/);
    expect(loadConfig({ STORYBOOK_DIR: storybookDir }).storybookDir).toBeNull();
    expect(loadConfig({ SALON_DEMO: '1', NODE_ENV: 'production', STORYBOOK_DIR: storybookDir }).storybookDir).toBeNull();
  });
});

describe('/storybook/ in the demo start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { storybookDir: loadConfig({ SALON_DEMO: '1', STORYBOOK_DIR: storybookDir }).storybookDir } });
  }, 30_000);
  afterAll(() => t.close());

  it('answers the workbench with a policy of its own', async () => {
    const response = await request(t.app, { method: 'GET', url: '/storybook/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Storybook</title>');
    const policy = String(response.headers['content-security-policy']);
    // Storybook's inline scripts by their hashes, as the browser computes them; nothing else inline, no eval.
    const hash = (text: string): string => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
    const scriptSources = policy
      .split('; ')
      .find((directive) => directive.startsWith('script-src '))
      ?.split(' ')
      .slice(1);
    expect(scriptSources?.sort()).toEqual(["'self'", hash('window.CONFIG_TYPE = "PRODUCTION";'), hash('import "./main.js";')].sort());
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("frame-ancestors 'self'");
  });

  it('redirects /storybook to the folder, serves its files, refuses to leave it', async () => {
    const bare = await request(t.app, { method: 'GET', url: '/storybook' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/storybook/');
    const index = await request(t.app, { method: 'GET', url: '/storybook/index.json' });
    expect(index.statusCode).toBe(200);
    expect(index.json()).toEqual({ v: 5, entries: {} });
    expect((await request(t.app, { method: 'GET', url: '/storybook/%2e%2e/%2e%2e/package.json' })).statusCode).toBe(404);
  });

  it('leaves the salon pages their own policy', async () => {
    const response = await request(t.app, { method: 'GET', url: '/salon' });
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-eval');
  });
});

describe('/storybook/ in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { storybookDir: loadConfig({ SALON_DEMO: '1', NODE_ENV: 'production', STORYBOOK_DIR: storybookDir }).storybookDir },
    });
  }, 30_000);
  afterAll(() => t.close());

  it('is not found', async () => {
    expect((await request(t.app, { method: 'GET', url: '/storybook/' })).statusCode).toBe(404);
    expect((await request(t.app, { method: 'GET', url: '/storybook/index.json' })).statusCode).toBe(404);
  });
});
