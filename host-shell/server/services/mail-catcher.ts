import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/*
 * A real local SMTP server that accepts every message and keeps the last ones in memory: the demo start's (and the
 * tests') mail server, shown on `/admin/courriels` in the demo only. Plain SMTP on the loopback, no authentication.
 */

export interface CaughtMail {
  /** 1, 2, … in the order received. */
  seq: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Header names in lower case, each with its (first) value as text. */
  headers: Record<string, string>;
  /** Attached files (a meeting's invitation.ics…), as received. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL would be. */
  url: string;
  /** The mails caught, oldest first (the last `keep`). */
  messages(): CaughtMail[];
  /** The first mail caught (already, or within `timeoutMs`) that `match` accepts. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startMailCatcher(options: { host?: string; port?: number; keep?: number } = {}): Promise<MailCatcher> {
  const keep = options.keep ?? 500;
  const caught: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'Salon mail catcher',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          // As written (mailparser groups some, such as List-*, into objects): unfolded, the first of each name.
          const headers: Record<string, string> = {};
          for (const { key, line } of parsed.headerLines) {
            const value = line
              .slice(line.indexOf(':') + 1)
              .replace(/\r?\n[ \t]+/g, ' ')
              .trim();
            headers[key.toLowerCase()] ??= value;
          }
          seq += 1;
          caught.push({
            seq,
            receivedAt: new Date().toISOString(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers,
            attachments: parsed.attachments.map((a, i) => ({
              filename: a.filename ?? `attachment-${i + 1}`,
              contentType: a.contentType,
              content: a.content,
            })),
          });
          if (caught.length > keep) caught.splice(0, caught.length - keep);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://${address.address}:${address.port}`,
    messages: () => [...caught],
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = caught.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such mail caught within ${timeoutMs} ms (${caught.length} caught)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
