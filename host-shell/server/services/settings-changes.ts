import type { Kysely, Transaction } from 'kysely';
import type { FeaturesPatch, ParametersPatch, StreamBody, AdminSettingsData as Settings } from '@salon/shared/contracts/settings';
import { takeTurns } from '../db/atomic';
import type { DatabaseHandle } from '../db/connect';
import { nowIso, type Database, type UserRow } from '../db/schema';
import { diff, recordChange } from './audit';
import { STREAM_SWITCHED_AT } from './programme';
import {
  loadFeatures,
  loadParameters,
  loadStream,
  saveParameters,
  saveStream,
  setFeature,
  setParameterValue,
  type StoredParameters,
  type StreamSettings,
} from './settings';

/** The salon's settings as an administrator edits them: parameters, feature flags and the live stream. */
export async function currentSettings(db: Kysely<Database>): Promise<Settings> {
  const [parameters, features, stream] = await Promise.all([loadParameters(db), loadFeatures(db), loadStream(db)]);
  return { parameters, features, stream };
}

/** A number of our own for PostgreSQL's transaction-level advisory lock on the settings. */
const SETTINGS_LOCK = 7_013_001;

/**
 * Settings changes one after the other, so each audit entry's `before` is what the previous change left. SQLite runs
 * one transaction at a time already (one connection); PostgreSQL's read committed would let two changes read the
 * same `before`: a transaction-level advisory lock, released at commit or rollback.
 */
async function lockSettings(dialect: DatabaseHandle['dialect'], trx: Transaction<Database>): Promise<void> {
  await takeTurns(dialect, [SETTINGS_LOCK])?.execute(trx);
}

/**
 * Stores an administrator's change of parameters and feature flags, and its audit entries (the changed keys,
 * before and after), in one transaction.
 */
export async function storeSettings(
  { db, dialect }: Pick<DatabaseHandle, 'db' | 'dialect'>,
  actor: UserRow,
  change: { parameters?: ParametersPatch; features?: FeaturesPatch },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockSettings(dialect, trx);
    if (change.parameters) {
      const before = await loadParameters(trx);
      await saveParameters(trx, change.parameters as Partial<StoredParameters>);
      // As read back (lists in their canonical order), so saving the same values again is no change.
      const stored = (await loadParameters(trx)) as unknown as Record<string, unknown>;
      const after = Object.fromEntries(Object.keys(change.parameters).map((key) => [key, stored[key]]));
      const changed = diff(before as unknown as Record<string, unknown>, after);
      if (changed)
        await recordChange(trx, {
          actorId: actor.id,
          action: 'parameters.update',
          target: Object.keys(changed.after).join(', '),
          ...changed,
        });
    }
    if (change.features) {
      const before = await loadFeatures(trx);
      const after: Record<string, string> = {};
      for (const [name, on] of Object.entries(change.features)) {
        if (typeof on !== 'boolean') continue;
        await setFeature(trx, name, on);
        after[name] = on ? '1' : '0';
      }
      const changed = diff(before, after);
      if (changed)
        await recordChange(trx, {
          actorId: actor.id,
          action: 'features.update',
          target: Object.keys(changed.after).join(', '),
          ...changed,
        });
    }
  });
}

/**
 * The stream after the change (fields left out keep their stored value; '' or null clears an address), or the
 * reason it is refused: switching it on needs a video address.
 */
export async function nextStream(
  db: Kysely<Database>,
  body: StreamBody,
): Promise<{ ok: true; stream: StreamSettings } | { ok: false; field: 'video_url'; message: string }> {
  const stored = await loadStream(db);
  const address = (given: string | null | undefined, kept: string | null) => (given === undefined ? kept : given === '' ? null : given);
  const stream: StreamSettings = {
    active: body.active ?? stored.active,
    video_url: address(body.video_url, stored.video_url),
    chat_url: address(body.chat_url, stored.chat_url),
  };
  if (stream.active && !stream.video_url) return { ok: false, field: 'video_url', message: 'is required to switch the live stream on' };
  return { ok: true, stream };
}

/** Stores the stream, the time of this switch by hand, and its audit entry in one transaction. */
export async function storeStream(
  { db, dialect }: Pick<DatabaseHandle, 'db' | 'dialect'>,
  actor: UserRow,
  stream: StreamSettings,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockSettings(dialect, trx);
    const before = await loadStream(trx);
    await saveStream(trx, stream);
    // A switch by hand during a talk on the stream wins over the talk until it ends (services/programme.ts).
    await setParameterValue(trx, STREAM_SWITCHED_AT, nowIso());
    const changed = diff({ ...before }, { ...stream });
    if (changed) await recordChange(trx, { actorId: actor.id, action: 'stream.update', target: null, ...changed });
  });
}
