import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { globalPlugin } from '../lib/plugin';
import type { MailCatcher } from '../services/mail-catcher';
import { queueMail, type MailInput } from '../services/mail';
import { sendDue, smtpTransport, type MailTransport, type SendReport } from '../services/mail-outbox';

export interface Mailer {
  /** Queues e-mails (in `db`, a transaction, when given) and wakes the sender. */
  queue(mails: MailInput | readonly MailInput[], db?: Kysely<Database>): Promise<number[]>;
  /**
   * Sends what is due now, once, within the pace (the timer does it every `mailPollMs`; tests call it to not wait,
   * and give `now` to move the clock).
   */
  flush(now?: Date): Promise<SendReport>;
  /** Whether SMTP_URL is set (else every e-mail stays queued). */
  configured: boolean;
  /** The demo's (and tests') local catch-all SMTP server, shown on `/admin/courriels`; null otherwise. */
  catcher: MailCatcher | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing e-mail: the outbox and its sender (`services/mail.ts`, `services/mail-outbox.ts`). */
    mail: Mailer;
  }
}

/**
 * The pace of one process's sending (MAIL_RATE; the e-mailings': the leading process's): a bucket of `burst` sends (one round's share), refilled at
 * `perMinute` a minute. Whatever wakes the sender (the timer, a queued e-mail, an e-mailing), no minute sends more
 * than `perMinute` plus one round's share.
 */
export function mailPace(perMinute: number, burst: number) {
  let tokens = burst;
  let at: number | null = null;
  const refill = (now: number) => {
    if (at !== null && now > at) tokens = Math.min(burst, tokens + ((now - at) * perMinute) / 60_000);
    if (at === null || now > at) at = now;
  };
  return {
    /** How many e-mails may go out now. */
    allowed(now: number): number {
      refill(now);
      return Math.floor(tokens);
    },
    /** `count` e-mails were handed to the server (sent or not). */
    spend(count: number, now: number): void {
      refill(now);
      tokens -= count;
    },
  };
}

/**
 * The outbox's sender: every `mailPollMs`, and when an e-mail is queued, the due e-mails go out through SMTP_URL at
 * the pace of `mailPace`: `mailPerMinute` a minute, at most `mailPerMinute × mailPollMs / 60 s` (at least one) at
 * once. With several processes (Redis), the leading one (`live/leader.ts`) looks at the outbox and alone sends the
 * e-mailings' e-mails, so that MAIL_RATE is the salon's pace; the others send the e-mails they queue for one person
 * (a sign-in link, a reset, a lead) at once, within their own pace. Without SMTP_URL nothing is sent, and the e-mails wait in the outbox.
 */
export const mailPlugin = globalPlugin<{ catcher?: MailCatcher | null }>('salon-mail', async (app, options) => {
  const catcher = options.catcher ?? null;
  const url = app.config.smtpUrl ?? catcher?.url ?? null;
  const transport: MailTransport | null = url ? smtpTransport(url) : null;
  const burst = Math.max(1, Math.round((app.config.mailPerMinute * app.config.mailPollMs) / 60_000));
  const pace = mailPace(app.config.mailPerMinute, burst);
  const leads = () => !app.hasDecorator('leadership') || app.leadership.isLeader;
  let running: Promise<SendReport> | null = null;
  let again = false;
  const idle: SendReport = { sent: 0, failed: 0, retried: 0 };

  const flush = (now?: Date): Promise<SendReport> => {
    if (!transport) return Promise.resolve(idle);
    if (running) {
      again = true;
      return running;
    }
    const at = now ?? new Date();
    const limit = pace.allowed(at.getTime());
    // Nothing left of this round's share: the timer comes back.
    if (limit < 1) return Promise.resolve(idle);
    // E-mailings go out from the leading process only, at its pace: MAIL_RATE is the salon's, whatever its processes.
    const personalOnly = !leads();
    running = sendDue(app.db, transport, { from: app.config.mailFrom, limit, now: at, personalOnly })
      .then((report) => {
        pace.spend(report.sent + report.failed + report.retried, at.getTime());
        return report;
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'mail outbox: sending failed');
        return idle;
      })
      .then((report) => {
        if (report.failed + report.retried > 0) app.log.warn({ ...report }, 'mail outbox: some e-mails were not sent');
        return report;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          setImmediate(() => void flush());
        }
      });
    return running;
  };

  // The outbox is looked at by the leading process (another one wakes its sender only for what it queued).
  const timer = transport
    ? setInterval(() => {
        if (leads()) void flush();
      }, app.config.mailPollMs)
    : null;
  timer?.unref();
  app.decorate('mail', {
    async queue(mails, db) {
      const ids = await queueMail(db ?? app.db, mails);
      // After the caller's transaction: a wake-up now would not see the rows yet, the timer will.
      if (!db) setImmediate(() => void flush());
      return ids;
    },
    flush,
    configured: transport !== null,
    catcher,
  } satisfies Mailer);
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
    transport?.close();
    await catcher?.close();
  });
});
