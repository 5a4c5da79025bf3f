import type { Kysely } from 'kysely';
import { nowIso, type Database, type UserRow } from '../db/schema';
import { escapeHtml } from '../lib/html';
import { FALLBACK_LOCALE, languageOf } from '../lib/locale';
import type { LocaleCode } from '@salon/shared/contracts/page-data';

/*
 * Outgoing e-mail, the one door: `queueMail` writes each e-mail to the outbox (`mail_outbox`), in the caller's
 * transaction when given one; the outbox worker (`mail-outbox.ts`, run by `plugins/mail.ts`) sends it over SMTP_URL,
 * and retries it with a growing delay while the server cannot be reached. Nothing here talks to the network.
 */

export type MailLang = 'fr' | 'en';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, or a UTF-8 text (an .ics). */
  content: Buffer | string;
}

export interface MailInput {
  to: string;
  /** The recipient's language: the caller writes subject, text and html in it. */
  lang: MailLang;
  subject: string;
  /** The plain-text part (always sent). */
  text: string;
  /** The HTML part; `mailParts` makes both from the same paragraphs. */
  html?: string;
  attachments?: readonly MailAttachment[];
  /** What the e-mail is for (`password_reset`, `signin_link`, `emailing`, `lead`, …): the admin page groups by it. */
  kind: string;
  /** Extra headers (an e-mailing's List-Unsubscribe). */
  headers?: Readonly<Record<string, string>>;
  emailingId?: number;
}

/** The language to write to a person in: their saved one, else the salon's fallback (English). */
export function mailLang(user: Pick<UserRow, 'locale'> | null | undefined): MailLang {
  const locale = (user?.locale ?? FALLBACK_LOCALE) as LocaleCode;
  return languageOf(locale) === 'fr' ? 'fr' : 'en';
}

/** The e-mails a person asks for on their pages: an exhibitor's per new lead, anyone's talk reminders. */
export type MailOptIn = 'lead_emails' | 'talk_reminder_emails';

/** Records a person's choice of one of those e-mails. */
export async function setMailOptIn(db: Kysely<Database>, userId: number, optIn: MailOptIn, on: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ [optIn]: on ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** Queues e-mails (one statement per 200); returns their outbox ids. */
export async function queueMail(db: Kysely<Database>, mails: MailInput | readonly MailInput[], now = nowIso()): Promise<number[]> {
  const list = Array.isArray(mails) ? (mails as readonly MailInput[]) : [mails as MailInput];
  const ids: number[] = [];
  for (let i = 0; i < list.length; i += 200) {
    const rows = list.slice(i, i + 200).map((mail) => ({
      kind: mail.kind,
      to_address: mail.to,
      lang: mail.lang,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      attachments: mail.attachments
        ? JSON.stringify(
            mail.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: (typeof a.content === 'string' ? Buffer.from(a.content, 'utf8') : a.content).toString('base64'),
            })),
          )
        : null,
      emailing_id: mail.emailingId ?? null,
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      sent_at: null,
    }));
    if (rows.length === 0) continue;
    const inserted = await db.insertInto('mail_outbox').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export interface MailContent {
  /** The first line (`Hello Chloé,`). */
  greeting?: string;
  /** Paragraphs of plain text (blank lines inside one split it). */
  paragraphs: readonly string[];
  /** A button in HTML, the address on its own line in text. */
  action?: { label: string; href: string };
  /** Small print after a rule (why the person gets this, how to stop it). */
  footer?: readonly string[];
}

/** The text and HTML parts of one e-mail from the same content; every value is escaped in the HTML. */
export function mailParts(content: MailContent): { text: string; html: string } {
  const paragraphs = content.paragraphs.flatMap((p) => p.split(/\n{2,}/));
  const text = [
    ...(content.greeting ? [content.greeting] : []),
    ...paragraphs,
    ...(content.action ? [`${content.action.label}:\n${content.action.href}`] : []),
    ...(content.footer?.length ? ['--', ...content.footer] : []),
  ].join('\n\n');
  const para = (p: string) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1a1a1a;max-width:40em">',
    ...(content.greeting ? [para(content.greeting)] : []),
    ...paragraphs.map(para),
    ...(content.action
      ? [
          `<p><a href="${escapeHtml(content.action.href)}" style="display:inline-block;padding:.6em 1.2em;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(content.action.label)}</a></p>`,
          `<p style="font-size:.85em;color:#555">${escapeHtml(content.action.href)}</p>`,
        ]
      : []),
    ...(content.footer?.length ? [`<hr><div style="font-size:.85em;color:#555">${content.footer.map(para).join('')}</div>`] : []),
    '</body></html>',
  ].join('\n');
  return { text, html };
}
