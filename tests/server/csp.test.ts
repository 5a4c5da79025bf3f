import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { REPO_ROOT, originsFromEnv, spaUrlFromEnv } from '../../host-shell/server/config';
import { cspOrigin } from '../../host-shell/server/lib/csp';
import { CSP_REPORT_BODY_LIMIT } from '../../host-shell/server/routes/csp-report';
import { EMOJI_PICKER_MODULE, EMOJI_PICKER_PATCHES } from '../../scripts/build/csp-patches';
import { applyPatches } from '../../scripts/build/patch-loader.cjs';
import { createTestApp, type TestApp } from './helpers';
import { DEMO, anonymousCookie, login } from './accounts';
import { HOST, ORIGIN, request } from './http';

const MEDIA = 'https://media.example.net';
let t: TestApp;
const logs: Record<string, unknown>[] = [];
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  // trustProxy: one test arrives as https through a proxy (X-Forwarded-Proto).
  t = await createTestApp({ config: { mediaOrigins: [MEDIA], trustProxy: true }, logger: { level: 'info', stream: sink } });
  cookies.anonymous = await anonymousCookie(t.app);
  cookies.visitor = await login(t.app, DEMO.visitor);
  cookies.exhibitor = await login(t.app, DEMO.exhibitor);
  cookies.promoter = await login(t.app, DEMO.promoter);
  cookies.admin = await login(t.app, DEMO.admin);
}, 30_000);
afterAll(async () => {
  await t.close();
});

/** The policy as directive → sources (lowercase names, sources as written). */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) {
      expect(map.has(name.toLowerCase())).toBe(false);
      map.set(name.toLowerCase(), sources);
    }
  }
  return map;
}

async function get(url: string, who?: string): Promise<LightMyRequestResponse> {
  const cookie = who ? cookies[who] : undefined;
  return request(t.app, { method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function setStream(video: string | null, chat: string | null): Promise<void> {
  for (const [key, value] of [
    ['stream_active', video ? '1' : '0'],
    ['stream_video_url', video],
    ['stream_chat_url', chat],
  ] as const) {
    const json = JSON.stringify(value);
    await t.database.db
      .insertInto('parameters')
      .values({ key, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
      .execute();
  }
  // What the back office does after a change; without it the policy follows within parametersTtlMs.
  t.app.parameters.invalidate();
}

const form = (fields: Record<string, string>) => ({
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** name, method, url, who, status, form fields (a POST of the page's form). */
// Six entries in every row: jest.each hands a test function with more parameters than the row a `done` callback.
const PAGES: [string, 'GET' | 'POST', string, string | undefined, number, Record<string, string> | null][] = [
  ['/salon (anonymous visitor)', 'GET', '/salon', 'anonymous', 200, null],
  ['/salon (exhibitor)', 'GET', '/salon', 'exhibitor', 200, null],
  ['/salon/stand/x (client route)', 'GET', '/salon/stand/x', 'visitor', 200, null],
  ['home (login and registration forms)', 'GET', '/', undefined, 200, null],
  ['login with a wrong password', 'POST', '/connexion', undefined, 401, { email: DEMO.visitor, password: 'wrong-password' }],
  [
    'registration with errors',
    'POST',
    '/inscription',
    undefined,
    400,
    { email: 'not-an-email', password: 'x', firstname: '', lastname: '' },
  ],
  ['profile', 'GET', '/profil', 'visitor', 200, null],
  ['contact', 'GET', '/contact', undefined, 200, null],
  ['exhibitor area', 'GET', '/exposant', 'exhibitor', 200, null],
  ['exhibitor’s own profile', 'GET', '/exposant/profil', 'exhibitor', 200, null],
  ['promoter area', 'GET', '/organisateur', 'promoter', 200, null],
  ['admin area', 'GET', '/admin', 'admin', 200, null],
  ['FAQ', 'GET', '/faq', undefined, 200, null],
  ['403 page', 'GET', '/admin', 'visitor', 403, null],
  ['404 page', 'GET', '/no-such-page', undefined, 404, null],
];

describe('the pages’ Content-Security-Policy', () => {
  it.each(PAGES)('%s carries the strict policy', async (_name, method, url, who, status, fields) => {
    const cookie = who ? cookies[who] : undefined;
    const extra = fields ? form(fields) : { headers: {} };
    const response = await request(t.app, { method, url, ...extra, headers: { ...extra.headers, ...(cookie ? { cookie } : {}) } });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = directives(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", `ws://${HOST}`]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', MEDIA]);
    expect(policy.get('media-src')).toEqual(["'self'", MEDIA]);
    expect(policy.get('report-uri')).toEqual(['/csp-report']);
    // Over http, report-uri only (browsers deliver report-to reports from https pages only).
    expect(policy.has('report-to')).toBe(false);
    expect(response.headers['reporting-endpoints']).toBeUndefined();
    const style = policy.get('style-src') ?? [];
    expect(style[0]).toBe("'self'");
    for (const source of style.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    // Nothing anywhere loosens scripts or styles.
    expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-|\*|https?:(?!\/\/)/);

    // Every inline <style> of the page is allowed by its hash; every script is a file or inert JSON data.
    const styles = [...response.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(styles.length).toBeGreaterThan(0);
    for (const css of styles) expect(style).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    for (const [tag] of response.body.matchAll(/<script\b[^>]*>/g)) expect(tag).toMatch(/\bsrc="\/spa\/|type="application\/json"/);
    expect(response.body).not.toMatch(/\son[a-z]+=|javascript:|\sstyle=/i);
  });

  it('an inline <style> that is not one of the pages’ own is not allowed', async () => {
    const style = directives(await get('/')).get('style-src') ?? [];
    expect(style).not.toContain(`'sha256-${createHash('sha256').update('body{color:red}').digest('base64')}'`);
  });

  it('names the live stream’s video and chat origins in frame-src when the stream parameters are set', async () => {
    try {
      await setStream('https://player.stream.example/live/42?autoplay=1', 'https://chat.example.org:8443/embed/room');
      for (const [url, who] of [
        ['/salon', 'anonymous'],
        ['/salon', 'exhibitor'],
        ['/', undefined],
      ] as const) {
        const frames = directives(await get(url, who)).get('frame-src');
        expect(frames).toEqual(["'self'", 'https://player.stream.example', 'https://chat.example.org:8443']);
      }
      // The same origins while the stream is off: a page loaded just before it starts can show it.
      await t.database.db
        .updateTable('parameters')
        .set({ value: JSON.stringify('0') })
        .where('key', '=', 'stream_active')
        .execute();
      t.app.parameters.invalidate();
      expect(directives(await get('/salon', 'visitor')).get('frame-src')).toEqual([
        "'self'",
        'https://player.stream.example',
        'https://chat.example.org:8443',
      ]);

      // A video on this server adds nothing; no chat: only the video's origin.
      await setStream(`${ORIGIN}/live/video`, null);
      expect(directives(await get('/salon', 'visitor')).get('frame-src')).toEqual(["'self'"]);
      await setStream('http://video.test:8080/x', null);
      expect(directives(await get('/salon', 'visitor')).get('frame-src')).toEqual(["'self'", 'http://video.test:8080']);
    } finally {
      await setStream(null, null);
    }
    expect(directives(await get('/salon', 'visitor')).get('frame-src')).toEqual(["'self'"]);
  });

  it('never lets a stored address write its own directives', async () => {
    try {
      await setStream("https://x.example/a'; script-src *", 'javascript:alert(1)');
      const response = await get('/salon', 'visitor');
      const policy = directives(response);
      expect(policy.get('frame-src')).toEqual(["'self'", 'https://x.example']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      await setStream("https://a.example'x/", 'data:text/html,hi');
      expect(directives(await get('/salon', 'visitor')).get('frame-src')).toEqual(["'self'"]);
    } finally {
      await setStream(null, null);
    }
  });

  it('still serves the page, with no stream origin, when the stream parameters cannot be read', async () => {
    const cache = t.app.parameters;
    const original = cache.stream.bind(cache);
    cache.stream = () => Promise.reject(new Error('database gone'));
    try {
      const response = await get('/salon', 'visitor');
      expect(response.statusCode).toBe(200);
      expect(directives(response).get('frame-src')).toEqual(["'self'"]);
    } finally {
      cache.stream = original;
    }
  });

  it('leaves the room frame’s own policy and non-HTML answers alone', async () => {
    const frame = await get('/room/', 'visitor');
    expect(frame.statusCode).toBe(200);
    expect(directives(frame).get('form-action')).toEqual(["'none'"]);
    // No 'unsafe-inline' in the frame either: its one inline <style> by its hash, its bundle's CSS constructed.
    expect(String(frame.headers['content-security-policy'])).not.toMatch(/unsafe-/);
    const frameStyles = [...frame.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(frameStyles).toHaveLength(1);
    expect(directives(frame).get('style-src')).toEqual([
      "'self'",
      `'sha256-${createHash('sha256')
        .update(frameStyles[0] ?? '')
        .digest('base64')}'`,
    ]);
    expect(frame.body).not.toMatch(/\son[a-z]+=|javascript:|\sstyle=/i);
    expect(frame.headers['reporting-endpoints']).toBeUndefined();
    const api = await get('/api/stream/active', 'visitor');
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('behind TLS: the socket as wss:, and the Reporting API endpoint besides report-uri', async () => {
    const response = await request(t.app, { method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    const policy = directives(response);
    expect(policy.get('connect-src')).toEqual(["'self'", `wss://${HOST}`]);
    expect(policy.get('report-uri')).toEqual(['/csp-report']);
    expect(policy.get('report-to')).toEqual(['csp']);
    expect(response.headers['reporting-endpoints']).toBe('csp="/csp-report"');
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });
});

describe('origins in the policy', () => {
  it('takes only the http(s) origin of an address, and refuses what could break the header', () => {
    expect(cspOrigin('https://Video.Example.com:443/path?q=1')).toBe('https://video.example.com');
    expect(cspOrigin('http://[::1]:8080/x')).toBe('http://[::1]:8080');
    for (const bad of [
      "https://a.example'x",
      'https://a.example,b',
      'javascript:alert(1)',
      'data:text/html,x',
      'blob:https://a.example/1',
      '*',
      '',
      null,
      'not a url',
    ])
      expect(cspOrigin(bad)).toBeNull();
  });

  it('reads MEDIA_ORIGINS as a comma list of origins', () => {
    expect(
      originsFromEnv(" https://cdn.example.com/pictures , http://b.test:8000, https://cdn.example.com, ftp://x, 'unsafe-inline'"),
    ).toEqual(['https://cdn.example.com', 'http://b.test:8000']);
    expect(originsFromEnv(undefined)).toEqual([]);
  });

  it('loads the widgets from SPA_URL when they come from a static origin: the loader script, script-src and connect-src', async () => {
    expect(spaUrlFromEnv(undefined)).toBe('/spa');
    expect(spaUrlFromEnv('https://cdn.example/salon/spa/')).toBe('https://cdn.example/salon/spa');
    for (const bad of ['ftp://cdn.example/spa', 'cdn.example/spa', 'https://cdn.example/spa?x=1', 'https://cdn.example/"spa'])
      expect(() => spaUrlFromEnv(bad)).toThrow(/SPA_URL/);
    const own = await createTestApp({ config: { spaUrl: 'https://cdn.example/salon/spa' } });
    try {
      const response = await request(own.app, { method: 'GET', url: '/salon', headers: { cookie: await anonymousCookie(own.app) } });
      expect(response.body).toContain('<script src="https://cdn.example/salon/spa/loader.js" defer></script>');
      const policy = directives(response);
      expect(policy.get('script-src')).toEqual(["'self'", 'https://cdn.example']);
      expect(policy.get('connect-src')).toContain('https://cdn.example');
    } finally {
      await own.close();
    }
  });
});

describe('POST /csp-report', () => {
  const warnings = () => logs.filter((l) => l.msg === 'Content-Security-Policy violation');

  it('logs a report-uri report (application/csp-report) as a warning', async () => {
    const before = warnings().length;
    const response = await request(t.app, {
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': `${ORIGIN}/salon`,
          'violated-directive': 'style-src-elem',
          'effective-directive': 'style-src-elem',
          'blocked-uri': 'inline',
          'source-file': `${ORIGIN}/spa/chat/abc/1.js`,
          'line-number': 12,
          'script-sample': 'x'.repeat(1000),
        },
      }),
    });
    expect(response.statusCode).toBe(204);
    const logged = warnings().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.level).toBe(40);
    const csp = logged[0]?.csp as Record<string, unknown>;
    expect(csp).toMatchObject({ document: `${ORIGIN}/salon`, directive: 'style-src-elem', blocked: 'inline', line: 12 });
    expect(String(csp.sample).length).toBeLessThanOrEqual(301);
  });

  it('logs each violation of a Reporting API batch (application/reports+json) and skips other report types', async () => {
    const before = warnings().length;
    const response = await request(t.app, {
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([
        {
          type: 'csp-violation',
          age: 10,
          url: `${ORIGIN}/`,
          body: {
            documentURL: `${ORIGIN}/`,
            effectiveDirective: 'img-src',
            blockedURL: 'https://tracker.example/p.gif',
            disposition: 'enforce',
          },
        },
        { type: 'deprecation', body: { id: 'x' } },
        {
          type: 'csp-violation',
          body: { documentURL: `${ORIGIN}/salon`, effectiveDirective: 'frame-src', blockedURL: 'https://other.example/' },
        },
      ]),
    });
    expect(response.statusCode).toBe(204);
    const logged = warnings()
      .slice(before)
      .map((l) => l.csp);
    expect(logged).toEqual([
      { document: `${ORIGIN}/`, directive: 'img-src', blocked: 'https://tracker.example/p.gif', disposition: 'enforce' },
      { document: `${ORIGIN}/salon`, directive: 'frame-src', blocked: 'https://other.example/' },
    ]);
  });

  it('answers a malformed, oversized or foreign body with a 4xx, never a 500, and logs nothing as a violation', async () => {
    const before = warnings().length;
    const post = (type: string, payload: string) =>
      request(t.app, { method: 'POST', url: '/csp-report', headers: { 'content-type': type }, payload });
    expect((await post('application/csp-report', '{not json')).statusCode).toBe(400);
    expect((await post('application/reports+json', '')).statusCode).toBe(400);
    expect((await post('application/reports+json', '{"a":1}')).statusCode).toBe(204);
    expect((await post('application/csp-report', JSON.stringify({ 'csp-report': 'x'.repeat(CSP_REPORT_BODY_LIMIT) }))).statusCode).toBe(
      413,
    );
    expect((await post('application/xml', '<a/>')).statusCode).toBe(415);
    expect(warnings().length).toBe(before);
  });
});

describe('emoji-picker-element under the policy (the build patch)', () => {
  const source = fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'emoji-picker-element', 'picker.js'), 'utf8');

  it('finds the installed picker’s style attribute writes, and turns them into CSSOM writes', () => {
    const file = path.join(REPO_ROOT, 'node_modules', 'emoji-picker-element', 'picker.js');
    expect(EMOJI_PICKER_MODULE.test(file)).toBe(true);
    const patched = applyPatches(source, EMOJI_PICKER_PATCHES, 'picker.js');
    expect(patched).not.toBe(source);
    expect(patched).toContain("if (attributeName === 'style') targetNode.style.cssText = newValue;");
    // The only attribute write of its template framework now leaves style to CSSOM.
    expect(patched.match(/\.setAttribute\(attributeName, newValue\)/g)).toHaveLength(1);
    expect(patched).toMatch(/else targetNode\.setAttribute\(attributeName, newValue\);/);
  });

  it('fails the build when the patched code is missing or ambiguous', () => {
    expect(() => applyPatches('nothing here', EMOJI_PICKER_PATCHES, 'picker.js')).toThrow(/is not there/);
    const twice = `${EMOJI_PICKER_PATCHES[0].search}\n${EMOJI_PICKER_PATCHES[0].search}`;
    expect(() => applyPatches(twice, EMOJI_PICKER_PATCHES, 'picker.js')).toThrow(/more than once/);
  });
});
