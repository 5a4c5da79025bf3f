import type { Kysely, Transaction } from 'kysely';
import { AUDIT_PER_PAGE, type AuditAction, type AuditData, type AuditEntry } from '@salon/shared/contracts/backoffice';
import { nowIso, type Database } from '../db/schema';
import { encodeId } from '../lib/ids';
import { fullName } from './users';

/*
 * The audit log: every change an administrator or a promoter makes through the product — the salon's
 * parameters, feature flags and live stream (`PUT /api/admin/*`, the `/admin` forms), the news they send
 * (`POST /api/notifications`, the socket `notification`, the `/organisateur` form), an exhibitor's availability set
 * by an organiser, the panoramas' images, companies, stands and accounts (`company.*`, `stand.*`, `account.*`: never a
 * password, only `password: "new"`), a confirmed CSV import (one entry per run), a batch of sign-in links (never a
 * token) — with who (the name and e-mail as they were then), what, before, after (only the values that changed) and
 * when. Written in the transaction of the change: a change refused or failed leaves no entry, nor does saving values
 * equal to the stored ones.
 *
 * Secrets never go in: none of today's parameters is one (`gif_key` is the gif service's public key, sent to every
 * browser with the settings). A parameter that holds a secret must be left out of `before`/`after` here.
 */

export interface Change {
  actorId: number;
  action: AuditAction;
  /** What was changed, when the action alone does not say it (a notification's id, an exhibitor). */
  target?: string | null;
  /** The values before and after, as JSON-serialisable data; null when there was nothing (a new notification). */
  before: unknown;
  after: unknown;
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/** Stores one change. Pass the change's transaction, so the entry exists exactly when the change does. */
export async function recordChange(db: Kysely<Database> | Transaction<Database>, change: Change, now = nowIso()): Promise<number> {
  const actor = await db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'pseudo', 'email'])
    .where('id', '=', change.actorId)
    .executeTakeFirst();
  const name = actor ? fullName(actor) || actor.pseudo || actor.email || `#${encodeId(actor.id)}` : `#${encodeId(change.actorId)}`;
  const { id } = await db
    .insertInto('audit_log')
    .values({
      actor_id: actor ? actor.id : null,
      actor_name: name,
      actor_email: actor?.email ?? null,
      action: change.action,
      target: change.target ?? null,
      before: json(change.before),
      after: json(change.after),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The keys of `after` whose value differs from `before`'s (compared as JSON), each side with only those keys; null
 * when nothing changed (saving a form as it was is not a change).
 */
export function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    out.before[key] = before[key] ?? null;
    out.after[key] = after[key] ?? null;
  }
  return Object.keys(out.after).length === 0 ? null : out;
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Newest first, `AUDIT_PER_PAGE` a page, pages from 1. */
export async function listChanges(db: Kysely<Database>, page: number): Promise<AuditData> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(AUDIT_PER_PAGE)
      .offset((page - 1) * AUDIT_PER_PAGE)
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst(),
  ]);
  const total = Number(count?.n ?? 0);
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.created_at,
    actor: { id_user: row.actor_id === null ? null : encodeId(row.actor_id), name: row.actor_name, email: row.actor_email },
    action: row.action as AuditAction,
    target: row.target,
    before: parse(row.before),
    after: parse(row.after),
  }));
  return { entries, page, per_page: AUDIT_PER_PAGE, total, pages: Math.max(1, Math.ceil(total / AUDIT_PER_PAGE)) };
}

const MAX_COMPACT = 300;

/** A value as one short line for the log's page: `key: value` pairs for an object, JSON otherwise, cut at 300 characters. */
export function compact(value: unknown): string {
  if (value === null || value === undefined) return '–';
  const text = isRecord(value)
    ? Object.entries(value)
        .map(([k, v]) => `${k}: ${JSON.stringify(v) ?? 'null'}`)
        .join(', ')
    : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_COMPACT ? `${text.slice(0, MAX_COMPACT - 1)}…` : text;
}
