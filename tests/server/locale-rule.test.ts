/**
 * Which language a page is in (host-shell/server/README.md, Locale): an explicit choice — a switcher's, in the
 * browser's cookie, else the one a switcher saved on the account — wins; without one, the browser's language. The
 * browser's language is never saved on an account, and the pages' header has a switcher that works without JavaScript.
 */
import { describe, expect, it } from '@jest/globals';
import { useTestApp } from './helpers';
import { pageDataOf } from './markup';
import { DEMO, login, sessionCookieOf } from './accounts';
import { ORIGIN, XHR, request } from './http';

const t = useTestApp();

const savedLocale = async (email: string) =>
  (await t.database.db.selectFrom('users').select('locale').where('email', '=', email).executeTakeFirstOrThrow()).locale;

const localeCookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === 'salon_locale')?.value;

/** The header's switcher form, as a browser posts it. */
const switchTo = (lang: string, back: string, cookie = '', headers: Record<string, string> = { origin: ORIGIN }) =>
  request(t.app, {
    method: 'POST',
    url: '/langue',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams({ lang, back }).toString(),
  });

/** The buttons of the header's switcher: [language, marked current]. */
function switcherOf(body: string): [string, boolean][] {
  const form = /<form class="lang" method="post" action="\/langue"[^>]*>([^]*?)<\/form>/.exec(body);
  if (!form?.[1]) return [];
  return [...form[1].matchAll(/<button type="submit" name="lang" value="([^"]+)"[^>]*?( aria-current="true")?>/g)].map((m) => [
    m[1] ?? '',
    m[2] !== undefined,
  ]);
}

describe('without an explicit choice, the browser’s language', () => {
  it('a new anonymous visitor gets no saved language: later, another browser language is followed', async () => {
    const first = await request(t.app, { method: 'GET', url: '/salon', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(pageDataOf(first.body).locale.locale).toBe('fr_FR');
    const cookie = sessionCookieOf(first);
    const rows = await t.database.db.selectFrom('users').select(['locale', 'anonymous']).where('anonymous', '=', 1).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.locale === null)).toBe(true);

    const later = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie, 'accept-language': 'en-GB,en;q=0.9' } });
    expect(pageDataOf(later.body).locale.locale).toBe('en_EN');
  });

  it('a demo visitor has no saved language: an English browser gets English pages', async () => {
    expect(await savedLocale(DEMO.visitor)).toBeNull();
    const cookie = await login(t.app, DEMO.visitor);
    const area = await request(t.app, { method: 'GET', url: '/profil', headers: { cookie, 'accept-language': 'en-US,en;q=0.8' } });
    expect(area.body).toContain('<html lang="en">');
    const room = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie, 'accept-language': 'en-US,en;q=0.8' } });
    expect(pageDataOf(room.body).locale.locale).toBe('en_EN');
  });
});

describe('an explicit choice wins, is saved and is shown', () => {
  it('the header switcher stores the choice (cookie and account) and shows the same page again in it', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const response = await switchTo('fr_FR', '/faq?x=1', cookie, { origin: ORIGIN, 'accept-language': 'en' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/faq?x=1`);
    expect(localeCookieOf(response)).toBe('fr_FR');
    expect(await savedLocale(DEMO.visitor2)).toBe('fr_FR');

    // Another browser of the same person (no cookie), in English: the saved choice is followed, and shown current.
    const page = await request(t.app, { method: 'GET', url: '/profil', headers: { cookie, 'accept-language': 'en' } });
    expect(page.body).toContain('<html lang="fr">');
    expect(switcherOf(page.body)).toEqual([
      ['en_EN', false],
      ['fr_FR', true],
    ]);
    const room = await request(t.app, { method: 'GET', url: '/salon', headers: { cookie, 'accept-language': 'en' } });
    expect(pageDataOf(room.body).locale.locale).toBe('fr_FR');

    // Changed back from the switcher: saved again.
    const back = await switchTo('en_EN', '/profil', cookie);
    expect(back.headers.location).toBe(`${ORIGIN}/profil`);
    expect(await savedLocale(DEMO.visitor2)).toBe('en_EN');
  });

  it('a choice made in this browser before logging in is saved on the account at login', async () => {
    expect(await savedLocale(DEMO.visitor)).not.toBe('en_EN');
    const chosen = await switchTo('en_EN', '/');
    expect(localeCookieOf(chosen)).toBe('en_EN');
    const response = await request(t.app, {
      method: 'POST',
      url: '/connexion',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: 'salon_locale=en_EN',
        'accept-language': 'fr',
      },
      payload: new URLSearchParams({ email: DEMO.visitor, password: 'salon-demo' }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(await savedLocale(DEMO.visitor)).toBe('en_EN');
    const room = await request(t.app, {
      method: 'GET',
      url: '/salon',
      headers: { cookie: sessionCookieOf(response), 'accept-language': 'fr' },
    });
    expect(pageDataOf(room.body).locale.locale).toBe('en_EN');
  });

  it('the top bar’s switcher (PUT /api/locale) and the header’s store the same way', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const put = await request(t.app, { method: 'PUT', url: '/api/locale', headers: { ...XHR, cookie }, payload: { lang: 'fr_FR' } });
    expect(localeCookieOf(put)).toBe('fr_FR');
    expect(await savedLocale(DEMO.visitor2)).toBe('fr_FR');
    const page = await request(t.app, {
      method: 'GET',
      url: '/',
      headers: { cookie: `${cookie}; salon_locale=fr_FR`, 'accept-language': 'en' },
    });
    expect(switcherOf(page.body)).toEqual([
      ['en_EN', false],
      ['fr_FR', true],
    ]);
  });
});

describe('the header switcher', () => {
  it.each(['/', '/faq', '/mentions-legales', '/connexion', '/404'])(
    'is on %s, in both languages, coming back to the page',
    async (path) => {
      const page = await request(t.app, { method: 'GET', url: path, headers: { 'accept-language': 'en' } });
      expect(switcherOf(page.body)).toEqual([
        ['en_EN', true],
        ['fr_FR', false],
      ]);
      expect(page.body).toContain(`<input type="hidden" name="back" value="${path}">`);
      expect(page.body).toMatch(/<button type="submit" name="lang" value="fr_FR" lang="fr">Français<\/button>/);
    },
  );

  it('works without a session', async () => {
    const response = await switchTo('fr_FR', '/faq');
    expect(response.statusCode).toBe(303);
    const page = await request(t.app, {
      method: 'GET',
      url: '/faq',
      headers: { cookie: `salon_locale=${localeCookieOf(response) ?? ''}`, 'accept-language': 'en' },
    });
    expect(page.body).toContain('<html lang="fr">');
  });

  it('refuses another site’s post (same-origin guard) and changes nothing', async () => {
    const response = await switchTo('fr_FR', '/faq', '', { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(localeCookieOf(response)).toBeUndefined();
    const sneaky = await switchTo('fr_FR', '/faq', '', { 'sec-fetch-site': 'cross-site', referer: `${ORIGIN}/faq` });
    expect(sneaky.statusCode).toBe(403);
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', ''])(
    'never sends elsewhere than this site (back %p → home)',
    async (back) => {
      const response = await switchTo('en_EN', back);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${ORIGIN}/`);
    },
  );

  it('refuses an unknown language, in the page’s language', async () => {
    const response = await switchTo('de_DE', '/faq', 'salon_locale=fr_FR');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Langue inconnue');
    expect(localeCookieOf(response)).toBeUndefined();
  });
});
