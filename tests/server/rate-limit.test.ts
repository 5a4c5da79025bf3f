import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { DEFAULT_RATE_LIMITS, rateLimitsFromEnv, type RateLimits } from '../../host-shell/server/config';
import { tooManyText, waitText } from '../../host-shell/server/lib/rate-limit';
import { countRows, createTestApp, standBySlug, type TestApp } from './helpers';
import { closeSockets, collect, connect, listen, messageOf, settle } from './sockets';
import { PDF, multipart } from './uploads';
import { memberOf, openChannel, sendText } from './chat';
import { DEMO, anonymousCookie, login, userIdByEmail } from './accounts';
import { ORIGIN, XHR, form, request } from './http';

const MINUTE = 60_000;
const FR = { 'accept-language': 'fr-FR,fr;q=0.9' };
const EN = { 'accept-language': 'en-GB,en;q=0.9' };

const logged: string[] = [];
const logLines = (): Record<string, unknown>[] => logged.map((line) => JSON.parse(line) as Record<string, unknown>);

/** The app of a describe block, whose limits are the defaults with these changes: started before its tests, closed after them. */
function appWithLimits(changes: Partial<RateLimits>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    const logger = { level: 'warn', stream: { write: (line: string) => logged.push(line) } };
    Object.assign(t, await createTestApp({ config: { rateLimits: { ...DEFAULT_RATE_LIMITS, ...changes } }, logger }));
  }, 30_000);
  afterAll(() => t.close());
  return t;
}

/** The refusal's Retry-After (whole seconds, at most the window) and the message saying the same number. */
function expectRefusal(
  response: LightMyRequestResponse,
  message: string,
  windowMs: number,
  action: 'attempts' | 'messages' = 'attempts',
): number {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  const fr = message.startsWith('Trop') || message.startsWith('Vous');
  expect(message).toBe(tooManyText(fr ? 'fr_FR' : 'en_EN', retryAfter, action));
  return retryAfter;
}

const register = (t: TestApp, email: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  request(t.app, {
    method: 'POST',
    url: '/inscription',
    ...form({ email, password: 'long enough password', firstname: 'Léa', lastname: 'Martin' }),
    headers: { ...form({}).headers, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const loginWith = (t: TestApp, email: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  request(t.app, {
    method: 'POST',
    url: '/connexion',
    ...form({ email, password }),
    headers: { ...form({}).headers, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** The text of the page's alert (`<p class="notice" role="alert">`). */
const alertOf = (html: string): string => /<p class="notice" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? '';

afterEach(() => {
  closeSockets();
});

describe('the messages', () => {
  it('say how long to wait, in seconds up to 90, then in minutes, in French and English', () => {
    expect(tooManyText('fr_FR', 42)).toBe('Trop de tentatives. Réessayez dans 42 secondes.');
    expect(tooManyText('en_EN', 42)).toBe('Too many attempts. Try again in 42 seconds.');
    expect(tooManyText('en_EN', 1)).toBe('Too many attempts. Try again in 1 second.');
    expect(tooManyText('fr_FR', 0.2)).toBe('Trop de tentatives. Réessayez dans 1 seconde.');
    expect(waitText('en_EN', 90)).toBe('90 seconds');
    expect(waitText('fr_FR', 91)).toBe('2 minutes');
    expect(waitText('en_EN', 900)).toBe('15 minutes');
    expect(tooManyText('fr_FR', 12, 'messages')).toBe('Vous envoyez trop de messages. Réessayez dans 12 secondes.');
    expect(tooManyText('en_EN', 12, 'messages')).toBe('You are sending too many messages. Try again in 12 seconds.');
  });
});

describe('RATE_LIMITS (the operators’ changes)', () => {
  it('keeps the defaults without it, and changes only what it names', () => {
    expect(rateLimitsFromEnv(undefined)).toEqual(DEFAULT_RATE_LIMITS);
    const changed = rateLimitsFromEnv('{"loginPerAddress": {"max": 1000}, "chatMessagesPerUser": {"max": 5, "windowMs": 10000}}');
    expect(changed.loginPerAddress).toEqual({ max: 1000, windowMs: DEFAULT_RATE_LIMITS.loginPerAddress.windowMs });
    expect(changed.chatMessagesPerUser).toEqual({ max: 5, windowMs: 10_000 });
    expect(changed.loginPerAccount).toEqual(DEFAULT_RATE_LIMITS.loginPerAccount);
  });

  it('refuses to start on a mistake rather than run without a limit', () => {
    expect(() => rateLimitsFromEnv('max=5')).toThrow(/must be JSON/);
    expect(() => rateLimitsFromEnv('{"login": {"max": 5}}')).toThrow(/unknown limit "login"/);
    expect(() => rateLimitsFromEnv('{"loginPerAccount": {"max": -1}}')).toThrow(/max must be an integer/);
    expect(() => rateLimitsFromEnv('{"loginPerAccount": {"windowMs": 5}}')).toThrow(/windowMs must be an integer/);
    expect(() => rateLimitsFromEnv('{"loginPerAccount": {"max": 5, "ban": 1}}')).toThrow(/unknown key "ban"/);
  });
});

describe('POST /connexion', () => {
  const limits = { loginPerAccount: { max: 3, windowMs: MINUTE }, loginPerAddress: { max: 12, windowMs: 6000 } };
  const t = appWithLimits(limits);

  it('refuses an account after its failed attempts from one address — even the right password — with the page again (429)', async () => {
    for (let i = 0; i < 3; i += 1) expect((await loginWith(t, DEMO.visitor, 'wrong password', EN)).statusCode).toBe(401);
    const english = await loginWith(t, DEMO.visitor, 'salon-demo', EN);
    expect(english.headers['content-type']).toMatch(/^text\/html/);
    expect(english.cookies.find((c) => c.name === 'salon_session')).toBeUndefined();
    expectRefusal(english, alertOf(english.body), limits.loginPerAccount.windowMs);
    expect(alertOf(english.body)).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/);
    // The login form again, with the e-mail.
    expect(english.body).toContain(`value="${DEMO.visitor}"`);
    const french = await loginWith(t, `  ${DEMO.visitor.toUpperCase()} `, 'salon-demo', FR);
    expectRefusal(french, alertOf(french.body), limits.loginPerAccount.windowMs);
    expect(alertOf(french.body)).toMatch(/^Trop de tentatives\. Réessayez dans \d+ secondes?\.$/);
  });

  it('is per account: another account from the same address still logs in, the same account from another address too', async () => {
    expect((await loginWith(t, DEMO.visitor2, 'salon-demo')).statusCode).toBe(303);
    expect((await loginWith(t, DEMO.visitor, 'salon-demo', {}, '10.1.2.3')).statusCode).toBe(303);
  });

  it('counts failures only: an account that logs in successfully again and again is never refused', async () => {
    for (let i = 0; i < 5; i += 1) expect((await loginWith(t, DEMO.exhibitor, 'salon-demo', {}, '10.1.2.4')).statusCode).toBe(303);
  });

  it('counts parallel guesses before checking them: of 8 at once, 3 are checked and 5 refused', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => loginWith(t, DEMO.exhibitor2, 'guess', {}, '10.1.2.5')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('slows one address trying many accounts down over its budget, never refuses it, and logs the address once', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < limits.loginPerAddress.max; i += 1)
      expect((await loginWith(t, `nobody${i}@example.com`, 'x', {}, address)).statusCode).toBe(401);
    const started = Date.now();
    const slowed = await loginWith(t, DEMO.promoter, 'salon-demo', FR, address);
    expect(slowed.statusCode).toBe(303);
    // The budget's pace: 6 s / 12 per request over it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.loginPerAddress.windowMs / limits.loginPerAddress.max - 5);
    expect((await loginWith(t, DEMO.visitor2, 'salon-demo', {}, address)).statusCode).toBe(303);
    const lines = logLines().filter((line) => line.msg === 'address over its budget: slowed down');
    expect(lines).toEqual([expect.objectContaining({ address, budget: 'loginPerAddress', level: 40 })]);
  });
});

describe('POST /inscription', () => {
  const limits = { registerPerAddress: { max: 2, windowMs: 1000 } };
  const t = appWithLimits(limits);

  it('slows an address down over its budget rather than refuse it: the account is made, a little later', async () => {
    expect((await register(t, 'lea1@example.com')).statusCode).toBe(303);
    expect((await register(t, 'lea2@example.com')).statusCode).toBe(303);
    const started = Date.now();
    expect((await register(t, 'lea3@example.com', FR)).statusCode).toBe(303);
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.registerPerAddress.windowMs / limits.registerPerAddress.max - 5);
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', 'lea3@example.com').executeTakeFirst()).toBeDefined();
  });
});

describe('a crowd behind one address (the default budgets)', () => {
  const t = appWithLimits({});

  it('lets 200 registrations and 200 logins of different accounts from one address through at once, while 11 wrong passwords for one account meet the 429', async () => {
    const office = '192.0.2.10';
    const started = Date.now();
    for (let i = 0; i < 200; i += 1) expect((await register(t, `colleague${i}@office.example`, {}, office)).statusCode).toBe(303);
    for (let i = 0; i < 200; i += 1)
      expect((await loginWith(t, `colleague${i}@office.example`, 'long enough password', {}, office)).statusCode).toBe(303);
    expect(Date.now() - started).toBeLessThan(MINUTE);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginPerAccount.max; i += 1)
      expect((await loginWith(t, 'colleague0@office.example', 'wrong', {}, office)).statusCode).toBe(401);
    const eleventh = await loginWith(t, 'colleague0@office.example', 'wrong', EN, office);
    expectRefusal(eleventh, alertOf(eleventh.body), DEFAULT_RATE_LIMITS.loginPerAccount.windowMs);
  }, 300_000);
});

describe('POST /contact', () => {
  const limits = { contactPerUser: { max: 2, windowMs: MINUTE }, contactPerAddress: { max: 5, windowMs: 2 * MINUTE } };
  const t = appWithLimits(limits);
  const body = { subject: 'question', message: 'Where is the conference room?' };
  const xhr = (cookie: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    request(t.app, {
      method: 'POST',
      url: '/contact',
      headers: { ...XHR, origin: ORIGIN, cookie, ...headers },
      payload: body,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const stored = () => countRows(t, 'contact_requests');

  it('answers XHR with 429 in the route’s {statusCode, data} shape, per user, in the user’s language', async () => {
    const visitor = await login(t.app, DEMO.visitor);
    expect((await xhr(visitor)).json()).toMatchObject({ statusCode: 200 });
    expect((await xhr(visitor)).json()).toMatchObject({ statusCode: 200 });
    const before = await stored();
    const english = await xhr(visitor, EN);
    expect(english.headers['content-type']).toMatch(/^application\/json/);
    const answer = english.json() as { statusCode: number; data: { error: boolean; message: string } };
    expect(answer).toEqual({ statusCode: 429, data: { error: true, message: expect.stringMatching(/^Too many attempts/) } });
    expectRefusal(english, answer.data.message, limits.contactPerUser.windowMs);
    const french = await xhr(`${visitor}; salon_locale=fr_FR`);
    expectRefusal(french, (french.json() as typeof answer).data.message, limits.contactPerUser.windowMs);
    expect((french.json() as typeof answer).data.message).toMatch(/^Trop de tentatives/);
    expect(await stored()).toBe(before);
    // Another user from the same address still writes.
    expect((await xhr(await login(t.app, DEMO.visitor2))).json()).toMatchObject({ statusCode: 200 });
  });

  it('answers a plain form post with the page again (429), the message above the form and what was written', async () => {
    const exhibitor = await login(t.app, DEMO.exhibitor, 'salon-demo');
    const post = (headers: Record<string, string>) =>
      request(t.app, {
        method: 'POST',
        url: '/contact',
        ...form(body),
        headers: { ...form({}).headers, cookie: exhibitor, ...headers },
        remoteAddress: '10.0.0.8',
      });
    expect((await post(EN)).statusCode).toBe(200);
    expect((await post(EN)).statusCode).toBe(200);
    const refused = await post(FR);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expectRefusal(refused, alertOf(refused.body), limits.contactPerUser.windowMs);
    expect(refused.body).toContain('Where is the conference room?');
  });

  it('limits posts without a session by address, and many sessions of one address too', async () => {
    const address = '10.0.0.9';
    for (let i = 0; i < limits.contactPerAddress.max; i += 1) {
      // Each time a new anonymous visitor: the per-user budget never fills, the address's does.
      const cookie = i % 2 === 0 ? '' : await anonymousCookie(t.app);
      expect((await xhr(cookie, EN, address)).statusCode).toBe(200);
    }
    const refused = await xhr(await anonymousCookie(t.app), EN, address);
    expectRefusal(refused, (refused.json() as { data: { message: string } }).data.message, limits.contactPerAddress.windowMs);
  });
});

describe('the visitor’s forms (/api)', () => {
  const limits = { formsPerUser: { max: 2, windowMs: MINUTE }, formsPerAddress: { max: 5, windowMs: MINUTE } };
  const t = appWithLimits(limits);
  let visitor: string;
  let stand: string;
  beforeAll(async () => {
    visitor = await login(t.app, DEMO.visitor);
    stand = (await standBySlug(t, 'stand-helios-solaire')).key;
  });

  /** Each limited form route: its address (the stand's key filled in later) and a body. */
  const ROUTES: Record<string, [url: string, payload: Record<string, unknown>]> = {
    'the stand contact request': ['/api/stands/{stand}/requestContact', { firstname: 'Léa' }],
    'the offer form': ['/api/stands/{stand}/requestForminfo', { firstname: 'Léa' }],
    'the contest': ['/api/concours', { firstname: 'Léa' }],
    'a named contest': ['/api/concours/default', { firstname: 'Léa' }],
    'the game score': ['/api/contest/participation', { score: 3 }],
    'the opinion': ['/api/nps', { score: 9, comment: 'Très bien' }],
    'the share': ['/api/partages', { platform: 'linkedin' }],
  };
  const route = (name: string): [string, Record<string, unknown>] => {
    const [url, payload] = ROUTES[name] ?? ['', {}];
    return [url.replace('{stand}', stand), payload];
  };
  const post = (
    url: string,
    payload: Record<string, unknown>,
    cookie: string,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    request(t.app, { method: 'POST', url, headers: { ...XHR, cookie, ...headers }, payload, ...(remoteAddress ? { remoteAddress } : {}) });

  it.each(Object.keys(ROUTES))(
    '%s: refuses a user over the route’s budget with 429, Retry-After and the message in fr and en',
    async (name) => {
      const [url, payload] = route(name);
      for (let i = 0; i < limits.formsPerUser.max; i += 1) expect((await post(url, payload, visitor)).statusCode).not.toBe(429);
      const english = await post(url, payload, visitor, EN);
      const french = await post(url, payload, `${visitor}; salon_locale=fr_FR`);
      for (const [response, language] of [
        [english, /^Too many attempts/],
        [french, /^Trop de tentatives/],
      ] as const) {
        const json = response.json() as { statusCode?: number; data: { error: boolean; message: string } };
        // The contest answers in POST /contact's shape (its status repeated in the body), the others {data: {error, message}}.
        if (url.startsWith('/api/concours'))
          expect(json).toEqual({ statusCode: 429, data: { error: true, message: expect.stringMatching(language) } });
        else expect(json).toEqual({ data: { error: true, message: expect.stringMatching(language) } });
        expectRefusal(response, json.data.message, limits.formsPerUser.windowMs);
      }
    },
  );

  it('counts each route on its own, and each user on their own', async () => {
    const visitor2 = await login(t.app, DEMO.visitor2);
    const [url, payload] = route('the opinion');
    expect((await post(url, payload, visitor2)).json()).toMatchObject({ data: { success: true } });
  });

  it('stores nothing once refused', async () => {
    const visitorId = await userIdByEmail(t, DEMO.visitor);
    const shares = await t.database.db.selectFrom('shares').select('id').where('user_id', '=', visitorId).execute();
    expect(shares).toHaveLength(limits.formsPerUser.max);
  });

  it('refuses many sessions from one address over the address’s budget', async () => {
    const address = '10.0.0.20';
    const [url, payload] = route('the share');
    for (let i = 0; i < limits.formsPerAddress.max; i += 1)
      expect((await post(url, payload, await anonymousCookie(t.app), {}, address)).statusCode).toBe(200);
    const refused = await post(url, payload, await anonymousCookie(t.app), FR, address);
    expectRefusal(refused, (refused.json() as { data: { message: string } }).data.message, limits.formsPerAddress.windowMs);
  });
});

describe('POST /api/chat/channels/{id}/messages/upload', () => {
  const limits = { chatUploadsPerUser: { max: 2, windowMs: MINUTE } };
  const t = appWithLimits(limits);

  it('refuses a user over the budget with 429 before reading the file; nothing is stored', async () => {
    const visitor = await login(t.app, DEMO.visitor);
    const exhibitorId = await userIdByEmail(t, DEMO.exhibitor);
    const channel = await openChannel(t.app, visitor, exhibitorId);
    const upload = (cookie: string) => {
      const body = multipart([{ name: 'file', filename: 'programme.pdf', type: 'application/pdf', content: PDF }]);
      return request(t.app, {
        method: 'POST',
        url: `/api/chat/channels/${channel.id_channel}/messages/upload`,
        headers: { ...XHR, cookie, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await upload(visitor)).statusCode).toBe(200);
    expect((await upload(visitor)).statusCode).toBe(200);
    const messages = async () => (await t.database.db.selectFrom('messages').select('id').execute()).length;
    const before = await messages();
    const english = await upload(visitor);
    expectRefusal(english, (english.json() as { data: { message: string } }).data.message, limits.chatUploadsPerUser.windowMs);
    expect(english.json()).toEqual({ data: { error: true, message: expect.stringMatching(/^Too many attempts/) } });
    const french = await upload(`${visitor}; salon_locale=fr_FR`);
    expect(french.json()).toEqual({ data: { error: true, message: expect.stringMatching(/^Trop de tentatives/) } });
    expect(await messages()).toBe(before);
  });
});

describe('chat messages over the socket', () => {
  const limits = { chatMessagesPerUser: { max: 3, windowMs: MINUTE } };
  const t = appWithLimits(limits);
  let base: string;
  beforeAll(async () => {
    base = await listen(t);
  });
  afterEach(closeSockets);

  it('refuses the n+1th message of a user with the message in the user’s language; it is neither stored nor sent', async () => {
    const visitor = await login(t.app, DEMO.visitor);
    const exhibitor = await login(t.app, DEMO.exhibitor);
    const [visitorId, exhibitorId] = [await userIdByEmail(t, DEMO.visitor), await userIdByEmail(t, DEMO.exhibitor)];
    const channel = await openChannel(t.app, visitor, exhibitorId);
    const french = await connect(base, { cookie: `${visitor}; salon_locale=fr_FR` });
    const other = await connect(base, { cookie: `${exhibitor}; salon_locale=en_EN` });
    const heard = collect(other, 'new_chat_message');
    const send = (socket: typeof french, userId: number, clientId: string) =>
      sendText(socket, channel, memberOf(channel, userId), clientId, clientId);

    for (let i = 1; i <= limits.chatMessagesPerUser.max; i += 1) messageOf(await send(french, visitorId, `v${i}`));
    const refused = await send(french, visitorId, 'v4');
    expect(refused).toEqual({
      ok: false,
      error: expect.stringMatching(/^Vous envoyez trop de messages\. Réessayez dans \d+ secondes?\.$/),
    });
    const seconds = Number(/(\d+)/.exec(refused.ok ? '' : refused.error)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // The same user's other tab (English) shares the budget.
    const english = await connect(base, { cookie: `${visitor}; salon_locale=en_EN` });
    expect(await send(english, visitorId, 'v5')).toEqual({
      ok: false,
      error: expect.stringMatching(/^You are sending too many messages\. Try again in \d+ seconds?\.$/),
    });
    // The other member is not concerned.
    messageOf(await send(other, exhibitorId, 'e1'));
    await settle();
    expect(heard.map((m) => m.client_id)).toEqual(['v1', 'v2', 'v3']);
    const stored = await t.database.db.selectFrom('messages').select('client_id').orderBy('id').execute();
    expect(stored.map((m) => m.client_id)).toEqual(['v1', 'v2', 'v3', 'e1']);
  });
});
