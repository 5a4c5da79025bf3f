import type { Generated } from 'kysely';
import type { Flag } from './columns';

/** What an e-mail is for: the outbox's list and the admin page group by it (issue 38's programme adds its own). */
export type MailKind = string;
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** One e-mail: queued, then sent, or failed with the server's answer; retried with a growing delay meanwhile. */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: MailKind;
  to_address: string;
  /** `fr` or `en`: the recipient's language, in which subject and parts are written. */
  lang: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON object of extra headers (List-Unsubscribe, …). */
  headers: string | null;
  /** JSON array of `{filename, contentType, content}` (content in base64). */
  attachments: string | null;
  emailing_id: number | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The SMTP server's answer (or the connection's error) of the last failed attempt. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** An organisers' e-mailing: subject and body (JSON `{fr, en}`), its audience (JSON), how many were queued and skipped. */
export interface EmailingsTable {
  id: Generated<number>;
  created_by: number | null;
  subject: string;
  body: string;
  audience: string;
  test: Generated<Flag>;
  recipients: Generated<number>;
  skipped: Generated<number>;
  created_at: string;
}
