import { describe, expect, it } from '@jest/globals';
import { createTestApp, useTestApp } from './helpers';
import { pageDataOf } from './markup';
import { DEMO, anonymousCookie, login } from './accounts';
import { ORIGIN, XHR, request } from './http';

const t = useTestApp();

describe('GET /api/langs and /api/locale', () => {
  it('lists English and French', async () => {
    const response = await request(t.app, { method: 'GET', url: '/api/langs' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        langs: [
          { name: 'English', prefix_all: 'en_EN', flag: 'gb' },
          { name: 'Français', prefix_all: 'fr_FR', flag: 'fr' },
        ],
      },
    });
  });

  it.each([
    [undefined, 'en_EN'],
    ['fr-CA,fr;q=0.9', 'fr_FR'],
    ['de-DE,de;q=0.9', 'en_EN'],
    ['de;q=1, en;q=0.2, fr;q=0.8', 'fr_FR'],
  ])('Accept-Language %s gives %s', async (acceptLanguage, locale) => {
    const response = await request(t.app, {
      method: 'GET',
      url: '/api/locale',
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    expect(response.json()).toEqual({ data: { locale, multi: true } });
  });
});

describe('POST and PUT /api/locale', () => {
  it.each(['POST', 'PUT'] as const)('%s stores the choice in a cookie and on the user, and the pages follow it', async (method) => {
    const cookie = await login(t.app, DEMO.visitor2);
    const response = await request(t.app, {
      method,
      url: '/api/locale',
      headers: { ...XHR, cookie, 'accept-language': 'en' },
      payload: { lang: 'fr_FR' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { locale: 'fr_FR', multi: true } });
    expect(response.cookies.find((c) => c.name === 'salon_locale')).toMatchObject({ value: 'fr_FR', path: '/', sameSite: 'Lax' });
    const row = await t.database.db.selectFrom('users').select('locale').where('email', '=', DEMO.visitor2).executeTakeFirstOrThrow();
    expect(row.locale).toBe('fr_FR');
    // Without the cookie, the user's choice still beats the browser's language.
    const page = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie, 'accept-language': 'en' } });
    expect(pageDataOf(page.body).locale.locale).toBe('fr_FR');
    await request(t.app, { method, url: '/api/locale', headers: { ...XHR, cookie }, payload: { lang: 'en_EN' } });
  });

  it('works without a session, through the cookie alone', async () => {
    const response = await request(t.app, { method: 'PUT', url: '/api/locale', headers: XHR, payload: { lang: 'fr_FR' } });
    expect(response.statusCode).toBe(200);
    const page = await request(t.app, { method: 'GET', url: '/faq', headers: { cookie: 'salon_locale=fr_FR', 'accept-language': 'en' } });
    expect(page.body).toContain('<html lang="fr">');
  });

  it('refuses an unknown language with a 400 that names the field', async () => {
    const response = await request(t.app, { method: 'PUT', url: '/api/locale', headers: XHR, payload: { lang: 'de_DE' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      data: {
        error: true,
        message: 'Invalid body: "lang" must be one of en_EN, fr_FR',
        formErrors: { lang: 'must be one of en_EN, fr_FR' },
      },
    });
  });

  it('refuses a missing field and an extra one', async () => {
    const missing = await request(t.app, { method: 'PUT', url: '/api/locale', headers: XHR, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.message).toContain('"lang" is required');
    const extra = await request(t.app, { method: 'PUT', url: '/api/locale', headers: XHR, payload: { lang: 'en_EN', admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().data.message).toContain('"admin" is not an accepted field');
  });
});

describe('same-origin protection of the API', () => {
  const put = (headers: Record<string, string>) =>
    request(t.app, { method: 'PUT', url: '/api/locale', headers, payload: { lang: 'en_EN' } });

  it('requires X-Requested-With on every state-changing call', async () => {
    const response = await put({ origin: ORIGIN });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ data: { error: true, message: 'Missing header X-Requested-With: XMLHttpRequest' } });
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['an Origin with another port', { origin: 'http://salon.test:8081' }],
    ['an Origin with another scheme', { origin: 'https://salon.test' }],
    ['a null Origin', { origin: 'null' }],
    ['a Referer of another site', { referer: 'https://evil.example/page' }],
    ['a cross-site Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s even with X-Requested-With', async (_case, headers) => {
    const response = await put({ ...XHR, ...headers });
    expect(response.statusCode).toBe(403);
    expect(response.json().data).toMatchObject({ error: true });
  });

  it.each([
    ['its own Origin', { origin: ORIGIN }],
    ['its own Referer', { referer: `${ORIGIN}/salon` }],
    ['no Origin nor Referer (same-origin XHR from older browsers)', {}],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', origin: ORIGIN }],
  ])('accepts %s', async (_case, headers) => {
    expect((await put({ ...XHR, ...headers })).statusCode).toBe(200);
  });

  it('leaves reads alone', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/langs', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });
});

describe('API error answers', () => {
  it('answers malformed JSON with 400', async () => {
    const response = await request(t.app, {
      method: 'PUT',
      url: '/api/locale',
      headers: { ...XHR, 'content-type': 'application/json' },
      payload: '{"lang": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toMatchObject({ error: true });
    expect(response.json().data.message).toMatch(/JSON/);
  });

  it('answers a body of the wrong type with a 4xx', async () => {
    const text = await request(t.app, {
      method: 'PUT',
      url: '/api/locale',
      headers: { ...XHR, 'content-type': 'text/plain' },
      payload: 'lang=en_EN',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().data.message).toBe('Invalid body: The value must be an object');
    const xml = await request(t.app, {
      method: 'PUT',
      url: '/api/locale',
      headers: { ...XHR, 'content-type': 'application/xml' },
      payload: '<lang/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().data.error).toBe(true);
    const array = await request(t.app, { method: 'PUT', url: '/api/locale', headers: XHR, payload: [1, 2] });
    expect(array.statusCode).toBe(400);
  });

  it('answers a bug with a generic 500', async () => {
    const broken = await createTestApp();
    try {
      const drop = broken.database.db.schema.dropTable('notifications');
      // PostgreSQL keeps the foreign keys that point at it: they go too.
      await (broken.database.dialect === 'postgres' ? drop.cascade() : drop).execute();
      const response = await request(broken.app, { method: 'GET', url: '/api/notifications' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ data: { error: true, message: 'Internal server error' } });
    } finally {
      await broken.close();
    }
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await request(t.app, { method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ data: { error: true, message: 'Unknown route: GET /api/nope' } });
  });

  it('answers a wrong method with a JSON 404', async () => {
    const response = await request(t.app, { method: 'DELETE', url: '/api/langs', headers: XHR });
    expect(response.statusCode).toBe(404);
    expect(response.json().data.error).toBe(true);
  });
});

describe('GET /api/notifications', () => {
  it('gives 10 sent notifications per page, newest first', async () => {
    const page1 = (await request(t.app, { method: 'GET', url: '/api/notifications' })).json().data;
    expect(page1).toMatchObject({ page: 1, per_page: 10, total: 13, pages: 2 });
    expect(page1.notifications).toHaveLength(10);
    const dates: string[] = page1.notifications.map((n: { sent_at: string }) => n.sent_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page1.notifications[0]).toMatchObject({
      title: 'Donnez votre avis',
      title_en: 'Give us your opinion',
      at: '17h30',
      at_en: '17h30',
    });
    expect(page1.notifications[0].id_notification).toEqual(expect.any(Number));

    const page2 = (await request(t.app, { method: 'GET', url: '/api/notifications?page=2' })).json().data;
    expect(page2.notifications).toHaveLength(3);
    expect(page2.notifications.at(-1).title_en).toBe('Welcome to the Innovation Fair');
    const page3 = (await request(t.app, { method: 'GET', url: '/api/notifications?page=3' })).json().data;
    expect(page3.notifications).toEqual([]);
  });

  it('does not list a notification scheduled for later', async () => {
    const all = (await request(t.app, { method: 'GET', url: '/api/notifications?page=2' })).json().data.notifications;
    const titles = all.map((n: { title_en: string }) => n.title_en);
    expect(titles).not.toContain('Talk: Closing: the frugal connected home');
  });

  it.each(['0', '-1', 'abc', '1.5'])('answers page=%s with a 400 naming the parameter', async (page) => {
    const response = await request(t.app, { method: 'GET', url: `/api/notifications?page=${page}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.message).toMatch(/^Invalid querystring: "page"/);
  });
});

describe('/api/users/me', () => {
  it('answers 401 without a session', async () => {
    const response = await request(t.app, { method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().data.error).toBe(true);
  });

  it('gives the same user as the page data', async () => {
    const cookie = await login(t.app, DEMO.exhibitor);
    const me = (await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie } })).json().data.user;
    const page = pageDataOf((await request(t.app, { method: 'GET', url: '/salon', headers: { cookie } })).body);
    expect(me).toEqual(page.user);
  });

  it('updates the user’s own fields, validated', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const ok = await request(t.app, {
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...XHR, cookie },
      payload: { pseudo: 'Léa M.', city: 'Villeurbanne', fields_param: { mobile: '0' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ pseudo: 'Léa M.', city: 'Villeurbanne' });
    expect(ok.json().data.user.fields_param.mobile).toBe('0');

    const bad = await request(t.app, {
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...XHR, cookie },
      payload: { postal_code: 'abc', contact_email: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.formErrors).toEqual({ contact_email: 'has an invalid format', postal_code: 'has an invalid format' });

    const empty = await request(t.app, { method: 'PUT', url: '/api/users/me', headers: { ...XHR, cookie }, payload: {} });
    expect(empty.statusCode).toBe(400);
    const unknownFlag = await request(t.app, {
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...XHR, cookie },
      payload: { fields_param: { password_hash: '0' } },
    });
    expect(unknownFlag.statusCode).toBe(400);
    const notExhibitor = await request(t.app, {
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...XHR, cookie },
      payload: { hidden: true },
    });
    expect(notExhibitor.statusCode).toBe(403);
  });

  it('refuses control and direction-override characters in names and pseudo, and stores them normalised', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const put = (payload: Record<string, unknown>) =>
      request(t.app, { method: 'PUT', url: '/api/users/me', headers: { ...XHR, cookie }, payload });
    for (const pseudo of ['lea\u0000', 'gro\u202Etoor', '\u2066admin\u2069', 'a\u0007b', 'x\u200Fy']) {
      const refused = await put({ pseudo });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.formErrors).toEqual({ pseudo: 'contains characters that are not allowed' });
    }
    expect((await put({ lastname: 'Moreau\u202E' })).statusCode).toBe(400);
    const ok = await put({ pseudo: '  Le\u0301a   M.  ', city: ' Saint-Étienne ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ pseudo: 'L\u00e9a M.', city: 'Saint-Étienne' });
    // A blank pseudo clears it; joiners that scripts and emoji need are kept.
    expect((await put({ pseudo: '   ' })).json().data.user.pseudo).toBeNull();
    expect((await put({ pseudo: 'نا\u200Cصر 👩\u200D💻' })).json().data.user.pseudo).toBe('نا\u200Cصر 👩\u200D💻');
  });

  it('lets an anonymous visitor change only the pseudo', async () => {
    const cookie = await anonymousCookie(t.app);
    expect(
      (await request(t.app, { method: 'PUT', url: '/api/users/me', headers: { ...XHR, cookie }, payload: { pseudo: 'Guest 7' } }))
        .statusCode,
    ).toBe(200);
    const refused = await request(t.app, {
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...XHR, cookie },
      payload: { pseudo: 'x', city: 'Paris' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.message).toBe('Anonymous visitors can only change their pseudo');
  });
});

describe('GET /api/openapi.json', () => {
  it('documents the API from the validation schemas', async () => {
    const doc = (await request(t.app, { method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/langs', '/api/locale', '/api/users/me', '/api/notifications', '/contact']),
    );
    expect(doc.paths['/api/locale'].put.requestBody.content['application/json'].schema.properties.lang.anyOf).toHaveLength(2);
    expect(doc.paths['/api/locale'].put.parameters).toContainEqual(
      expect.objectContaining({ name: 'X-Requested-With', in: 'header', required: true }),
    );
    expect(doc.paths['/api/notifications'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
    );
  });
});
