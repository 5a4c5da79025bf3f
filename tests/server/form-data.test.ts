import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { encodeId } from '../../host-shell/server/lib/ids';
import { createTestApp, standBySlug, type TestApp } from './helpers';
import { DEMO, login, userIdByEmail } from './accounts';
import { ORIGIN, XHR, request } from './http';

/** Multipart form data: malformed bodies on every route that reads it, and /contact, which now reads it too. */

let t: TestApp;
let visitor: string;
let standKey: string;
let channelId: string;
/** The app's log lines (pino JSON). */
let logs: { level: number; msg: string }[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'info', stream } });
  visitor = await login(t.app, DEMO.visitor);
  standKey = (await standBySlug(t, 'stand-helios-solaire')).key;
  const exhibitorId = await userIdByEmail(t, DEMO.exhibitor);
  const opened = await request(t.app, {
    method: 'POST',
    url: '/api/chat/channels',
    headers: { ...XHR, origin: ORIGIN, cookie: visitor },
    payload: { members: [encodeId(exhibitorId)] },
  });
  channelId = (opened.json() as { data: { channel: { id_channel: string } } }).data.channel.id_channel;
  // A whole app (migrations, demo seed, two logins) on a busy machine.
}, 30_000);
beforeEach(() => {
  logs = [];
});
afterAll(async () => {
  await t.close();
});

const WARN = 40;
const ERROR = 50;

function postRaw(url: string, contentType: string, payload: string, headers: Record<string, string> = {}) {
  return request(t.app, {
    method: 'POST',
    url,
    payload,
    headers: { ...XHR, origin: ORIGIN, cookie: visitor, 'content-type': contentType, ...headers },
  });
}

function multipart(fields: Record<string, string>, boundary = 'salon-boundary'): [contentType: string, payload: string] {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return [`multipart/form-data; boundary=${boundary}`, `${parts.join('')}--${boundary}--\r\n`];
}

describe('a malformed multipart body', () => {
  const MALFORMED: [what: string, contentType: string, payload: string, reason: string][] = [
    ['without a boundary', 'multipart/form-data', 'x', 'Multipart: Boundary not found'],
    [
      'that ends mid-part',
      'multipart/form-data; boundary=bnd',
      '--bnd\r\nContent-Disposition: form-data; name="score"\r\n\r\n5',
      'Unexpected end of multipart data',
    ],
    ['with a boundary cut mid-header', 'multipart/form-data; boundary=bnd', '--bnd\r\nnonsense', 'Unexpected end of multipart data'],
  ];
  const routes = () => [
    `/api/stands/${standKey}/requestContact`,
    `/api/stands/${standKey}/requestForminfo`,
    '/api/concours/default',
    '/api/concours',
    '/api/nps',
    '/api/partages',
    '/api/contest/participation',
    `/api/chat/channels/${channelId}/messages/upload`,
    '/contact',
  ];

  it.each(MALFORMED)(
    '%s is a 400 that says so on every route that reads form data, logged as a warning',
    async (_what, contentType, payload, reason) => {
      for (const url of routes()) {
        const response = await postRaw(url, contentType, payload);
        expect([url, response.statusCode]).toEqual([url, 400]);
        const body = response.json() as { statusCode?: number; data: { error: boolean; message: string } };
        expect(body.data).toMatchObject({ error: true, message: `Malformed multipart/form-data body: ${reason}` });
        // The routes that repeat their status in the body (spec §7 /contact, the contest) do so here too.
        if (url === '/contact' || url.startsWith('/api/concours')) expect(body.statusCode).toBe(400);
      }
      expect(logs.filter((l) => l.msg === 'malformed multipart body' && l.level === WARN)).toHaveLength(routes().length);
      expect(logs.filter((l) => l.level >= ERROR)).toEqual([]);
    },
  );

  it('still gets the page again (400), not JSON, from a plain form post to /contact', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/contact',
      payload: 'x',
      headers: { origin: ORIGIN, cookie: visitor, 'content-type': 'multipart/form-data' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('POST /contact with multipart form data (spec §7 "form data")', () => {
  const fields = { email: 'lea@example.org', subject: 'question', message: 'Bonjour' };

  it('is accepted like JSON and urlencoded: stored, answered in the spec shape', async () => {
    const before = await t.database.db.selectFrom('contact_requests').select('id').execute();
    const [contentType, payload] = multipart(fields);
    const response = await postRaw('/contact', contentType, payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ statusCode: 200, data: { error: false, message: 'Your message has been sent to the organizer.' } });
    const rows = await t.database.db.selectFrom('contact_requests').selectAll().orderBy('id', 'desc').execute();
    expect(rows).toHaveLength(before.length + 1);
    expect(rows[0]).toMatchObject({ subject: 'question', message: 'Bonjour' });
  });

  it('gives field errors in the same 200 + statusCode 400 shape', async () => {
    const [contentType, payload] = multipart({ subject: 'spam', message: '' });
    const response = await postRaw('/contact', contentType, payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      data: { error: true, formErrors: { subject: 'Invalid choice', message: 'This field is required' } },
    });
  });

  it('takes fields only, with the limits of the API forms: a file or too many fields is a 413', async () => {
    const boundary = 'b0undary';
    const withFile = `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nHi\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`;
    expect((await postRaw('/contact', `multipart/form-data; boundary=${boundary}`, withFile)).statusCode).toBe(413);
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'v']));
    expect((await postRaw('/contact', ...multipart(many))).statusCode).toBe(413);
  });

  it('is still checked for origin first', async () => {
    expect((await postRaw('/contact', ...multipart(fields), { origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('leaves the other page forms as they were: multipart is not a login body (415)', async () => {
    const [contentType, payload] = multipart({ email: DEMO.visitor, password: 'salon-demo' });
    expect(
      (await request(t.app, { method: 'POST', url: '/connexion', payload, headers: { origin: ORIGIN, 'content-type': contentType } }))
        .statusCode,
    ).toBe(415);
  });
});
