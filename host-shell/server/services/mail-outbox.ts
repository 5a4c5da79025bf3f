import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type * as Nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { nowIso, type Database, type MailStatus } from '../db/schema';

/*
 * The outbox's sending side. A due e-mail (queued, or `sending` whose lease ran out: its process stopped) is claimed
 * by moving its `next_attempt_at` forward under a condition, so two processes never send the same row; then sent.
 * The SMTP server refusing it for good (5xx) fails it with the server's answer; anything else (the server cannot be
 * reached, a 4xx) leaves it queued and retried later, each delay twice the last, and fails it after MAX_ATTEMPTS.
 */

export const MAX_ATTEMPTS = 10;
/** How long a claimed e-mail is someone's before another process may take it again. */
const LEASE_MS = 10 * 60_000;

/** The delay before attempt `attempts + 1`: 30 s, 1 min, 2 min, … at most 4 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 4 * 3600_000);
}

export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<unknown>;
  close(): void;
}

/** SMTP_URL's transport: `smtp://user:pass@host:587` (STARTTLS when offered), `smtps://…:465` (TLS). */
export function smtpTransport(url: string): MailTransport {
  const options = new URL(url);
  options.searchParams.set('connectionTimeout', '10000');
  options.searchParams.set('greetingTimeout', '10000');
  options.searchParams.set('socketTimeout', '30000');
  // Loaded with the first transport: a process that sends no e-mail never loads nodemailer.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nodemailer = require('nodemailer') as typeof Nodemailer;
  return nodemailer.createTransport(options.toString());
}

export interface SendReport {
  sent: number;
  failed: number;
  retried: number;
}

interface ErrorLike {
  message?: unknown;
  response?: unknown;
  responseCode?: unknown;
  code?: unknown;
}

/** The server's answer (`550 5.1.1 No such user`) or the connection's error (`ECONNREFUSED …`). */
function answerOf(err: unknown): { text: string; permanent: boolean } {
  const e = (err ?? {}) as ErrorLike;
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const text =
    typeof e.response === 'string'
      ? e.response
      : `${typeof e.code === 'string' ? `${e.code} ` : ''}${typeof e.message === 'string' ? e.message : String(err)}`;
  return { text: text.slice(0, 1000), permanent: code !== null && code >= 500 && code < 600 };
}

/**
 * Sends at most `limit` due e-mails, the ones nobody waits for (e-mailings) after the others, and records each
 * outcome. Never throws for a mail the server refuses or cannot take.
 */
export async function sendDue(
  db: Kysely<Database>,
  transport: MailTransport,
  /** `personalOnly`: not the e-mailings' e-mails (a process that does not lead: plugins/mail.ts). */
  options: { from: string; limit: number; now?: Date; personalOnly?: boolean },
): Promise<SendReport> {
  const now = options.now ?? new Date();
  const nowText = now.toISOString();
  const report: SendReport = { sent: 0, failed: 0, retried: 0 };
  const due = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', 'in', ['queued', 'sending'] satisfies MailStatus[])
    .where('next_attempt_at', '<=', nowText)
    .$if(options.personalOnly === true, (query) => query.where('emailing_id', 'is', null))
    .orderBy(sql`case when emailing_id is null then 0 else 1 end`)
    .orderBy('id')
    .limit(options.limit)
    .execute();
  for (const mail of due) {
    const claimed = await db
      .updateTable('mail_outbox')
      .set({ status: 'sending', next_attempt_at: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where('id', '=', mail.id)
      .where('next_attempt_at', '=', mail.next_attempt_at)
      .where('status', '=', mail.status)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const attempts = mail.attempts + 1;
    try {
      const attachments = mail.attachments
        ? (JSON.parse(mail.attachments) as { filename: string; contentType: string; content: string }[]).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, 'base64'),
          }))
        : undefined;
      await transport.sendMail({
        from: options.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
        ...(attachments ? { attachments } : {}),
        headers: {
          'Content-Language': mail.lang,
          ...(mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : {}),
        },
      });
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', attempts, sent_at: nowIso(), last_error: null })
        .where('id', '=', mail.id)
        .execute();
      report.sent += 1;
    } catch (err) {
      const answer = answerOf(err);
      const failed = answer.permanent || attempts >= MAX_ATTEMPTS;
      await db
        .updateTable('mail_outbox')
        .set({
          status: failed ? 'failed' : 'queued',
          attempts,
          last_error: answer.text,
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where('id', '=', mail.id)
        .execute();
      if (failed) report.failed += 1;
      else report.retried += 1;
      // The server cannot be reached: the next ones would wait for the same timeout; they stay due for the next round.
      if (!answer.permanent) break;
    }
  }
  return report;
}

export interface OutboxCounts {
  queued: number;
  sent: number;
  failed: number;
}

/** How many e-mails are queued (or being sent), sent and failed: of one e-mailing, or of the whole outbox. */
export async function outboxCounts(db: Kysely<Database>, emailingId?: number): Promise<OutboxCounts> {
  let query = db.selectFrom('mail_outbox').select(['status', (eb) => eb.fn.countAll<string | number>().as('n')]);
  if (emailingId !== undefined) query = query.where('emailing_id', '=', emailingId);
  const rows = await query.groupBy('status').execute();
  const counts: OutboxCounts = { queued: 0, sent: 0, failed: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    if (row.status === 'sent') counts.sent += n;
    else if (row.status === 'failed') counts.failed += n;
    else counts.queued += n;
  }
  return counts;
}

/** The outbox's latest e-mails that are not sent (queued, retried, failed), for the admin page. */
export function pendingMails(db: Kysely<Database>, limit = 50) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'status', 'attempts', 'next_attempt_at', 'last_error', 'created_at'])
    .where('status', '!=', 'sent')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
