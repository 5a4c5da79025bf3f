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
import { DEMO, createTestApp, login, request, type TestApp } from './helpers';

describe('the outbox and the local SMTP server', () => {
  let catcher: MailCatcher;
  let t: TestApp;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp({ mailCatcher: catcher, config: { mailPollMs: 60_000 } });
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

  it('shows the caught e-mails to administrators only', async () => {
    const admin = await request(t.app, { method: 'GET', url: '/admin/courriels', headers: { cookie: await login(t.app, DEMO.admin) } });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('E-mails caught by the demo’s mail server');
    expect(admin.body).toContain('chloe@example.org');
    const promoter = await request(t.app, {
      method: 'GET',
      url: '/admin/courriels',
      headers: { cookie: await login(t.app, DEMO.promoter) },
    });
    expect(promoter.statusCode).toBe(403);
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
