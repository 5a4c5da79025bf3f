import { describe, expect, it } from '@jest/globals';
import { createTestApp, useTestApp } from './helpers';
import { DEMO, anonymousCookie, login, sessionCookieOf } from './accounts';
import { ORIGIN, form, request } from './http';

const t = useTestApp();

describe('POST /connexion', () => {
  it.each([
    [DEMO.visitor, '/salon'],
    [DEMO.exhibitor, '/exposant'],
    [DEMO.promoter, '/organisateur'],
    [DEMO.admin, '/admin'],
  ])('logs %s in with a 303 to their home route and a locked-down session cookie', async (email, home) => {
    const response = await request(t.app, { method: 'POST', url: '/connexion', ...form({ email, password: 'salon-demo' }) });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}${home}`);
    const cookie = response.cookies.find((c) => c.name === 'salon_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the email in any case and with spaces', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/connexion',
      ...form({ email: '  Visiteur@Salon.TEST ', password: 'salon-demo' }),
    });
    expect(response.statusCode).toBe(303);
  });

  it.each([
    ['a wrong password', DEMO.visitor, 'nope-nope'],
    ['an unknown email', 'nobody@salon.test', 'salon-demo'],
    ['empty fields', '', ''],
  ])('answers %s with the form again, 401 and a clear message', async (_case, email, password) => {
    const response = await request(t.app, { method: 'POST', url: '/connexion', ...form({ email, password }) });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Incorrect email address or password.');
    expect(response.body).toContain('name="password"');
    expect(response.cookies.find((c) => c.name === 'salon_session')).toBeUndefined();
  });

  it('shows the message in French for a French browser', async () => {
    const f = form({ email: DEMO.visitor, password: 'wrong-password' });
    const response = await request(t.app, {
      method: 'POST',
      url: '/connexion',
      payload: f.payload,
      headers: { ...f.headers, 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Adresse e-mail ou mot de passe incorrect.');
  });

  it('refuses a login posted from another site', async () => {
    const f = form({ email: DEMO.visitor, password: 'salon-demo' });
    const response = await request(t.app, {
      method: 'POST',
      url: '/connexion',
      payload: f.payload,
      headers: { ...f.headers, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });

  it('marks the cookie Secure when COOKIE_SECURE is on', async () => {
    const secure = await createTestApp({ config: { cookieSecure: true } });
    try {
      const response = await request(secure.app, {
        method: 'POST',
        url: '/connexion',
        ...form({ email: DEMO.visitor, password: 'salon-demo' }),
      });
      expect(response.cookies.find((c) => c.name === 'salon_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('gives a new session token at each login (no fixation)', async () => {
    const first = await login(t.app, DEMO.visitor);
    const f = form({ email: DEMO.visitor, password: 'salon-demo' });
    const again = await request(t.app, { method: 'POST', url: '/connexion', payload: f.payload, headers: { ...f.headers, cookie: first } });
    expect(again.statusCode).toBe(303);
    expect(sessionCookieOf(again)).not.toBe(first);
    // The old token is gone.
    const old = await request(t.app, { method: 'GET', url: '/profil', headers: { cookie: first } });
    expect(old.statusCode).toBe(303);
  });
});

describe('POST /inscription', () => {
  const valid = { email: 'new.visitor@example.org', password: 'long-enough', firstname: 'Ada', lastname: 'Lovelace' };

  it('creates a visitor account, logs it in and sends it to the room', async () => {
    const response = await request(t.app, { method: 'POST', url: '/inscription', ...form(valid) });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/salon`);
    const profile = await request(t.app, { method: 'GET', url: '/profil', headers: { cookie: sessionCookieOf(response) } });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('new.visitor@example.org');
  });

  it('shows each invalid field with its message and 400', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/inscription',
      ...form({ email: 'not-an-email', password: 'short', firstname: '', lastname: 'L' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The email format is incorrect');
    expect(response.body).toContain('The password must be at least 8 characters long');
    expect(response.body).toContain('This field is required');
    // What was typed is kept, except the password.
    expect(response.body).toContain('value="not-an-email"');
    expect(response.body).not.toContain('value="short"');
  });

  it('refuses control and direction-override characters in the names, and blank names; stores names normalised', async () => {
    for (const firstname of ['Ada\u0000', 'Ada\u202Eecalevol', 'Ada\nLovelace']) {
      const refused = await request(t.app, {
        method: 'POST',
        url: '/inscription',
        ...form({ ...valid, email: 'ctl@example.org', firstname }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('This field contains characters that are not allowed');
    }
    const blank = await request(t.app, {
      method: 'POST',
      url: '/inscription',
      ...form({ ...valid, email: 'blank@example.org', lastname: '   ' }),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('This field is required');
    expect(
      await t.database.db.selectFrom('users').select('id').where('email', 'in', ['ctl@example.org', 'blank@example.org']).execute(),
    ).toEqual([]);

    const ok = await request(t.app, {
      method: 'POST',
      url: '/inscription',
      ...form({ ...valid, email: 'spaced@example.org', firstname: '  Ade\u0301le  ', lastname: 'de   la Tour ' }),
    });
    expect(ok.statusCode).toBe(303);
    const row = await t.database.db
      .selectFrom('users')
      .select(['firstname', 'lastname'])
      .where('email', '=', 'spaced@example.org')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firstname: 'Ad\u00e9le', lastname: 'de la Tour' });
  });

  it('refuses an email that already has an account', async () => {
    const response = await request(t.app, { method: 'POST', url: '/inscription', ...form({ ...valid, email: DEMO.visitor }) });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('An account already exists with this address.');
  });

  it('turns the anonymous visitor into the new account, keeping its id', async () => {
    const room = await request(t.app, { method: 'GET', url: '/salon' });
    const anonymous = sessionCookieOf(room);
    const before = await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie: anonymous } });
    const f = form({ ...valid, email: 'was.anonymous@example.org' });
    const response = await request(t.app, {
      method: 'POST',
      url: '/inscription',
      payload: f.payload,
      headers: { ...f.headers, cookie: anonymous },
    });
    expect(response.statusCode).toBe(303);
    const after = await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie: sessionCookieOf(response) } });
    expect(after.json().data.user).toMatchObject({
      id_user: before.json().data.user.id_user,
      anonymous: false,
      email: 'was.anonymous@example.org',
    });
  });
});

describe('an anonymous visitor on the login page', () => {
  it('is named "Anonymous visitor", without a raw id', async () => {
    const anonymous = await anonymousCookie(t.app);
    const me = (await request(t.app, { method: 'GET', url: '/api/users/me', headers: { cookie: anonymous } })).json().data.user;
    const page = await request(t.app, { method: 'GET', url: '/connexion', headers: { cookie: anonymous } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Anonymous visitor');
    expect(page.body).not.toContain(me.obfuscated_id);
    expect(me.identifier).toBe('Anonymous visitor');
  });
});

describe('back to the same place in the room (retour)', () => {
  it('keeps ?retour= in both forms, and a login returns there', async () => {
    const page = await request(t.app, { method: 'GET', url: '/connexion?retour=/salon/stand-helios-solaire' });
    expect(page.body.match(/<input type="hidden" name="retour" value="\/salon\/stand-helios-solaire">/g)).toHaveLength(2);
    const response = await request(t.app, {
      method: 'POST',
      url: '/connexion',
      ...form({ email: DEMO.exhibitor, password: 'salon-demo', retour: '/salon/stand-helios-solaire' }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/salon/stand-helios-solaire`);
  });

  it('keeps it when the login fails, so the next try still returns there', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/connexion',
      ...form({ email: DEMO.visitor, password: 'wrong-password', retour: '/salon/plan' }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('<input type="hidden" name="retour" value="/salon/plan">');
  });

  it('sends a new account back to the place it came from', async () => {
    const anonymous = sessionCookieOf(await request(t.app, { method: 'GET', url: '/salon' }));
    const fields = form({
      email: 'retour@salon.test',
      password: 'long-enough-1',
      firstname: 'Rémi',
      lastname: 'Retour',
      retour: '/salon/conference',
    });
    const response = await request(t.app, {
      method: 'POST',
      url: '/inscription',
      ...fields,
      headers: { ...fields.headers, cookie: anonymous },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/salon/conference`);
  });

  it.each(['https://evil.example/salon', '//evil.example', '/admin', '/salon/../admin', '/salon\\x', '/salon/%2F%2Fevil', ' /salon'])(
    'ignores a retour that is not a place in the room (%s)',
    async (retour) => {
      const page = await request(t.app, { method: 'GET', url: `/connexion?retour=${encodeURIComponent(retour)}` });
      expect(page.body).not.toContain('name="retour"');
      const response = await request(t.app, {
        method: 'POST',
        url: '/connexion',
        ...form({ email: DEMO.visitor, password: 'salon-demo', retour }),
      });
      expect(response.headers.location).toBe(`${ORIGIN}/salon`);
    },
  );
});

describe('/deconnexion', () => {
  it('ends the session and redirects home', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const response = await request(t.app, { method: 'GET', url: '/deconnexion', headers: { cookie } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/`);
    expect(response.cookies.find((c) => c.name === 'salon_session')?.value).toBe('');
    const profile = await request(t.app, { method: 'GET', url: '/profil', headers: { cookie } });
    expect(profile.statusCode).toBe(303);
  });
});

describe('GET /', () => {
  it('offers login, registration and an anonymous entry', async () => {
    const response = await request(t.app, { method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`action="${ORIGIN}/connexion"`);
    expect(response.body).toContain(`action="${ORIGIN}/inscription"`);
    expect(response.body).toContain(`href="${ORIGIN}/salon"`);
  });
});
