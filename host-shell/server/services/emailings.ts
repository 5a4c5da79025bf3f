import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { msg } from '@lingui/core/macro';
import { nowIso, type Database, type UserRow } from '../db/schema';
import { say } from '../i18n';
import { recordChange } from './audit';
import { mailLang, mailParts, queueMail, type MailInput } from './mail';
import { outboxCounts } from './mail-outbox';

/*
 * The organisers' e-mailings (`POST /api/emailing/send`, the `/organisateur` form): a subject and a body in French and
 * English, to all visitors, all exhibitors, everyone, or the visitors of one stand; each person once (one e-mail per
 * address), in their language, never to someone who unsubscribed (counted as skipped). Every e-mail carries
 * `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). The e-mailing, its e-mails
 * and its audit entry are written in one transaction; the outbox sends them at `MAIL_RATE`.
 */

export const UNSUBSCRIBE_PATTERN = '/desabonnement/';
export type Audience = 'visitors' | 'exhibitors' | 'everyone' | { standId: number };

export interface EmailingInput {
  subject: { fr: string; en: string };
  body: { fr: string; en: string };
  audience: Audience;
  /** Only to the organiser themselves, to check it first. */
  test: boolean;
}

type Recipient = Pick<UserRow, 'id' | 'email' | 'locale' | 'firstname' | 'unsubscribed_at' | 'mail_token'>;

async function audienceOf(db: Kysely<Database>, actor: UserRow, input: EmailingInput): Promise<Recipient[]> {
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.locale', 'users.firstname', 'users.unsubscribed_at', 'users.mail_token'])
    .where('users.anonymous', '=', 0)
    .where('users.email', 'is not', null);
  const audience = input.audience;
  if (input.test) query = query.where('users.id', '=', actor.id);
  else if (audience === 'visitors') query = query.where('users.profile', '=', 'visitor');
  else if (audience === 'exhibitors') query = query.where('users.profile', '=', 'exhibitor');
  else if (typeof audience === 'object')
    query = query
      .where('users.profile', '=', 'visitor')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('stand_visits')
            .select('stand_visits.id')
            .whereRef('stand_visits.user_id', '=', 'users.id')
            .where('stand_visits.stand_id', '=', audience.standId),
        ),
      );
  const rows = await query.orderBy('users.id').execute();
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = (r.email ?? '').toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface SentEmailing {
  id: number;
  recipients: number;
  skipped: number;
}

/** Queues an e-mailing (the test one too: audited, to the actor only). `origin` makes the unsubscribe links absolute. */
export async function sendEmailing(db: Kysely<Database>, actor: UserRow, input: EmailingInput, origin: string): Promise<SentEmailing> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const people = await audienceOf(trx, actor, input);
    // The test goes to the organiser even if they unsubscribed: they asked for it.
    const reached = input.test ? people : people.filter((p) => p.unsubscribed_at === null);
    const skipped = people.length - reached.length;
    const { id } = await trx
      .insertInto('emailings')
      .values({
        created_by: actor.id,
        subject: JSON.stringify(input.subject),
        body: JSON.stringify(input.body),
        audience: JSON.stringify(input.audience),
        test: input.test ? 1 : 0,
        recipients: reached.length,
        skipped,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mails: MailInput[] = [];
    for (const person of reached) {
      let token = person.mail_token;
      if (!token) {
        token = randomBytes(24).toString('base64url');
        await trx.updateTable('users').set({ mail_token: token }).where('id', '=', person.id).execute();
      }
      const lang = mailLang(person);
      const locale = lang === 'fr' ? 'fr_FR' : 'en_EN';
      const unsubscribe = new URL(`${UNSUBSCRIBE_PATTERN}${token}`, origin).toString();
      mails.push({
        to: person.email ?? '',
        lang,
        kind: input.test ? 'emailing_test' : 'emailing',
        emailingId: id,
        subject: input.subject[lang],
        ...mailParts({
          paragraphs: [input.body[lang]],
          footer: [say(locale, msg`You receive this e-mail as a participant of the fair. To receive no more of them:`) + ` ${unsubscribe}`],
        }),
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    }
    await queueMail(trx, mails, now);
    await recordChange(
      trx,
      {
        actorId: actor.id,
        action: 'emailing.send',
        target: input.subject.en || input.subject.fr,
        before: null,
        after: { audience: input.audience, test: input.test, recipients: reached.length, skipped, subject: input.subject },
      },
      now,
    );
    return { id, recipients: reached.length, skipped };
  });
}

export interface EmailingProgress {
  id: number;
  subject: { fr: string; en: string };
  audience: Audience;
  test: boolean;
  created_at: string;
  recipients: number;
  skipped: number;
  sent: number;
  failed: number;
  queued: number;
}

type EmailingRow = Awaited<ReturnType<typeof emailingRows>>[number];
const emailingRows = (db: Kysely<Database>) => db.selectFrom('emailings').selectAll().orderBy('id', 'desc').limit(5).execute();

async function progressOf(db: Kysely<Database>, row: EmailingRow): Promise<EmailingProgress> {
  const counts = await outboxCounts(db, row.id);
  return {
    id: row.id,
    subject: JSON.parse(row.subject) as EmailingProgress['subject'],
    audience: JSON.parse(row.audience) as Audience,
    test: row.test === 1,
    created_at: row.created_at,
    recipients: row.recipients,
    skipped: row.skipped,
    ...counts,
  };
}

export async function emailingProgress(db: Kysely<Database>, id: number): Promise<EmailingProgress | null> {
  const row = await db.selectFrom('emailings').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? progressOf(db, row) : null;
}

/** The last five e-mailings with their progress, newest first (`/organisateur`). */
export async function recentEmailings(db: Kysely<Database>): Promise<EmailingProgress[]> {
  return Promise.all((await emailingRows(db)).map((row) => progressOf(db, row)));
}

/** Whose unsubscribe link this is (null: none). */
export async function unsubscribeTarget(db: Kysely<Database>, token: string): Promise<Pick<UserRow, 'id' | 'unsubscribed_at'> | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  return (await db.selectFrom('users').select(['id', 'unsubscribed_at']).where('mail_token', '=', token).executeTakeFirst()) ?? null;
}

/** Unsubscribes the person of this link from the e-mailings (once; again changes nothing). False: no such link. */
export async function unsubscribe(db: Kysely<Database>, token: string): Promise<boolean> {
  const target = await unsubscribeTarget(db, token);
  if (!target) return false;
  if (target.unsubscribed_at === null)
    await db.updateTable('users').set({ unsubscribed_at: nowIso() }).where('id', '=', target.id).execute();
  return true;
}
