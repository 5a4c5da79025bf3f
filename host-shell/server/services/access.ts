import { msg } from '@lingui/core/macro';
import type { Kysely } from 'kysely';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type Database, type UserRow } from '../db/schema';
import { say } from '../i18n';
import { recordChange } from './audit';

/*
 * Who may enter the room, and when (`GET /api/check_legitimity`, `/salon`, the Symfony host): two settings of the
 * administrators, kept as the parameter `access`.
 * - Opening hours: from `opens_at` to `closes_at`, wall-clock times in the salon's time zone (`time_zone`); either
 *   may be empty (no limit on that side). Outside them visitors are turned away with the opening time; exhibitors,
 *   organisers and administrators always enter.
 * - The access mode: `anyone` (anonymous visits too), `registered` (an account), `invited` (an account the salon made:
 *   imported or created by an organiser, not one the person registered themselves).
 */

export type AccessMode = 'anyone' | 'registered' | 'invited';
export const ACCESS_MODES: readonly AccessMode[] = ['anyone', 'registered', 'invited'];

export interface AccessSettings {
  time_zone: string;
  /** `YYYY-MM-DDTHH:MM` in `time_zone`, or null. */
  opens_at: string | null;
  closes_at: string | null;
  mode: AccessMode;
}

export const DEFAULT_ACCESS: AccessSettings = { time_zone: 'Europe/Paris', opens_at: null, closes_at: null, mode: 'anyone' };
const KEY = 'access';
export const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export type Legitimacy =
  { legitimate: true } | { legitimate: false; reason: 'closed' | 'login_required' | 'not_invited'; opens_at?: string };

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** How far `zone`'s wall clock is ahead of UTC at `instant` (ms). */
function offsetMs(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** An instant as `zone`'s wall-clock time, `YYYY-MM-DDTHH:MM` (what a datetime-local field holds). */
export function zonedLocal(instant: Date, zone: string): string {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  return new Date(ms + offsetMs(ms, zone)).toISOString().slice(0, 16);
}

/** A wall-clock time (`YYYY-MM-DDTHH:MM`) in `zone` as an instant. */
export function zonedInstant(local: string, zone: string): Date {
  const [date = '', time = ''] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const guess = Date.UTC(y!, m! - 1, d!, h!, min!);
  const first = guess - offsetMs(guess, zone);
  return new Date(guess - offsetMs(first, zone));
}

function narrow(value: unknown): AccessSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const local = (x: unknown) => (typeof x === 'string' && LOCAL_TIME.test(x) ? x : null);
  return {
    time_zone: typeof v.time_zone === 'string' && isTimeZone(v.time_zone) ? v.time_zone : DEFAULT_ACCESS.time_zone,
    opens_at: local(v.opens_at),
    closes_at: local(v.closes_at),
    mode: ACCESS_MODES.find((m) => m === v.mode) ?? 'anyone',
  };
}

export async function loadAccess(db: Kysely<Database>): Promise<AccessSettings> {
  const row = await db.selectFrom('parameters').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return { ...DEFAULT_ACCESS };
  try {
    return narrow(JSON.parse(row.value));
  } catch {
    return { ...DEFAULT_ACCESS };
  }
}

/**
 * The salon's time zone: the administrators' setting on `/admin/acces`, the one zone of the opening hours, the
 * programme (its page, `GET /api/programme`'s `time_zone`) and the meetings' and talks' notices.
 */
export async function salonTimeZone(db: Kysely<Database>): Promise<string> {
  return (await loadAccess(db)).time_zone;
}

/** Stores the settings with their audit entry (`access.update`), in one transaction. */
export async function saveAccess(db: Kysely<Database>, actor: UserRow, next: AccessSettings): Promise<void> {
  const before = await loadAccess(db);
  const json = JSON.stringify(next);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('parameters')
      .values({ key: KEY, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
      .execute();
    await recordChange(trx, { actorId: actor.id, action: 'access.update', target: KEY, before, after: next }, nowIso());
  });
}

const STAFF: readonly UserRow['profile'][] = ['exhibitor', 'promoter', 'administrator'];

/** May this person (null: no session) enter the room now? */
export function checkLegitimity(settings: AccessSettings, user: UserRow | null, now = new Date()): Legitimacy {
  const account = user && user.anonymous === 0 ? user : null;
  if (account && STAFF.includes(account.profile)) return { legitimate: true };
  if (settings.opens_at) {
    const opens = zonedInstant(settings.opens_at, settings.time_zone);
    if (now < opens) return { legitimate: false, reason: 'closed', opens_at: opens.toISOString() };
  }
  if (settings.closes_at && now >= zonedInstant(settings.closes_at, settings.time_zone)) return { legitimate: false, reason: 'closed' };
  if (settings.mode !== 'anyone' && !account) return { legitimate: false, reason: 'login_required' };
  if (settings.mode === 'invited' && account?.registered_self === 1) return { legitimate: false, reason: 'not_invited' };
  return { legitimate: true };
}

/**
 * What a person turned away reads, in their language: when the salon opens (a date and a time in the salon's time
 * zone), or what keeps them out. `/salon`'s page and `GET /api/check_legitimity` (for a host page) say the same.
 */
export function refusalMessage(refusal: Exclude<Legitimacy, { legitimate: true }>, timeZone: string, locale: LocaleCode): string {
  if (refusal.reason === 'closed' && refusal.opens_at) {
    const lang = locale === 'fr_FR' ? 'fr-FR' : 'en-GB';
    const at = new Date(refusal.opens_at);
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone }).format(at);
    const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone }).format(at);
    return say(locale, msg`The salon opens on ${date} at ${time}.`);
  }
  if (refusal.reason === 'closed') return say(locale, msg`The salon is closed.`);
  if (refusal.reason === 'login_required') return say(locale, msg`The salon is open to registered visitors: log in to enter.`);
  return say(locale, msg`The salon is open to invited guests only.`);
}
