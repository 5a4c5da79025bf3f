import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSENTS } from '@salon/shared/contracts/consents';
import { setParameter } from '../../host-shell/server/services/settings';
import { countRows, createTestApp, standBySlug, type TestApp } from './helpers';
import { CONTACT, OFFER } from './stand-forms';
import { DEMO, anonymousCookie, login, userIdByEmail } from './accounts';
import { ORIGIN, XHR, request } from './http';
import { pageDataOf } from './markup';

let t: TestApp;
let visitor: string;
let solaire: { id: number; key: string };
let nordic: { id: number; key: string };
let stockage: { id: number; key: string };

beforeAll(async () => {
  t = await createTestApp();
  visitor = await login(t.app, DEMO.visitor);
  solaire = await standBySlug(t, 'stand-helios-solaire');
  stockage = await standBySlug(t, 'stand-helios-stockage');
  nordic = await standBySlug(t, 'stand-nordic-robotics');
}, 30_000);
afterAll(async () => {
  await t.close();
});

/** The language cookie wins over the user's stored choice and Accept-Language. */
const fr = (cookie: string) => `${cookie}; salon_locale=fr_FR`;
const en = (cookie: string) => `${cookie}; salon_locale=en_EN`;

function post(url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return request(t.app, {
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { ...XHR, 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
  });
}

/** A multipart body, as the browser's FormData sends it. */
function multipart(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = '----salon-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function postMultipart(url: string, fields: Record<string, string>, cookie: string, headers: Record<string, string> = {}) {
  const body = multipart(fields);
  return request(t.app, {
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...XHR, ...body.headers, origin: ORIGIN, cookie, ...headers },
  });
}

const latestLead = () => t.database.db.selectFrom('leads').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
const leadCount = () => countRows(t, 'leads');

describe('POST /api/stands/{id}/requestContact', () => {
  it('stores the lead with its consents, wording language and stand, and answers the spec success text', async () => {
    const response = await post(`/api/stands/${solaire.key}/requestContact`, { ...CONTACT, optin_marketing: true }, visitor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { error: false, message: 'The request has been sent successfully, you will be contacted very soon.' },
    });
    const lead = await latestLead();
    expect(lead).toMatchObject({
      kind: 'contact_request',
      stand_id: solaire.id,
      firstname: 'Léa',
      email: 'lea@example.org',
      postal_code: '69003',
      city: 'Lyon',
      wording_locale: 'en_EN',
    });
    expect(lead.user_id).toBe(await userIdByEmail(t, DEMO.visitor));
    expect(lead.company_id).not.toBeNull();
    expect(lead.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.parse(lead.consents)).toEqual([
      { key: 'data_sharing', version: CONSENTS.data_sharing.version, given: true, wording: CONSENTS.data_sharing.en },
      { key: 'marketing', version: CONSENTS.marketing.version, given: true, wording: CONSENTS.marketing.en },
    ]);
  });

  it('answers in French and stores the French wording for a French request', async () => {
    const response = await post(`/api/stands/${solaire.key}/requestContact`, CONTACT, fr(visitor));
    expect(response.json().data.message).toBe('La demande a bien été envoyée, vous serez recontacté très prochainement.');
    const lead = await latestLead();
    expect(lead.wording_locale).toBe('fr_FR');
    expect(JSON.parse(lead.consents)).toEqual([
      { key: 'data_sharing', version: 1, given: true, wording: CONSENTS.data_sharing.fr },
      { key: 'marketing', version: 1, given: false, wording: CONSENTS.marketing.fr },
    ]);
  });

  it('takes the wording language the form says it showed', async () => {
    await post(`/api/stands/${solaire.key}/requestContact`, { ...CONTACT, locale: 'fr_FR' }, visitor);
    expect((await latestLead()).wording_locale).toBe('fr_FR');
  });

  it('records no marketing consent where the stand has no marketing opt-in, even if sent', async () => {
    await post(`/api/stands/${nordic.key}/requestContact`, { ...CONTACT, optin_marketing: true }, visitor);
    const lead = await latestLead();
    expect(lead.stand_id).toBe(nordic.id);
    expect(JSON.parse(lead.consents).map((c: { key: string }) => c.key)).toEqual(['data_sharing']);
  });

  it('follows the global stands_optin_marketing for a stand without its own value', async () => {
    await post(`/api/stands/${stockage.key}/requestContact`, { ...CONTACT, optin_marketing: true }, visitor);
    expect(JSON.parse((await latestLead()).consents).map((c: { key: string; given: boolean }) => [c.key, c.given])).toEqual([
      ['data_sharing', true],
      ['marketing', true],
    ]);
  });

  it('accepts multipart form data', async () => {
    const response = await postMultipart(
      `/api/stands/${solaire.key}/requestContact`,
      { ...CONTACT, data_sharing: '1', optin_marketing: 'on' },
      visitor,
    );
    expect(response.statusCode).toBe(200);
    expect(JSON.parse((await latestLead()).consents)).toMatchObject([
      { key: 'data_sharing', given: true },
      { key: 'marketing', given: true },
    ]);
  });

  it('accepts an anonymous visitor (they have a session) and refuses a caller without one', async () => {
    expect((await post(`/api/stands/${solaire.key}/requestContact`, CONTACT, await anonymousCookie(t.app))).statusCode).toBe(200);
    expect((await post(`/api/stands/${solaire.key}/requestContact`, CONTACT)).statusCode).toBe(401);
  });

  it.each([
    {
      language: 'English',
      cookie: () => visitor,
      message: 'The form has errors.',
      required: 'This field is required',
      email: 'The email format is incorrect',
      phone: 'The number format is incorrect',
      postalCode: 'A numeric format is expected',
      consent: 'You must give your consent to send this request',
    },
    {
      language: 'French',
      cookie: () => fr(visitor),
      message: 'Le formulaire contient des erreurs.',
      required: 'Ce champ est obligatoire',
      email: "Le format de l'email est incorrect",
      phone: 'Le format du numéro est incorrect',
      postalCode: 'Un format numérique est attendu',
      consent: 'Vous devez donner votre accord pour envoyer cette demande',
    },
  ])('gives each field the spec message in $language', async (texts) => {
    const before = await leadCount();
    const response = await post(
      `/api/stands/${solaire.key}/requestContact`,
      { email: 'lea-at-example', phone: 'call me', postal_code: '69OO3' },
      texts.cookie(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      data: {
        error: true,
        message: texts.message,
        formErrors: {
          firstname: texts.required,
          lastname: texts.required,
          email: texts.email,
          phone: texts.phone,
          postal_code: texts.postalCode,
          city: texts.required,
          data_sharing: texts.consent,
        },
      },
    });
    expect(await leadCount()).toBe(before);
  });

  it('refuses unknown fields and wrong types after the field rules', async () => {
    const unknown = await post(`/api/stands/${solaire.key}/requestContact`, { ...CONTACT, is_admin: true }, visitor);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.message).toContain('"is_admin" is not an accepted field');
    expect((await post(`/api/stands/${solaire.key}/requestContact`, { ...CONTACT, city: ['Lyon'] }, visitor)).statusCode).toBe(400);
  });

  it('is a 404 for an unknown or malformed stand, and without a stand id', async () => {
    const unknown = await post('/api/stands/zzzzzzzz/requestContact', CONTACT, visitor);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().data.message).toBe('Unknown stand: "zzzzzzzz" is not a stand id');
    expect((await post('/api/stands//requestContact', CONTACT, visitor)).statusCode).toBe(404);
  });

  it('refuses a cross-origin post and one without X-Requested-With', async () => {
    expect((await post(`/api/stands/${solaire.key}/requestContact`, CONTACT, visitor, { origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
    const noXhr = await request(t.app, {
      method: 'POST',
      url: `/api/stands/${solaire.key}/requestContact`,
      payload: JSON.stringify(CONTACT),
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: visitor },
    });
    expect(noXhr.statusCode).toBe(403);
  });

  it('refuses a file in the form data', async () => {
    const boundary = 'b0undary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="firstname"\r\n\r\nLéa\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`;
    const response = await request(t.app, {
      method: 'POST',
      url: `/api/stands/${solaire.key}/requestContact`,
      payload,
      headers: { ...XHR, origin: ORIGIN, cookie: visitor, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('POST /api/stands/{id}/requestForminfo', () => {
  const offer = {
    ...OFFER,
    code_apporteur: 'AP42',
    comments: 'Le matin',
    standName: 'Helios Solaire',
  };

  it('stores the offer lead with its subject, code and comments', async () => {
    const response = await post(`/api/stands/${solaire.key}/requestForminfo`, { ...offer, optin_marketing: false }, visitor);
    expect(response.json()).toEqual({
      data: { error: false, message: 'The request has been sent successfully, you will be contacted very soon.' },
    });
    const lead = await latestLead();
    expect(lead).toMatchObject({
      kind: 'offer_form',
      stand_id: solaire.id,
      birthdate: '1985-02-03',
      subject: 'Offre_Printemps',
      code_apporteur: 'AP42',
      comments: 'Le matin',
      email: null,
    });
    expect(JSON.parse(lead.consents)).toEqual([
      { key: 'opt_in', version: 1, given: true, wording: CONSENTS.opt_in.en },
      { key: 'marketing', version: 1, given: false, wording: CONSENTS.marketing.en },
    ]);
  });

  it('leaves the marketing consent out when the box was not shown', async () => {
    await post(`/api/stands/${solaire.key}/requestForminfo`, offer, visitor);
    expect(JSON.parse((await latestLead()).consents).map((c: { key: string }) => c.key)).toEqual(['opt_in']);
  });

  it("records the marketing consent only where the stand's opt-in shows the box (its own value, else the global one), even if sent", async () => {
    const marketing = async (stand: string) => {
      expect((await post(`/api/stands/${stand}/requestForminfo`, { ...offer, optin_marketing: true }, visitor)).statusCode).toBe(200);
      return JSON.parse((await latestLead()).consents).map((c: { key: string; given: boolean }) => [c.key, c.given]);
    };
    // Nordic Robotics: optin_marketing 0, so the box was never shown.
    expect(await marketing(nordic.key)).toEqual([['opt_in', true]]);
    // Helios Stockage: no value of its own, the demo's stands_optin_marketing is on.
    expect(await marketing(stockage.key)).toEqual([
      ['opt_in', true],
      ['marketing', true],
    ]);
    await setParameter(t.database.db, 'stands_optin_marketing', false);
    t.app.parameters.invalidate();
    try {
      expect(await marketing(stockage.key)).toEqual([['opt_in', true]]);
      // Helios Solaire's own opt-in (1) wins over the global one.
      expect(await marketing(solaire.key)).toEqual([
        ['opt_in', true],
        ['marketing', true],
      ]);
    } finally {
      await setParameter(t.database.db, 'stands_optin_marketing', true);
      t.app.parameters.invalidate();
    }
  });

  it('checks the required fields, the birthdate, the optional email and the opt-in, in both languages', async () => {
    const en = await post(`/api/stands/${solaire.key}/requestForminfo`, { email: 'nope', birthdate: '03/02/1985', phone: '12' }, visitor);
    expect(en.statusCode).toBe(400);
    expect(en.json().data.formErrors).toEqual({
      firstname: 'This field is required',
      lastname: 'This field is required',
      birthdate: 'Expected a date as YYYY-MM-DD',
      phone: 'The number format is incorrect',
      email: 'The email format is incorrect',
      opt_in: 'You must give your consent to send this request',
    });
    const french = await post(`/api/stands/${solaire.key}/requestForminfo`, { ...offer, opt_in: false, email: 'nope' }, fr(visitor));
    expect(french.json().data.formErrors).toEqual({
      email: "Le format de l'email est incorrect",
      opt_in: 'Vous devez donner votre accord pour envoyer cette demande',
    });
  });

  it('refuses a birthdate that does not exist or is in the future, in both languages, and stores nothing', async () => {
    const before = await leadCount();
    const impossible = await post(`/api/stands/${solaire.key}/requestForminfo`, { ...offer, birthdate: '2024-02-31' }, visitor);
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toEqual({
      data: { error: true, message: 'The form has errors.', formErrors: { birthdate: 'This date does not exist' } },
    });
    const french = await post(`/api/stands/${solaire.key}/requestForminfo`, { ...offer, birthdate: '2023-02-29' }, fr(visitor));
    expect(french.json().data.formErrors).toEqual({ birthdate: "Cette date n'existe pas" });
    const future = await post(`/api/stands/${solaire.key}/requestForminfo`, { ...offer, birthdate: '2999-01-01' }, visitor);
    expect(future.json().data.formErrors).toEqual({ birthdate: 'The date cannot be in the future' });
    expect(
      (await post(`/api/stands/${solaire.key}/requestForminfo`, { ...offer, birthdate: '2999-01-01' }, fr(visitor))).json().data.formErrors,
    ).toEqual({
      birthdate: 'La date ne peut pas être dans le futur',
    });
    expect(await leadCount()).toBe(before);
    expect((await post(`/api/stands/${solaire.key}/requestForminfo`, { ...offer, birthdate: '2000-02-29' }, visitor)).statusCode).toBe(200);
  });

  it('is a 404 for an unknown stand', async () => {
    expect((await post('/api/stands/zzzzzzzz/requestForminfo', offer, visitor)).statusCode).toBe(404);
  });
});

describe('POST /api/concours/{contest_name}', () => {
  const entry = {
    firstname: 'Léa',
    lastname: 'Moreau',
    email: 'lea@example.org',
    mobile: '0612345678',
    contest_rules: '1',
    data: '1',
    marketing: '1',
    score: '4',
  };
  const entriesOf = async (contest: string) =>
    (await t.database.db.selectFrom('leads').select('id').where('contest_name', '=', contest).execute()).length;

  beforeAll(async () => {
    await setParameter(t.database.db, 'contests', ['default', 'printemps', 'Ete', 'course', 'erreurs', 'jeu', 'bornes', 'schema']);
    t.app.parameters.invalidate();
  });

  it('records one entry per visitor and contest; the second is contest_participation.already', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const enteredOnPage = async () =>
      pageDataOf((await request(t.app, { method: 'GET', url: '/salon', headers: { cookie } })).body).contests_entered;
    expect(await enteredOnPage()).not.toContain('printemps');
    const first = await postMultipart('/api/concours/printemps', entry, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ statusCode: 200, data: { error: false, message: 'Your participation has been recorded.' } });
    const lead = await latestLead();
    expect(lead).toMatchObject({ kind: 'contest', stand_id: null, contest_name: 'printemps', score: 4, phone: '0612345678' });
    expect(JSON.parse(lead.consents).map((c: { key: string; given: boolean }) => [c.key, c.given])).toEqual([
      ['contest_rules', true],
      ['privacy', true],
      ['marketing', true],
    ]);
    const again = await postMultipart('/api/concours/printemps', entry, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      statusCode: 409,
      data: { error: true, data: 'contest_participation.already', message: 'Your participation has already been recorded.' },
    });
    const french = await postMultipart('/api/concours/printemps', entry, fr(cookie));
    expect(french.json().data.message).toBe('Votre participation a déjà été enregistrée.');
    // Another contest is another entry, under the name the salon gives it.
    expect((await postMultipart('/api/concours/ete', entry, cookie)).json().statusCode).toBe(200);
    expect((await latestLead()).contest_name).toBe('Ete');
    // The room knows it before the next game: its page data names the contests entered.
    expect(await enteredOnPage()).toEqual(expect.arrayContaining(['printemps', 'Ete']));
    expect(pageDataOf((await request(t.app, { method: 'GET', url: '/salon' })).body).contests_entered).toEqual([]);
  });

  it("takes the salon's contests only, in any case: another spelling of a contest is the same contest", async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const before = await leadCount();
    expect((await post('/api/concours/DEFAULT', entry, cookie)).json()).toEqual({
      statusCode: 200,
      data: { error: false, message: 'Your participation has been recorded.' },
    });
    expect((await latestLead()).contest_name).toBe('default');
    for (const url of ['/api/concours/default', '/api/concours/Default', '/api/concours']) {
      expect([url, (await post(url, entry, cookie)).json()]).toEqual([
        url,
        {
          statusCode: 409,
          data: { error: true, data: 'contest_participation.already', message: 'Your participation has already been recorded.' },
        },
      ]);
    }
    expect(await leadCount()).toBe(before + 1);
  });

  it('answers a contest the salon does not have with a 404 that says so, and stores nothing', async () => {
    const before = await leadCount();
    const unknown = await post('/api/concours/anything', entry, en(visitor));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      statusCode: 404,
      data: { error: true, message: 'Unknown contest: "anything". This salon has no contest of that name.' },
    });
    const french = await post('/api/concours/autre', entry, fr(visitor));
    expect(french.json().data.message).toBe("Jeu concours inconnu : « autre ». Ce salon n'a pas de jeu concours de ce nom.");
    expect(await leadCount()).toBe(before);
    expect(await entriesOf('anything')).toBe(0);
  });

  it("follows the contests parameter: by default only 'default' (spec §9)", async () => {
    const fresh = await createTestApp();
    try {
      const cookie = await login(fresh.app, DEMO.visitor);
      const send = (url: string) =>
        request(fresh.app, {
          method: 'POST',
          url,
          payload: JSON.stringify(entry),
          headers: { ...XHR, 'content-type': 'application/json', origin: ORIGIN, cookie },
        });
      expect((await send('/api/concours/printemps')).statusCode).toBe(404);
      expect((await send('/api/concours')).json().statusCode).toBe(200);
      expect((await fresh.app.parameters.get()).contests).toEqual(['default']);
      // A stored list keeps the names a path can spell, each once whatever its case.
      await setParameter(fresh.database.db, 'contests', [
        'Printemps',
        'PRINTEMPS',
        'bad name',
        'x'.repeat(65),
        5,
        'ete',
      ] as unknown as string[]);
      fresh.app.parameters.invalidate();
      expect((await fresh.app.parameters.get()).contests).toEqual(['Printemps', 'ete']);
      expect((await send('/api/concours/printemps')).json().statusCode).toBe(200);
      expect((await send('/api/concours')).statusCode).toBe(404);
    } finally {
      await fresh.close();
    }
  });

  it("answers the schema's refusals in the same 200 + statusCode 400 shape: a wrong type under its field, an unknown field in the message", async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const before = await leadCount();
    const wrongType = await post('/api/concours/schema', { ...entry, firstname: 5 }, en(cookie));
    expect(wrongType.statusCode).toBe(200);
    expect(wrongType.json()).toEqual({
      statusCode: 400,
      data: { error: true, message: 'The form has errors.', formErrors: { firstname: 'Invalid value' } },
    });
    const unknown = await post('/api/concours/schema', { ...entry, foo: 1 }, en(cookie));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({
      statusCode: 400,
      data: { error: true, message: 'The form has errors. "foo" is not a field of this form.' },
    });
    const french = await post('/api/concours/schema', { ...entry, foo: 1, firstname: 5 }, fr(cookie));
    expect(french.json()).toEqual({
      statusCode: 400,
      data: {
        error: true,
        message: "Le formulaire contient des erreurs. « foo » n'est pas un champ de ce formulaire.",
        formErrors: { firstname: 'Valeur invalide' },
      },
    });
    expect(await leadCount()).toBe(before);
    // Malformed JSON is not a form's answer: it keeps its HTTP status.
    const malformed = await request(t.app, {
      method: 'POST',
      url: '/api/concours/schema',
      payload: '{"firstname":',
      headers: { ...XHR, 'content-type': 'application/json', origin: ORIGIN, cookie },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('keeps one entry when two submits race', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/concours/course', entry, cookie)));
    expect(answers.map((a) => a.json().statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.db.selectFrom('leads').select('id').where('contest_name', '=', 'course').execute();
    expect(rows).toHaveLength(1);
  });

  it("uses 'default' without a name", async () => {
    const cookie = await login(t.app, DEMO.visitor);
    expect((await post('/api/concours', entry, cookie)).json().statusCode).toBe(200);
    expect((await latestLead()).contest_name).toBe('default');
  });

  it('gives field errors under each field, with the spec texts (English and French)', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    const en = await post('/api/concours/erreurs', { email: 'nope', mobile: 'x', score: 'four' }, cookie);
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({
      statusCode: 400,
      data: {
        error: true,
        message: 'The form has errors.',
        formErrors: {
          firstname: 'This field is required',
          lastname: 'This field is required',
          email: 'The email format is incorrect',
          mobile: 'The number format is incorrect',
          contest_rules: 'You must accept the contest rules',
          data: 'You must accept the privacy policy',
          score: 'The score must be a number',
        },
      },
    });
    const french = await post('/api/concours/erreurs', { ...entry, contest_rules: '', data: '0' }, fr(cookie));
    expect(french.json().data.formErrors).toEqual({
      contest_rules: 'Vous devez accepter le règlement du jeu',
      data: 'Vous devez accepter la politique de confidentialité',
    });
  });

  it('is for registered visitors only (403 with the spec text)', async () => {
    for (const email of [DEMO.exhibitor, DEMO.promoter, DEMO.admin]) {
      const response = await post('/api/concours/printemps', entry, en(await login(t.app, email)));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        statusCode: 403,
        data: { error: true, message: 'You are not allowed to participate at the game' },
      });
    }
    const anonymous = await post('/api/concours/printemps', entry, fr(await anonymousCookie(t.app)));
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().data.message).toBe("Vous n'êtes pas autorisé à participer au jeu concours.");
  });

  it('takes the last game score when the form sends none', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    await post('/api/contest/participation', { score: 3 }, cookie);
    await post('/api/contest/participation', { score: 5 }, cookie);
    const { score: _score, ...noScore } = entry;
    await post('/api/concours/jeu', noScore, cookie);
    expect((await latestLead()).score).toBe(5);
  });

  it('takes a whole score from 0 to 5: anything else is a field error in the answer (HTTP 200), and no entry', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const before = await leadCount();
    for (const score of [1e308, -5, 2.5, '6']) {
      const response = await post('/api/concours/bornes', { ...entry, score }, en(cookie));
      expect([score, response.statusCode, response.json()]).toEqual([
        score,
        200,
        {
          statusCode: 400,
          data: { error: true, message: 'The form has errors.', formErrors: { score: 'The score must be a whole number from 0 to 5' } },
        },
      ]);
    }
    expect(await leadCount()).toBe(before);
  });

  it('refuses a malformed contest name', async () => {
    const response = await post('/api/concours/no%20spaces', entry, visitor);
    expect(response.statusCode).toBe(400);
    expect(response.json().statusCode).toBe(400);
  });
});

describe('POST /api/contest/participation', () => {
  it('stores the score of a visitor', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const response = await post('/api/contest/participation', { score: 4 }, cookie);
    expect(response.json()).toEqual({ data: { error: false, message: 'Your score has been recorded.' } });
    const row = await t.database.db.selectFrom('contest_scores').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: await userIdByEmail(t, DEMO.visitor2), score: 4 });
  });

  it('takes a whole score from 0 to 5 (a number, or its text in form data); anything else is a field error and stores nothing', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const scores = async () =>
      (
        await t.database.db
          .selectFrom('contest_scores')
          .select('score')
          .where('user_id', '=', await userIdByEmail(t, DEMO.visitor2))
          .orderBy('id')
          .execute()
      ).map((r) => r.score);
    const before = await scores();
    for (const score of [1e308, -1e9, -5, 6, 2.5, '2.5']) {
      const response = await post('/api/contest/participation', { score }, en(cookie));
      expect([score, response.statusCode, response.json()]).toEqual([
        score,
        400,
        { data: { error: true, message: 'The form has errors.', formErrors: { score: 'The score must be a whole number from 0 to 5' } } },
      ]);
    }
    expect((await post('/api/contest/participation', { score: -1 }, fr(cookie))).json().data.formErrors).toEqual({
      score: 'Le score doit être un nombre entier de 0 à 5',
    });
    expect(await scores()).toEqual(before);
    expect((await post('/api/contest/participation', { score: '3' }, cookie)).statusCode).toBe(200);
    expect((await postMultipart('/api/contest/participation', { score: '0' }, cookie)).statusCode).toBe(200);
    expect(await scores()).toEqual([...before, 3, 0]);
  });

  it('wants a number, and a visitor', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const bad = await post('/api/contest/participation', { score: 'lots' }, fr(cookie));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.formErrors).toEqual({ score: 'Le score doit être un nombre' });
    expect((await post('/api/contest/participation', {}, en(cookie))).json().data.formErrors).toEqual({ score: 'This field is required' });
    const exhibitor = await post('/api/contest/participation', { score: 4 }, en(await login(t.app, DEMO.exhibitor)));
    expect(exhibitor.statusCode).toBe(403);
    expect(exhibitor.json()).toEqual({ data: { error: true, message: 'You are not allowed to participate at the game' } });
  });
});

describe('POST /api/nps', () => {
  it('thanks, stores the opinion and sets the nps cookie for a year', async () => {
    const cookie = await login(t.app, DEMO.visitor2);
    const response = await post('/api/nps', { score: 9, comment: 'Très bien' }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { success: true, message: 'Thanks for your opinion' } });
    const nps = response.cookies.find((c) => c.name === 'nps');
    expect(nps).toMatchObject({ value: '1', maxAge: 31536000, path: '/', sameSite: 'Lax' });
    expect(nps?.httpOnly).toBeFalsy();
    const row = await t.database.db
      .selectFrom('opinions')
      .selectAll()
      .where('user_id', '=', await userIdByEmail(t, DEMO.visitor2))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ score: 9, comment: 'Très bien' });
  });

  it('keeps one opinion per user: a second replaces it', async () => {
    const cookie = await login(t.app, DEMO.visitor);
    await post('/api/nps', { score: 3, comment: 'Bof' }, cookie);
    const french = await post('/api/nps', { score: 0 }, fr(cookie));
    expect(french.json()).toEqual({ data: { success: true, message: 'Merci pour votre avis, celui-ci a bien été pris en compte' } });
    const rows = await t.database.db
      .selectFrom('opinions')
      .selectAll()
      .where('user_id', '=', await userIdByEmail(t, DEMO.visitor))
      .execute();
    expect(rows).toEqual([expect.objectContaining({ score: 0, comment: '' })]);
  });

  it('takes 0 to 10 and a comment of 140 characters at most; anything else is the spec error', async () => {
    const cookie = await anonymousCookie(t.app);
    expect((await post('/api/nps', { score: 10, comment: 'é'.repeat(140) }, cookie)).statusCode).toBe(200);
    const tooLong = await post('/api/nps', { score: 10, comment: 'x'.repeat(141) }, cookie);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      data: {
        success: false,
        error: true,
        message: "Sorry your opinion can't be taken due to an error.",
        formErrors: { comment: 'Too long' },
      },
    });
    expect(tooLong.cookies.find((c) => c.name === 'nps')).toBeUndefined();
    const outOfRange = await post('/api/nps', { score: 11 }, fr(cookie));
    expect(outOfRange.json()).toEqual({
      data: {
        success: false,
        error: true,
        message: "Désolé votre avis ne peut être pris en compte à cause d'une erreur.",
        formErrors: { score: 'Choisissez une note de 0 à 10' },
      },
    });
    expect((await post('/api/nps', { score: 7.5 }, cookie)).statusCode).toBe(400);
    expect((await post('/api/nps', { comment: 'no score' }, cookie)).json().data.formErrors).toEqual({ score: 'This field is required' });
    expect((await post('/api/nps', { score: 5, extra: 1 }, cookie)).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await post('/api/nps', { score: 5 })).statusCode).toBe(401);
  });
});

describe('POST /api/partages', () => {
  it('answers the sharer address of each platform for the salon home page, and records the share', async () => {
    const home = encodeURIComponent(`${ORIGIN}/`);
    const facebook = await post('/api/partages', { platform: 'facebook', title: 'Salon', description: 'd', image: 'i' }, visitor);
    expect(facebook.json()).toEqual({ data: { url: `https://www.facebook.com/sharer/sharer.php?u=${home}` } });
    const linkedin = await post('/api/partages', { platform: 'linkedin' }, visitor);
    expect(linkedin.json().data.url).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${home}`);
    const twitter = await post('/api/partages', { platform: 'twitter', title: 'Venez & voyez' }, visitor);
    expect(twitter.json().data.url).toBe(`https://twitter.com/intent/tweet?url=${home}&text=${encodeURIComponent('Venez & voyez')}`);
    const shares = await t.database.db.selectFrom('shares').selectAll().orderBy('id').execute();
    expect(shares.map((s) => s.platform)).toEqual(['facebook', 'linkedin', 'twitter']);
  });

  it('uses the social title when none is given, and accepts form data', async () => {
    const response = await postMultipart('/api/partages', { platform: 'twitter' }, visitor);
    expect(response.json().data.url).toContain(`&text=${encodeURIComponent('Innovation Fair – the virtual trade show')}`);
  });

  it('needs a session like the other forms (anonymous visitors have one), and records nothing without', async () => {
    const shares = async () => (await t.database.db.selectFrom('shares').select('id').execute()).length;
    const before = await shares();
    const none = await post('/api/partages', { platform: 'facebook' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ data: { error: true, message: 'Not authenticated: open /salon or log in first' } });
    expect(await shares()).toBe(before);
    const anonymous = await post('/api/partages', { platform: 'linkedin' }, await anonymousCookie(t.app));
    expect(anonymous.statusCode).toBe(200);
    expect(await shares()).toBe(before + 1);
  });

  it('refuses an unknown platform with a 400', async () => {
    const response = await post('/api/partages', { platform: 'myspace' }, visitor);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.error).toBe(true);
    expect(response.json().data.message).toContain('"platform" must be one of facebook, linkedin, twitter');
  });
});

describe('the OpenAPI document', () => {
  it('documents the forms and the leads', async () => {
    const doc = (await request(t.app, { method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/stands/{id}/requestContact',
        '/api/stands/{id}/requestForminfo',
        '/api/concours',
        '/api/concours/{contest_name}',
        '/api/contest/participation',
        '/api/nps',
        '/api/partages',
        '/api/stands/{id}/leads',
        '/api/stands/{id}/leads.csv',
        '/api/leads',
        '/api/leads.csv',
      ]),
    );
    expect(
      Object.keys(doc.paths['/api/stands/{id}/requestContact'].post.requestBody.content['application/json'].schema.properties),
    ).toEqual(
      expect.arrayContaining(['firstname', 'lastname', 'email', 'phone', 'postal_code', 'city', 'data_sharing', 'optin_marketing']),
    );
  });
});
