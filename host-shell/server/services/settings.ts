import type { Kysely, Transaction } from 'kysely';
import {
  type AppParameters,
  defaultParameters,
  type Features,
  type SearchPermission,
  type UpcPriorityAction,
} from '@salon/shared/contracts/page-data';
import type { Database } from '../db/schema';

/** The stored app parameters (spec §3 "App parameters"); `auth` is per request, so it is not stored. */
export type StoredParameters = Omit<AppParameters, 'auth'>;

/** The client's fallbacks (for a page without page data), less `auth`, which is the viewer's, not the salon's. */
export const DEFAULT_PARAMETERS: StoredParameters = (({ auth: _auth, ...stored }) => stored)(defaultParameters());

const SEARCH_PERMISSIONS: readonly SearchPermission[] = [
  'exhibitor',
  'visitor',
  'promoter',
  'connected',
  'stand_vistor',
  'stand_exhibitor',
  'stand_promoter',
  'stand_connected',
];
const PRIORITY_ACTIONS: readonly UpcPriorityAction[] = ['chat', 'mail', 'mobile', 'linkedin'];

const clamp = (n: number) => Math.min(100, Math.max(0, n));
/** A contest name as a path segment of `POST /api/concours/{contest_name}` can spell it (`ContestParams`). */
const CONTEST_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Contest names as stored: valid ones, each once whatever its case (the first spelling is kept). */
function contestNames(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of value) {
    if (typeof name !== 'string' || !CONTEST_NAME.test(name) || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Narrows one stored value to the type of its default; a value of the wrong type falls back to the default. */
function narrow<K extends keyof StoredParameters>(key: K, value: unknown): StoredParameters[K] | undefined;
function narrow(key: keyof StoredParameters, value: unknown): unknown {
  const fallback = DEFAULT_PARAMETERS[key];
  switch (key) {
    case 'styles': {
      const sidebar = isRecord(value) && isRecord(value.sidebar) ? value.sidebar : null;
      if (!sidebar) return undefined;
      const opacity = typeof sidebar.opacity === 'number' ? clamp(sidebar.opacity) : DEFAULT_PARAMETERS.styles.sidebar.opacity;
      const blur = typeof sidebar.blur === 'number' ? clamp(sidebar.blur) : DEFAULT_PARAMETERS.styles.sidebar.blur;
      return { sidebar: { opacity, blur } };
    }
    case 'exhibitor_search_permissions':
    case 'visitor_search_permissions':
      return Array.isArray(value) ? SEARCH_PERMISSIONS.filter((p) => value.includes(p)) : undefined;
    case 'exhibitor_upc_priority_action':
      return PRIORITY_ACTIONS.find((a) => a === value);
    case 'contests':
      return contestNames(value);
    default:
      return typeof value === typeof fallback ? value : undefined;
  }
}

const isParameterKey = (key: string): key is keyof StoredParameters => Object.hasOwn(DEFAULT_PARAMETERS, key);

export async function loadParameters(db: Kysely<Database>): Promise<StoredParameters> {
  const rows = await db.selectFrom('parameters').select(['key', 'value']).execute();
  const params: StoredParameters = structuredClone(DEFAULT_PARAMETERS);
  const writable: Record<string, unknown> = params;
  for (const row of rows) {
    if (!isParameterKey(row.key)) continue;
    const value = narrow(row.key, parseJson(row.value));
    if (value !== undefined) writable[row.key] = value;
  }
  return params;
}

export async function loadFeatures(db: Kysely<Database>): Promise<Features> {
  const rows = await db.selectFrom('features').select(['key', 'value']).execute();
  const features: Features = {};
  for (const row of rows) features[row.key] = parseJson(row.value) === '1' ? '1' : '0';
  return features;
}

/** Upserts, portable across SQLite and PostgreSQL. */
export async function setParameter<K extends keyof StoredParameters>(
  db: Kysely<Database>,
  key: K,
  value: StoredParameters[K],
): Promise<void> {
  await setParameterValue(db, key, value);
}

export async function setFeature(db: Kysely<Database>, key: string, on: boolean): Promise<void> {
  const json = JSON.stringify(on ? '1' : '0');
  await db
    .insertInto('features')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}

/** The live stream that replaces the room (spec §2.2): parameters stream_active ('1' on), stream_video_url, stream_chat_url. */
export interface StreamSettings {
  active: boolean;
  video_url: string | null;
  chat_url: string | null;
}

const STREAM_KEYS = ['stream_active', 'stream_video_url', 'stream_chat_url'] as const;
const urlOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export async function loadStream(db: Kysely<Database>): Promise<StreamSettings> {
  const rows = await db
    .selectFrom('parameters')
    .select(['key', 'value'])
    .where('key', 'in', [...STREAM_KEYS])
    .execute();
  const value = (key: (typeof STREAM_KEYS)[number]): unknown => {
    const row = rows.find((r) => r.key === key);
    return row ? parseJson(row.value) : undefined;
  };
  const active = value('stream_active');
  return {
    active: active === '1' || active === 1 || active === true,
    video_url: urlOrNull(value('stream_video_url')),
    chat_url: urlOrNull(value('stream_chat_url')),
  };
}

/** One value loaded at most once per `ttlMs`; a failed load is not kept. */
class Cached<T> {
  private cached: { until: number; value: Promise<T> } | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
  ) {}

  get(): Promise<T> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const value = this.load();
    this.cached = { until: now + this.ttlMs, value };
    value.catch(() => {
      if (this.cached?.value === value) this.cached = null;
    });
    return value;
  }

  clear(): void {
    this.cached = null;
  }
}

/**
 * The parameters for code that reads them on every tick (live activity, sweeper, activity tracker) or on every
 * page (the Content-Security-Policy reads the stream's addresses): one query per `ttlMs` at most. A change through
 * the back office is seen after at most `ttlMs`, or at once after `invalidate()`.
 */
export class ParametersCache {
  private readonly parameters: Cached<StoredParameters>;
  private readonly streamSettings: Cached<StreamSettings>;

  /** `stream`: what rooms show (the programme's `effectiveStream`), by default the stored settings. */
  constructor(db: Kysely<Database>, ttlMs: number, stream: () => Promise<StreamSettings> = () => loadStream(db)) {
    this.parameters = new Cached(() => loadParameters(db), ttlMs);
    this.streamSettings = new Cached(stream, ttlMs);
  }

  get(): Promise<StoredParameters> {
    return this.parameters.get();
  }

  /** The live stream as rooms show it (the stored `stream_active`, `stream_video_url`, `stream_chat_url`, or a talk's). */
  stream(): Promise<StreamSettings> {
    return this.streamSettings.get();
  }

  invalidate(): void {
    this.parameters.clear();
    this.streamSettings.clear();
  }
}

/** `work` in `db`'s transaction when it is one (the caller's, with its audit entry), else in a new one. */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/** Stores each parameter of an administrator's change (already validated by `ParametersPatch`), in one transaction. */
export async function saveParameters(db: Kysely<Database>, patch: Partial<StoredParameters>): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const key of Object.keys(patch) as (keyof StoredParameters)[]) {
      if (!isParameterKey(key) || patch[key] === undefined) continue;
      await setParameter(trx, key, patch[key] as StoredParameters[typeof key]);
    }
  });
}

/** Stores one parameter's value as JSON, whatever its key. */
export async function setParameterValue(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('parameters')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}

/** Stores the live stream: `stream_active` '1' or '0', the addresses or '' (none). */
export async function saveStream(db: Kysely<Database>, stream: StreamSettings): Promise<void> {
  const entries: [string, string][] = [
    ['stream_active', stream.active ? '1' : '0'],
    ['stream_video_url', stream.video_url ?? ''],
    ['stream_chat_url', stream.chat_url ?? ''],
  ];
  await inTransaction(db, async (trx) => {
    for (const [key, value] of entries) {
      const json = JSON.stringify(value);
      await trx
        .insertInto('parameters')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
        .execute();
    }
  });
}
