import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeId } from '../../host-shell/server/lib/ids';
import { DEMO, XHR, anonymousCookie, createTestApp, login, request, userIdByEmail, type TestApp } from './helpers';

/*
 * The API's refusals come from the Lingui catalogs like every other text: the caller's language (the locale cookie,
 * else the user's choice, else Accept-Language) picks French or English.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const FRENCH = { 'accept-language': 'fr-FR,fr;q=0.9' } as const;
const ENGLISH = { 'accept-language': 'en-GB,en;q=0.9' } as const;
const messageOf = (response: { json: () => unknown }) => (response.json() as { data: { message: string } }).data.message;

describe('API refusals in the caller’s language', () => {
  it('refuses a call without a session in French or in English', async () => {
    const french = await request(t.app, { method: 'GET', url: '/api/chat/channels', headers: FRENCH });
    expect(french.statusCode).toBe(401);
    expect(messageOf(french)).toBe("Non authentifié : ouvrez /salon ou connectez-vous d'abord");
    const english = await request(t.app, { method: 'GET', url: '/api/chat/channels', headers: ENGLISH });
    expect(english.statusCode).toBe(401);
    expect(messageOf(english)).toBe('Not authenticated: open /salon or log in first');
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
