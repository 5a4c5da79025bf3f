import { describe, expect, it } from '@jest/globals';
import { countRows, useTestApp } from './helpers';
import { DEMO, anonymousCookie, login } from './accounts';
import { ORIGIN, XHR, form, request } from './http';

const t = useTestApp();

const validProfile = {
  pseudo: 'lea',
  firstname: 'Léa',
  lastname: 'Moreau',
  contact_email: 'lea@example.org',
  mobile: '+33 6 12 34 56 78',
  postal_code: '69003',
  city: 'Lyon',
  birthdate: '1990-05-17',
  linkedin: 'https://www.linkedin.com/in/lea',
  publish_firstname: '1',
  publish_city: '1',
};

async function postProfile(cookie: string, fields: Record<string, string>) {
  const f = form(fields);
  return request(t.app, { method: 'POST', url: '/profil', payload: f.payload, headers: { ...f.headers, cookie } });
}

describe('/profil', () => {
  it('shows the form with the stored values', async () => {
    const response = await request(t.app, { method: 'GET', url: '/profil', headers: { cookie: await login(t.app, DEMO.visitor) } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('value="Lyon"');
    expect(response.body).toContain(`action="${ORIGIN}/profil"`);
  });

  it('offers the video link’s publication to exhibitors only (the field they fill); "Account email:" in each language’s typography', async () => {
    const page = async (email: string, language: string) =>
      (await request(t.app, { method: 'GET', url: '/profil', headers: { cookie: await login(t.app, email), 'accept-language': language } }))
        .body;
    const visitor = await page(DEMO.visitor, 'en');
    expect(visitor).toContain('name="publish_city"');
    expect(visitor).not.toContain('name="publish_visio_link"');
    expect(visitor).not.toContain('Video link');
    expect(visitor).toContain('<p>Account email: <strong>');
    expect(await page(DEMO.visitor, 'fr')).toContain('<p>E-mail du compte : <strong>');
    expect(await page(DEMO.exhibitor, 'en')).toContain('name="publish_visio_link"');
  });

  it('shows each invalid field next to it, keeps the typed values and answers 400', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const response = await postProfile(cookie, {
      ...validProfile,
      contact_email: 'lea-at-example',
      postal_code: '69OO3',
      mobile: 'call me',
      birthdate: '17/05/1990',
    });
    expect(response.statusCode).toBe(400);
    const errorOf = (field: string) => new RegExp(`<p class="error" id="profile-${field}-error">([^<]*)</p>`).exec(response.body)?.[1];
    expect(errorOf('contact_email')).toBe('The email format is incorrect');
    expect(errorOf('postal_code')).toBe('A numeric format is expected');
    expect(errorOf('mobile')).toBe('The number format is incorrect');
    expect(errorOf('birthdate')).toBe('Expected a date as YYYY-MM-DD');
    expect(errorOf('city')).toBeUndefined();
    expect(response.body).toContain('value="69OO3"');
    const stored = await t.database.db
      .selectFrom('users')
      .select('postal_code')
      .where('email', '=', DEMO.visitor)
      .executeTakeFirstOrThrow();
    expect(stored.postal_code).toBe('69002');
  });

  it('refuses a birthdate that does not exist or is in the future, as the visitor forms do', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const errorOf = (body: string) => /<p class="error" id="profile-birthdate-error">([^<]*)<\/p>/.exec(body)?.[1];
    const noSuchDate = await postProfile(cookie, { ...validProfile, birthdate: '1990-02-30' });
    expect(noSuchDate.statusCode).toBe(400);
    expect(errorOf(noSuchDate.body)).toBe('This date does not exist');
    const future = await postProfile(cookie, { ...validProfile, birthdate: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future.body)).toBe('The date cannot be in the future');
    const stored = await t.database.db.selectFrom('users').select('birthdate').where('email', '=', DEMO.visitor).executeTakeFirstOrThrow();
    expect(['1990-02-30', '2999-01-01']).not.toContain(stored.birthdate);
    // PUT /api/users/me: the same rule, in the request's language.
    const api = await request(t.app, {
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...XHR, cookie, 'accept-language': 'fr' },
      payload: { birthdate: '2023-02-29' },
    });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ data: { error: true, formErrors: { birthdate: "Cette date n'existe pas" } } });
    const leap = await request(t.app, {
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...XHR, cookie },
      payload: { birthdate: '2024-02-29' },
    });
    expect(leap.statusCode).toBe(200);
  });

  it('gives the spec’s French messages to a French user', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const f = form({ ...validProfile, contact_email: 'nope', postal_code: 'abc' });
    const response = await request(t.app, {
      method: 'POST',
      url: '/profil',
      payload: f.payload,
      headers: { ...f.headers, cookie, 'accept-language': 'fr' },
    });
    expect(response.body).toContain('Le format de l&#39;email est incorrect');
    expect(response.body).toContain('Un format numérique est attendu');
  });

  it('saves, redirects back with 303 and stores the publication flags', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const response = await postProfile(cookie, validProfile);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/profil?saved=1`);
    const row = await t.database.db.selectFrom('users').selectAll().where('email', '=', DEMO.visitor).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ postal_code: '69003', mobile: '+33 6 12 34 56 78', birthdate: '1990-05-17', pseudo: 'lea' });
    expect(JSON.parse(row.fields_param)).toMatchObject({ firstname: '0', city: '0', lastname: '1', mobile: '1' });
    const after = await request(t.app, { method: 'GET', url: '/profil?saved=1', headers: { cookie } });
    expect(after.body).toContain('Your profile has been saved.');
  });

  it('clears a field left empty', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    expect((await postProfile(cookie, { ...validProfile, linkedin: '' })).statusCode).toBe(303);
    const row = await t.database.db.selectFrom('users').select('linkedin').where('email', '=', DEMO.visitor2).executeTakeFirstOrThrow();
    expect(row.linkedin).toBeNull();
  });

  it('is not for anonymous visitors, and needs a session', async () => {
    const anonymous = await anonymousCookie(t.app);
    expect((await postProfile(anonymous, validProfile)).statusCode).toBe(403);
    const f = form(validProfile);
    expect((await request(t.app, { method: 'POST', url: '/profil', payload: f.payload, headers: f.headers })).statusCode).toBe(303);
  });

  it('refuses a cross-origin post', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const f = form(validProfile);
    const response = await request(t.app, {
      method: 'POST',
      url: '/profil',
      payload: f.payload,
      headers: { ...f.headers, cookie, origin: 'http://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets an exhibitor unpublish their whole profile', async () => {
    const cookie = await login(t.app, DEMO.exhibitor2);
    expect((await postProfile(cookie, { ...validProfile })).statusCode).toBe(303);
    const row = await t.database.db.selectFrom('users').select('hidden').where('email', '=', DEMO.exhibitor2).executeTakeFirstOrThrow();
    expect(row.hidden).toBe(1);
  });
});

describe('POST /contact', () => {
  const json = (payload: unknown, cookie?: string) =>
    request(t.app, {
      method: 'POST',
      url: '/contact',
      payload: JSON.stringify(payload),
      headers: { ...XHR, 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const contactCount = () => countRows(t, 'contact_requests');

  it('requires the email when the visitor is not authenticated, and a message', async () => {
    const response = await json({ subject: 'question', message: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 400,
      data: {
        error: true,
        message: 'The form has errors.',
        formErrors: { email: 'This field is required', message: 'This field is required' },
      },
    });
  });

  it('checks the email format and the subject', async () => {
    const body = (await json({ email: 'nope', subject: 'spam', message: 'Hello' })).json();
    expect(body.statusCode).toBe(400);
    expect(body.data.formErrors).toEqual({ email: 'The email format is incorrect', subject: 'Invalid choice' });
  });

  it('stores the request of an anonymous visitor who gives an email', async () => {
    const before = await contactCount();
    const response = await json(
      { email: 'someone@example.org', subject: 'edit_delete', message: 'Please delete my data.' },
      await anonymousCookie(t.app),
    );
    expect(response.json()).toEqual({ statusCode: 200, data: { error: false, message: 'Your message has been sent to the organizer.' } });
    expect(await contactCount()).toBe(before + 1);
    const row = await t.database.db.selectFrom('contact_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'someone@example.org', subject: 'edit_delete', message: 'Please delete my data.' });
  });

  it('does not need the email of an authenticated user', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const response = await json({ subject: 'question', message: 'Where is the conference room?' }, cookie);
    expect(response.json().data.error).toBe(false);
    const row = await t.database.db.selectFrom('contact_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.email).toBe(DEMO.visitor);
  });

  it('accepts the urlencoded form and answers it with the page', async () => {
    const response = await request(t.app, {
      method: 'POST',
      url: '/contact',
      ...form({ email: 'a@example.org', subject: 'question', message: 'Hi' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Your message has been sent to the organizer.');
    const invalid = await request(t.app, { method: 'POST', url: '/contact', ...form({ subject: 'question', message: '' }) });
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses cross-origin posts and answers malformed JSON with 400', async () => {
    const cross = await request(t.app, {
      method: 'POST',
      url: '/contact',
      payload: '{}',
      headers: { ...XHR, 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toMatchObject({ statusCode: 403, data: { error: true } });
    const malformed = await request(t.app, {
      method: 'POST',
      url: '/contact',
      payload: '{"subject":',
      headers: { ...XHR, 'content-type': 'application/json', origin: ORIGIN },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, data: { error: true } });
  });
});
