import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InjectOptions } from 'fastify';
import { encodeId } from '../../host-shell/server/lib/ids';
import { DEMO, ORIGIN, XHR, anonymousCookie, createTestApp, login, request, userIdByEmail, type TestApp } from './helpers';
import { closeSockets, connect, listen } from './sockets';

/*
 * The API's refusals come from the Lingui catalogs like every other text: the caller's language (the locale cookie,
 * else the user's choice, else Accept-Language) picks French or English.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  closeSockets();
  t.app.server.closeAllConnections();
  await t.close();
});

const FRENCH = { 'accept-language': 'fr-FR,fr;q=0.9' } as const;
const ENGLISH = { 'accept-language': 'en-GB,en;q=0.9' } as const;
const messageOf = (response: { json: () => unknown }) => (response.json() as { data: { message: string } }).data.message;

/** Asks the same call in French, then in English: the same status, the message in each language. */
async function inBothLanguages(options: InjectOptions, status: number, french: string, english: string): Promise<void> {
  for (const [language, expected] of [
    [FRENCH, french],
    [ENGLISH, english],
  ] as const) {
    const response = await request(t.app, { ...options, headers: { ...options.headers, ...language } });
    expect([response.statusCode, messageOf(response)]).toEqual([status, expected]);
  }
}

describe('API refusals in the caller’s language', () => {
  it('refuses a call without a session in French or in English', async () => {
    await inBothLanguages(
      { method: 'GET', url: '/api/chat/channels' },
      401,
      "Non authentifié : ouvrez /salon ou connectez-vous d'abord",
      'Not authenticated: open /salon or log in first',
    );
  });

  it('names an unknown stand and an unknown company in French', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const stand = await request(t.app, { method: 'GET', url: '/api/stands/nope/animators', headers: { cookie, ...FRENCH } });
    expect(stand.statusCode).toBe(404);
    expect(messageOf(stand)).toBe('Stand inconnu : "nope" n\'est pas un identifiant de stand');
    const company = await request(t.app, { method: 'GET', url: '/api/company/nope', headers: { cookie: 'salon_locale=fr_FR' } });
    expect(company.statusCode).toBe(404);
    expect(messageOf(company)).toBe('Entreprise inconnue : "nope" n\'est pas un identifiant d\'entreprise');
  });

  it('follows the locale cookie over the browser’s language for an anonymous visitor’s profile change', async () => {
    const cookie = await anonymousCookie(t.app);
    const refused = await request(t.app, {
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...XHR, ...ENGLISH, cookie: `${cookie}; salon_locale=fr_FR` },
      payload: { pseudo: 'x', city: 'Paris' },
    });
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe('Les visiteurs anonymes ne peuvent modifier que leur pseudo');
  });

  it('refuses a chat page asked both ways, and a CSP report that is not JSON, in French', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const exhibitor = encodeId(await userIdByEmail(t, DEMO.exhibitor));
    const opened = await request(t.app, {
      method: 'POST',
      url: '/api/chat/channels',
      headers: { ...XHR, cookie },
      payload: { members: [exhibitor] },
    });
    const channel = (opened.json() as { data: { channel: { id_channel: string } } }).data.channel.id_channel;
    const both = await request(t.app, {
      method: 'GET',
      url: `/api/chat/channels/${channel}/messages?lastOne=${channel}&before=${channel}`,
      headers: { cookie, ...FRENCH },
    });
    expect(both.statusCode).toBe(400);
    expect(messageOf(both)).toBe('Paramètres invalides : donnez "lastOne" ou "before", pas les deux');
    const report = await request(t.app, {
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report', ...FRENCH },
      payload: '{not json',
    });
    expect(report.statusCode).toBe(400);
    expect(messageOf(report)).toBe('Un rapport CSP doit être en JSON');
  });

  it('refuses switching the live stream on without a video address, in French', async () => {
    const cookie = await login(t.app, DEMO.admin);
    const put = (payload: Record<string, unknown>) =>
      request(t.app, { method: 'PUT', url: '/api/admin/stream', headers: { ...XHR, ...FRENCH, cookie }, payload });
    expect((await put({ active: false, video_url: null })).statusCode).toBe(200);
    const refused = await put({ active: true });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe('"video_url" est obligatoire pour lancer le direct');
  });
});

describe('what the server words itself, in the caller’s language', () => {
  const putLocale = (headers: Record<string, string>, payload: string | Record<string, unknown>) =>
    request(t.app, { method: 'PUT', url: '/api/locale', headers: { ...XHR, ...headers }, payload });

  it('names the refused body field in French or in English, message and form error alike', async () => {
    const french = await putLocale(FRENCH, { lang: 'de_DE' });
    expect(french.statusCode).toBe(400);
    expect(french.json()).toEqual({
      data: {
        error: true,
        message: 'Corps invalide : "lang" doit être l\'une des valeurs en_EN, fr_FR',
        formErrors: { lang: "doit être l'une des valeurs en_EN, fr_FR" },
      },
    });
    const english = await putLocale(ENGLISH, { lang: 'de_DE' });
    expect(english.json()).toEqual({
      data: {
        error: true,
        message: 'Invalid body: "lang" must be one of en_EN, fr_FR',
        formErrors: { lang: 'must be one of en_EN, fr_FR' },
      },
    });
    await inBothLanguages(
      { method: 'PUT', url: '/api/locale', headers: XHR, payload: { admin: true } },
      400,
      'Corps invalide : "lang" est obligatoire; "admin" n\'est pas un champ accepté',
      'Invalid body: "lang" is required; "admin" is not an accepted field',
    );
  });

  it('names a refused query parameter in French or in English', async () => {
    await inBothLanguages(
      { method: 'GET', url: '/api/notifications?page=abc' },
      400,
      'Paramètres invalides : "page" doit être un nombre entier',
      'Invalid querystring: "page" must be an integer',
    );
    await inBothLanguages(
      { method: 'GET', url: '/api/notifications?page=0' },
      400,
      'Paramètres invalides : "page" doit valoir au moins 1',
      'Invalid querystring: "page" must be at least 1',
    );
  });

  it('refuses a body that is not JSON in French or in English', async () => {
    await inBothLanguages(
      { method: 'PUT', url: '/api/locale', headers: { ...XHR, 'content-type': 'application/json' }, payload: '{"lang": ' },
      400,
      "Le corps n'est pas du JSON valide",
      'The body is not valid JSON',
    );
  });

  it('refuses a call without X-Requested-With in French or in English', async () => {
    await inBothLanguages(
      { method: 'PUT', url: '/api/locale', headers: { origin: ORIGIN }, payload: { lang: 'en_EN' } },
      403,
      'En-tête X-Requested-With: XMLHttpRequest manquant',
      'Missing header X-Requested-With: XMLHttpRequest',
    );
  });

  it('answers an unknown route in French or in English', async () => {
    await inBothLanguages({ method: 'GET', url: '/api/nope' }, 404, 'Route inconnue : GET /api/nope', 'Unknown route: GET /api/nope');
  });

  it('refuses an empty notification, and one for nobody, in French or in English, message and form error alike', async () => {
    const cookie = await login(t.app, DEMO.promoter);
    const send = (locale: string, payload: Record<string, unknown>) =>
      request(t.app, {
        method: 'POST',
        url: '/api/notifications',
        headers: { ...XHR, cookie: `${cookie}; salon_locale=${locale}` },
        payload,
      });
    const empty = { title: '  ', message: 'Bonjour' };
    expect((await send('fr_FR', empty)).json()).toEqual({
      data: { error: true, message: '"title" ne doit pas être vide', formErrors: { title: 'Ce champ est obligatoire' } },
    });
    expect((await send('en_EN', empty)).json()).toEqual({
      data: { error: true, message: '"title" must not be empty', formErrors: { title: 'This field is required' } },
    });
    const nobody = { title: 'Bonjour', message: 'Bonjour', users_ids: [encodeId(987654)] };
    const french = await send('fr_FR', nobody);
    expect(french.statusCode).toBe(400);
    expect(french.json()).toEqual({
      data: {
        error: true,
        message: 'Aucun des "users_ids" n\'est un utilisateur',
        formErrors: { users_ids: 'ne désigne aucun utilisateur' },
      },
    });
    expect(messageOf(await send('en_EN', nobody))).toBe('None of "users_ids" is a user');
  });

  it('refuses a chat connection without a session in French or in English', async () => {
    const base = await listen(t);
    await expect(connect(base, { cookie: 'salon_locale=fr_FR' })).rejects.toMatchObject({
      message: "Non authentifié : ouvrez /salon ou connectez-vous d'abord",
      data: { status: 401 },
    });
    await expect(connect(base, { cookie: 'salon_locale=en_EN' })).rejects.toMatchObject({
      message: 'Not authenticated: open /salon or log in first',
      data: { status: 401 },
    });
    await expect(connect(base, { cookie: 'salon_locale=fr_FR', origin: 'https://evil.example' })).rejects.toMatchObject({
      message: expect.stringMatching(/^Connexion d'une autre origine refusée \(Origin https:\/\/evil\.example n'est pas /),
      data: { status: 403 },
    });
  });
});
