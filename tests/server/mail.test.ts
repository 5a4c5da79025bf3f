/**
 * Outgoing e-mail: the outbox sends through a real SMTP server (the demo's catch-all, started here), with a text and
 * an HTML part in the recipient's language; an unreachable server leaves the e-mail queued with its error, retried
 * later, and shown on the administrators' page; a server refusing it for good fails it with its answer.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startMailCatcher, type MailCatcher } from '../../host-shell/server/services/mail-catcher';
import { mailParts } from '../../host-shell/server/services/mail';
import { retryDelayMs } from '../../host-shell/server/services/mail-outbox';
import { DEFAULT_RATE_LIMITS } from '../../host-shell/server/config';
import { callApi } from './http';
import { CONTACT, LEA } from './stand-forms';
import { anonymousCookie } from './accounts';
import { encodeId } from '../../host-shell/server/lib/ids';
import { emailingProgress, sendEmailing } from '../../host-shell/server/services/emailings';
import { DEMO, ORIGIN, createTestApp, login, request, standBySlug, userIdByEmail, type TestApp } from './helpers';

const form = (fields: Record<string, string>, remoteAddress = '10.7.0.1') => ({
  method: 'POST' as const,
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
  remoteAddress,
});
const SAME_ANSWER = 'If an account uses this address, an e-mail is on its way';

describe('the outbox and the local SMTP server', () => {
  let catcher: MailCatcher;
  let t: TestApp;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp({
      mailCatcher: catcher,
      config: { mailPollMs: 60_000, rateLimits: { ...DEFAULT_RATE_LIMITS, resetPerAddress: { max: 4, windowMs: 60_000 } } },
    });
  }, 30_000);
  afterAll(async () => {
    await t.close();
  });

  it('sends a queued e-mail once, with its text and HTML parts, and lists it as sent', async () => {
    const parts = mailParts({
      greeting: 'Bonjour <Chloé>,',
      paragraphs: ['Votre lien :'],
      action: { label: 'Ouvrir', href: 'http://salon.test/x?a=1&b=2' },
    });
    const [id] = await t.app.mail.queue({ to: 'chloe@example.org', lang: 'fr', subject: 'Essai', kind: 'test', ...parts });
    expect(await t.app.mail.flush()).toEqual({ sent: 1, failed: 0, retried: 0 });
    const mail = await catcher.waitFor((m) => m.subject === 'Essai');
    expect(mail.to).toEqual(['chloe@example.org']);
    expect(mail.text).toContain('Bonjour <Chloé>,');
    expect(mail.text).toContain('http://salon.test/x?a=1&b=2');
    expect(mail.html).toContain('Bonjour &lt;Chloé&gt;,');
    expect(mail.html).toContain('href="http://salon.test/x?a=1&amp;b=2"');
    expect(mail.headers['content-language']).toBe('fr');
    const row = await t.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect([row.status, row.attempts, row.last_error]).toEqual(['sent', 1, null]);
    // Sent once: a second round has nothing to send.
    expect(await t.app.mail.flush()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(catcher.messages().filter((m) => m.subject === 'Essai')).toHaveLength(1);
  });

  it('shows the caught e-mails and their attached files to administrators only', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await t.app.mail.queue({
      to: 'chloe@example.org',
      lang: 'en',
      subject: 'With a file',
      text: 'See the file',
      kind: 'test',
      attachments: [{ filename: 'invitation.ics', contentType: 'text/calendar; method=REQUEST; charset=UTF-8', content: ics }],
    });
    await t.app.mail.flush();
    const { seq } = await catcher.waitFor((m) => m.subject === 'With a file');
    const cookie = await login(t.app, DEMO.admin);
    const admin = await request(t.app, { method: 'GET', url: '/admin/courriels', headers: { cookie } });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('E-mails caught by the demo’s mail server');
    expect(admin.body).toContain('chloe@example.org');
    expect(admin.body).toContain(`<a href="/admin/courriels/${seq}/0" download="invitation.ics">invitation.ics</a>`);
    const file = await request(t.app, { method: 'GET', url: `/admin/courriels/${seq}/0`, headers: { cookie } });
    expect([file.statusCode, file.body, file.headers['content-disposition']]).toEqual([
      200,
      ics,
      expect.stringMatching(/^attachment; filename="invitation.ics"/),
    ]);
    for (const url of [`/admin/courriels/${seq}/1`, `/admin/courriels/99999/0`, `/admin/courriels/x/0`])
      expect((await request(t.app, { method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
    const promoter = await login(t.app, DEMO.promoter);
    for (const url of ['/admin/courriels', `/admin/courriels/${seq}/0`])
      expect((await request(t.app, { method: 'GET', url, headers: { cookie: promoter } })).statusCode).toBe(403);
  });

  it('resets a forgotten password from the e-mail: one-use link, then the new password logs in', async () => {
    const home = await request(t.app, { method: 'GET', url: '/connexion' });
    expect(home.body).toContain('href="/connexion/oubli"');
    expect(home.body).toContain('Forgot your password?');
    const known = await request(t.app, { url: '/connexion/oubli', ...form({ email: 'VISITEUR2@salon.test' }) });
    const unknown = await request(t.app, { url: '/connexion/oubli', ...form({ email: 'nobody@salon.test' }) });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toContain(SAME_ANSWER);
    expect(unknown.body).toBe(known.body);
    await t.app.mail.flush();
    const mail = await catcher.waitFor((m) => m.to.includes(DEMO.visitor2) && m.subject === 'Choose a new password');
    expect(catcher.messages().some((m) => m.to.includes('nobody@salon.test'))).toBe(false);
    const link = /http:\/\/salon\.test\/connexion\/lien\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(link);
    // Only the token's hash is stored, valid one hour.
    const stored = await t.database.db.selectFrom('signin_links').selectAll().where('purpose', '=', 'reset').executeTakeFirstOrThrow();
    expect(link).not.toContain(stored.token_hash);
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(3600_000);
    const path = new URL(link!).pathname;
    const page = await request(t.app, { method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a new password');
    const used = await request(t.app, { url: path, ...form({ password: 'a brand new one' }) });
    expect(used.statusCode).toBe(303);
    expect(await login(t.app, DEMO.visitor2, 'a brand new one')).toMatch(/^salon_session=/);
    expect((await request(t.app, { method: 'GET', url: path })).statusCode).toBe(410);
  });

  it('refuses a malformed address, and sends an account at most three resets an hour with the same answer', async () => {
    const bad = await request(t.app, { url: '/connexion/oubli', ...form({ email: 'not an address' }, '10.7.0.2') });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Expected an email address');
    const before = catcher.messages().filter((m) => m.to.includes(DEMO.exhibitor2)).length;
    for (let i = 0; i < 4; i += 1) {
      const answer = await request(t.app, { url: '/connexion/oubli', ...form({ email: DEMO.exhibitor2 }, `10.7.1.${i}`) });
      expect(answer.body).toContain(SAME_ANSWER);
    }
    await t.app.mail.flush();
    await catcher.waitFor(
      (m) => m.to.includes(DEMO.exhibitor2) && catcher.messages().filter((x) => x.to.includes(DEMO.exhibitor2)).length >= before + 3,
    );
    expect(catcher.messages().filter((m) => m.to.includes(DEMO.exhibitor2)).length).toBe(before + 3);
    // An administrator's password is never reset by e-mail (create-admin is theirs): the same answer, nothing sent.
    const admin = await request(t.app, { url: '/connexion/oubli', ...form({ email: DEMO.admin }, '10.7.0.3') });
    expect(admin.body).toContain(SAME_ANSWER);
    expect(await t.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', DEMO.admin).execute()).toEqual([]);
  });

  it('lets organisers only write to the event, with a clear message for a bad payload', async () => {
    const payload = { subject: { fr: 'Bonjour', en: 'Hello' }, body: { fr: 'Texte', en: 'Text' }, audience: 'visitors' };
    expect((await callApi(t.app, 'POST', '/api/emailing/send', payload)).statusCode).toBe(401);
    expect((await callApi(t.app, 'POST', '/api/emailing/send', payload, await login(t.app, DEMO.exhibitor))).statusCode).toBe(403);
    const promoter = await login(t.app, DEMO.promoter);
    const bad = await callApi(t.app, 'POST', '/api/emailing/send', { ...payload, subject: { fr: 'Bonjour' } }, promoter);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { data: { message: string } }).data.message).toMatch(/subject/);
    const stand = await callApi(t.app, 'POST', '/api/emailing/send', { ...payload, audience: { stand_id: 'zzzzzz' } }, promoter);
    expect(stand.statusCode).toBe(400);
    const control = await callApi(t.app, 'POST', '/api/emailing/send', { ...payload, body: { fr: 'Texte\u0007', en: 'Text' } }, promoter);
    expect(control.statusCode).toBe(400);
    expect((control.json() as { data: { message: string } }).data.message).toMatch(/body\.fr.*characters that are not allowed/);

    // The form of /organisateur: each refusal under its field, in the page's language; nothing is queued.
    const emailings = () => t.database.db.selectFrom('emailings').select('id').execute();
    const before = (await emailings()).length;
    const full = { subject_fr: 'Bonjour', subject_en: 'Hello', body_fr: 'Texte', body_en: 'Text', audience: 'visitors', send: '1' };
    const post = (fields: Record<string, string>, locale: 'fr_FR' | 'en_EN') =>
      request(t.app, {
        url: '/organisateur/emailing',
        ...form(fields),
        headers: { ...form({}).headers, cookie: `${promoter}; salon_locale=${locale}` },
      });
    const errorOf = (body: string, name: string) => new RegExp(`id="emailing-${name}-error">([^<]*)<`).exec(body)?.[1];
    const empty = await post({ ...full, subject_en: '  ', body_fr: '' }, 'fr_FR');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Le formulaire contient des erreurs.');
    expect([errorOf(empty.body, 'subject_en'), errorOf(empty.body, 'body_fr'), errorOf(empty.body, 'subject_fr')]).toEqual([
      'Ce champ est obligatoire',
      'Ce champ est obligatoire',
      undefined,
    ]);
    expect(empty.body).toContain('value="Bonjour"');
    const characters = await post({ ...full, subject_fr: 'Bon\u202Ejour', body_en: 'Hello\u0000 there' }, 'fr_FR');
    expect(characters.statusCode).toBe(400);
    expect([errorOf(characters.body, 'subject_fr'), errorOf(characters.body, 'body_en')]).toEqual([
      'Ce champ contient des caractères non autorisés',
      'Ce champ contient des caractères non autorisés',
    ]);
    const inEnglish = await post({ ...full, body_fr: 'Texte\u0007' }, 'en_EN');
    expect(errorOf(inEnglish.body, 'body_fr')).toBe('This field contains characters that are not allowed');
    for (const stand of ['zzzzzz', encodeId(999_999), '']) {
      const unknown = await post({ ...full, audience: 'stand', stand }, 'fr_FR');
      expect(unknown.statusCode).toBe(400);
      expect(errorOf(unknown.body, 'stand')).toBe('Choisissez le stand dont les visiteurs le reçoivent.');
    }
    expect(errorOf((await post({ ...full, audience: 'nobody' }, 'en_EN')).body, 'audience')).toBe('Invalid choice');
    expect(await emailings()).toHaveLength(before);
    // Lines of a body are not control characters.
    const lines = await post({ ...full, body_en: 'First line\r\n\r\nSecond line', test: '1' }, 'en_EN');
    expect(lines.statusCode).toBe(303);

    const test = await callApi(t.app, 'POST', '/api/emailing/send', { ...payload, test: true }, promoter);
    expect(test.json()).toEqual({ data: { id: expect.any(String), recipients: 1 } });
    await t.app.mail.flush();
    await catcher.waitFor((m) => m.to.includes(DEMO.promoter) && m.subject === 'Hello' && m.text.includes('Text'));
    const doc = (await request(t.app, { method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/emailing/send', '/api/emailing/{id}', '/api/check_legitimity']));
  });

  it('reaches each visitor once, in their language, with a one-click unsubscribe that keeps the next e-mailing away', async () => {
    const promoter = await login(t.app, DEMO.promoter);
    const visitors = await t.database.db
      .selectFrom('users')
      .select(['email', 'locale'])
      .where('profile', '=', 'visitor')
      .where('anonymous', '=', 0)
      .execute();
    const first = {
      subject: { fr: 'Programme FR', en: 'Programme EN' },
      body: { fr: 'Le programme', en: 'The programme' },
      audience: 'visitors',
    };
    const sent = (await callApi(t.app, 'POST', '/api/emailing/send', first, promoter)).json() as {
      data: { id: string; recipients: number };
    };
    expect(sent.data.recipients).toBe(visitors.length);
    await t.app.mail.flush();
    const ofFirst = () => catcher.messages().filter((m) => m.subject.startsWith('Programme'));
    await catcher.waitFor(() => ofFirst().length === visitors.length);
    expect(
      ofFirst()
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(visitors.map((v) => v.email).sort());
    const mail = ofFirst().find((m) => m.to.includes(DEMO.visitor))!;
    const lea = visitors.find((v) => v.email === DEMO.visitor)!;
    expect(mail.subject).toBe(lea.locale === 'fr_FR' ? 'Programme FR' : 'Programme EN');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /<(http:\/\/salon\.test\/desabonnement\/[A-Za-z0-9_-]{32})>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toBeDefined();
    expect(mail.text).toContain(unsubscribe);
    const report = await callApi(t.app, 'GET', `/api/emailing/${sent.data.id}`, undefined, promoter);
    expect(report.json()).toMatchObject({
      data: { recipients: visitors.length, sent: visitors.length, failed: 0, queued: 0, skipped: 0, test: false },
    });
    expect((await callApi(t.app, 'GET', `/api/emailing/${sent.data.id}`, undefined, await login(t.app, DEMO.visitor))).statusCode).toBe(
      403,
    );

    // The mail client's one click: a form post from elsewhere, no Origin.
    const path = new URL(unsubscribe!).pathname;
    expect((await request(t.app, { method: 'GET', url: path })).statusCode).toBe(200);
    const click = await request(t.app, {
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    const second = { ...first, subject: { fr: 'Rappel FR', en: 'Rappel EN' } };
    const again = (await callApi(t.app, 'POST', '/api/emailing/send', second, promoter)).json() as {
      data: { id: string; recipients: number };
    };
    expect(again.data.recipients).toBe(visitors.length - 1);
    await t.app.mail.flush();
    await catcher.waitFor(() => catcher.messages().filter((m) => m.subject.startsWith('Rappel')).length === visitors.length - 1);
    expect(catcher.messages().filter((m) => m.subject.startsWith('Rappel') && m.to.includes(DEMO.visitor))).toEqual([]);
    const skipped = await callApi(t.app, 'GET', `/api/emailing/${again.data.id}`, undefined, promoter);
    expect(skipped.json()).toMatchObject({ data: { skipped: 1 } });
    const audited = await t.database.db.selectFrom('audit_log').select('action').where('action', '=', 'emailing.send').execute();
    // The two tests to oneself (the API's and the form's) and these two.
    expect(audited).toHaveLength(4);
    // The organiser's page shows the report.
    const page = await request(t.app, { method: 'GET', url: '/organisateur', headers: { cookie: promoter } });
    expect(page.body).toContain(`data-emailing="${again.data.id}"`);
    // The visitors of one stand: those who visited it, once however many their visits; not a visitor of another
    // stand, not an exhibitor who came by; Léa, who unsubscribed, skipped.
    const helios = await standBySlug(t, 'stand-helios-solaire');
    const nordic = await standBySlug(t, 'stand-nordic-robotics');
    const now = new Date().toISOString();
    const nora = await t.database.db
      .insertInto('users')
      .values({ profile: 'visitor', anonymous: 0, email: 'nora.nordic@example.org', firstname: 'Nora', lastname: 'Nord', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visits: [string | number, number][] = [
      [DEMO.visitor, helios.id],
      [DEMO.visitor2, helios.id],
      [DEMO.visitor2, helios.id],
      [nora.id, nordic.id],
      [DEMO.exhibitor2, helios.id],
    ];
    for (const [who, standId] of visits)
      await t.database.db
        .insertInto('stand_visits')
        .values({
          user_id: typeof who === 'number' ? who : await userIdByEmail(t, who),
          stand_id: standId,
          started_at: now,
          ended_at: now,
          ended_by: 'client',
        })
        .execute();
    const standNews = { ...first, subject: { fr: 'Du stand FR', en: 'Du stand EN' }, audience: { stand_id: helios.key } };
    const byStand = (await callApi(t.app, 'POST', '/api/emailing/send', standNews, promoter)).json() as {
      data: { id: string; recipients: number };
    };
    expect(byStand.data.recipients).toBe(1);
    await t.app.mail.flush();
    await catcher.waitFor((m) => m.subject.startsWith('Du stand'));
    expect(
      catcher
        .messages()
        .filter((m) => m.subject.startsWith('Du stand'))
        .flatMap((m) => m.to),
    ).toEqual([DEMO.visitor2]);
    const standReport = await callApi(t.app, 'GET', `/api/emailing/${byStand.data.id}`, undefined, promoter);
    expect(standReport.json()).toMatchObject({
      data: { audience: { stand_id: helios.key }, recipients: 1, skipped: 1, sent: 1, queued: 0 },
    });
  });

  it('refuses an e-mailing whose subject or body is empty or only spaces, as the form does, each field under the forms’ required message', async () => {
    const promoter = await login(t.app, DEMO.promoter);
    const emailings = () => t.database.db.selectFrom('emailings').select('id').execute();
    const before = (await emailings()).length;
    const payload = { subject: { fr: 'Bonjour', en: 'Hello' }, body: { fr: 'Texte', en: 'Text' }, audience: 'visitors' };
    const send = (body: unknown, cookie: string) => callApi(t.app, 'POST', '/api/emailing/send', body, cookie);

    const spaces = await send({ ...payload, subject: { fr: '   ', en: 'Hello' } }, promoter);
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json()).toEqual({
      data: {
        error: true,
        message: 'Invalid body: "subject.fr" must not be empty',
        formErrors: { 'subject.fr': 'This field is required' },
      },
    });
    // Empty and blank alike, a body of tabs and line breaks too; in French for a French reader.
    const french = await send(
      { ...payload, subject: { fr: 'Bonjour', en: '' }, body: { fr: '\r\n\t ', en: '\u00a0' } },
      `${promoter}; salon_locale=fr_FR`,
    );
    expect(french.statusCode).toBe(400);
    expect((french.json() as { data: { formErrors: Record<string, string> } }).data.formErrors).toEqual({
      'subject.en': 'Ce champ est obligatoire',
      'body.fr': 'Ce champ est obligatoire',
      'body.en': 'Ce champ est obligatoire',
    });
    // Who may send is answered first: an exhibitor is refused as such, whatever the texts.
    expect((await send({ ...payload, subject: { fr: ' ', en: ' ' } }, await login(t.app, DEMO.exhibitor))).statusCode).toBe(403);
    expect(await emailings()).toHaveLength(before);
    // A subject with spaces around words is a subject.
    const padded = await send({ ...payload, subject: { fr: '  Bonjour ', en: ' Hello ' }, test: true }, promoter);
    expect(padded.json()).toEqual({ data: { id: expect.any(String), recipients: 1 } });
  });

  it('e-mails sign-in links to the accounts without a password, each their own, in their language', async () => {
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('users')
      .values([
        {
          profile: 'visitor',
          anonymous: 0,
          email: 'nopass.fr@example.org',
          firstname: 'Zoé',
          lastname: 'Sans',
          locale: 'fr_FR',
          created_at: now,
        },
        {
          profile: 'exhibitor',
          anonymous: 0,
          email: 'nopass.en@example.org',
          firstname: 'Sam',
          lastname: 'None',
          locale: 'en_EN',
          created_at: now,
        },
      ])
      .execute();
    const admin = await login(t.app, DEMO.admin);
    const page = await request(t.app, {
      url: '/admin/comptes',
      ...form({ action: 'signin-links', send: 'without_password' }),
      headers: { ...form({}).headers, cookie: admin },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/Sign-in links sent by e-mail: [1-9]\d*\./);
    await t.app.mail.flush();
    const fr = await catcher.waitFor((m) => m.to.includes('nopass.fr@example.org'));
    const en = await catcher.waitFor((m) => m.to.includes('nopass.en@example.org'));
    expect([fr.subject, en.subject]).toEqual(['Votre accès au salon', 'Your access to the fair']);
    const frLink = /\/connexion\/lien\/[A-Za-z0-9_-]{43}/.exec(fr.text)?.[0];
    const enLink = /\/connexion\/lien\/[A-Za-z0-9_-]{43}/.exec(en.text)?.[0];
    expect(frLink).toBeDefined();
    expect(frLink).not.toBe(enLink);
    const opened = await request(t.app, { method: 'GET', url: frLink! });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('nopass.fr@example.org');
  });

  it('e-mails an exhibitor who opted in for each new lead on their stands, with nothing of the person', async () => {
    const helios = await standBySlug(t, 'stand-helios-solaire');
    const exhibitor = await login(t.app, DEMO.exhibitor);
    const contact = () =>
      anonymousCookie(t.app).then((cookie) => callApi(t.app, 'POST', `/api/stands/${helios.key}/requestContact`, CONTACT, cookie));
    // Not opted in: no e-mail.
    expect((await contact()).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'lead').execute()).toEqual([]);
    const page = await request(t.app, { method: 'GET', url: '/exposant/profil', headers: { cookie: exhibitor } });
    expect(page.body).toContain('name="lead_emails"');
    const saved = await request(t.app, {
      url: '/exposant/profil/courriels',
      ...form({ lead_emails: '1' }),
      headers: { ...form({}).headers, cookie: exhibitor },
    });
    expect(saved.statusCode).toBe(303);
    expect((await contact()).statusCode).toBe(200);
    await t.app.mail.flush();
    const mail = await catcher.waitFor((m) => m.to.includes(DEMO.exhibitor) && /Helios/.test(m.subject));
    for (const value of Object.values(LEA).filter((v): v is string => typeof v === 'string' && v.length > 3)) {
      expect(mail.text).not.toContain(value);
      expect(mail.html ?? '').not.toContain(value);
    }
    expect(mail.text).toContain('http://salon.test/exposant');
  });

  it('limits the requests of one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await request(t.app, { url: '/connexion/oubli', ...form({ email: `x${i}@example.org` }, '10.7.9.9') })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('a mail server that cannot be reached, or refuses', () => {
  it('keeps the e-mail queued with the error, retried later with a growing delay, and shown on the page', async () => {
    // A port nothing listens on: a server started and closed.
    const gone = await startMailCatcher();
    await gone.close();
    const t = await createTestApp({ config: { smtpUrl: gone.url, mailPollMs: 60_000 } });
    try {
      await t.app.mail.queue({ to: 'nobody@example.org', lang: 'en', subject: 'Kept', text: 'Kept', kind: 'test' });
      expect(await t.app.mail.flush()).toEqual({ sent: 0, failed: 0, retried: 1 });
      const row = await t.database.db.selectFrom('mail_outbox').selectAll().where('subject', '=', 'Kept').executeTakeFirstOrThrow();
      expect(row.status).toBe('queued');
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      expect(Date.parse(row.next_attempt_at) - Date.now()).toBeGreaterThan(20_000);
      // Not due yet: nothing is tried again now.
      expect(await t.app.mail.flush()).toEqual({ sent: 0, failed: 0, retried: 0 });
      expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
      const page = await request(t.app, { method: 'GET', url: '/admin/courriels', headers: { cookie: await login(t.app, DEMO.admin) } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Queued, will be retried');
      expect(page.body).toContain('nobody@example.org');
      expect(page.body).not.toContain('E-mails caught by the demo’s mail server');
    } finally {
      await t.close();
    }
  }, 30_000);

  it('fails the e-mail with the server’s answer when the server refuses the address for good', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const port = (refusing.server.address() as AddressInfo).port;
    const t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailPollMs: 60_000 } });
    try {
      await t.app.mail.queue({ to: 'ghost@example.org', lang: 'en', subject: 'Refused', text: 'x', kind: 'test' });
      expect(await t.app.mail.flush()).toEqual({ sent: 0, failed: 1, retried: 0 });
      const row = await t.database.db.selectFrom('mail_outbox').selectAll().where('subject', '=', 'Refused').executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.last_error).toContain('No such user here');
    } finally {
      await t.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  }, 30_000);
});

/** The demo promoter's e-mailing to everyone, queued. */
async function emailingToEveryone(t: TestApp, text: { fr: string; en: string }) {
  const promoter = await t.database.db.selectFrom('users').selectAll().where('email', '=', DEMO.promoter).executeTakeFirstOrThrow();
  return sendEmailing(t.database.db, promoter, { subject: text, body: text, audience: 'everyone', test: false }, ORIGIN);
}

describe('the pace of sending (MAIL_RATE)', () => {
  it('sends at most one round’s share at once and MAIL_RATE a minute, however often the sender is woken', async () => {
    const catcher = await startMailCatcher();
    // 2 a minute, looked at every minute: 2 at once, then one more every 30 s (the test's clock, given to flush).
    const t = await createTestApp({ mailCatcher: catcher, config: { mailPerMinute: 2, mailPollMs: 60_000 } });
    try {
      const { id, recipients } = await emailingToEveryone(t, { fr: 'Rythme', en: 'Pace' });
      expect(recipients).toBeGreaterThanOrEqual(6);
      const start = Date.now() + 1000;
      const at = (seconds: number) => new Date(start + seconds * 1000);
      const sentAt = async (seconds: number) => (await t.app.mail.flush(at(seconds))).sent;
      // Woken again and again in the same instant (queued e-mails, other e-mailings): nothing more.
      expect([await sentAt(0), await sentAt(0), await sentAt(0)]).toEqual([2, 0, 0]);
      expect(await sentAt(29)).toBe(0);
      expect(await sentAt(30)).toBe(1);
      expect(await sentAt(60)).toBe(1);
      // A long pause gives one round's share at once, not what the pause would have allowed.
      expect(await sentAt(600)).toBe(2);
      expect(await emailingProgress(t.database.db, id)).toMatchObject({ sent: 6, queued: recipients - 6 });
    } finally {
      await t.close();
    }
  }, 30_000);

  it('sends e-mailings from the leading process only; another sends the e-mails for one person at once', async () => {
    const catcher = await startMailCatcher();
    const t = await createTestApp({ mailCatcher: catcher, config: { mailPollMs: 60_000 } });
    try {
      const { id, recipients } = await emailingToEveryone(t, { fr: 'Tous', en: 'Everyone' });
      // Queued without waking the sender (as in a transaction): each flush below is the only one running.
      await t.app.mail.queue(
        { to: 'chloe@example.org', lang: 'fr', subject: 'Pour une personne', text: 'Lien', kind: 'test' },
        t.database.db,
      );
      // Another process leads (Redis): this one is not the salon's sender of e-mailings.
      Object.defineProperty(t.app.leadership, 'isLeader', { get: () => false, configurable: true });
      expect((await t.app.mail.flush()).sent).toBe(1);
      await catcher.waitFor((m) => m.subject === 'Pour une personne');
      expect(await emailingProgress(t.database.db, id)).toMatchObject({ sent: 0, queued: recipients });
      // It leads again: the e-mailing goes out.
      Reflect.deleteProperty(t.app.leadership, 'isLeader');
      expect(t.app.leadership.isLeader).toBe(true);
      expect((await t.app.mail.flush()).sent).toBeGreaterThan(0);
      expect((await emailingProgress(t.database.db, id))?.sent).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  }, 30_000);
});
