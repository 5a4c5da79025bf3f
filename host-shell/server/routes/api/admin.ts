import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_PER_PAGE, AuditData, AuditQuery } from '@salon/shared/contracts/backoffice';
import { Envelope } from '@salon/shared/contracts/envelope';
import { StreamData } from '@salon/shared/contracts/room';
import {
  AdminSettingsData,
  FeaturesPatch,
  ParametersPatch,
  StreamBody,
  type AdminSettingsData as Settings,
} from '@salon/shared/contracts/settings';
import { sql, type Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { diff, listChanges, recordChange } from '../../services/audit';
import {
  loadFeatures,
  loadParameters,
  loadStream,
  saveParameters,
  saveStream,
  setFeature,
  type StoredParameters,
  type StreamSettings,
} from '../../services/settings';
import { apiViewer } from './auth';

/**
 * Administrators only (spec §1: the back office; §2.1: `/admin`). The stream switch is theirs too: the spec gives
 * organisers their news and visitor list, nothing of the salon's settings.
 */
export async function requireAdministrator(request: FastifyRequest): Promise<UserRow> {
  const viewer = await apiViewer(request);
  if (viewer.user.anonymous === 1 || viewer.user.profile !== 'administrator')
    throw forbidden(say(viewer.locale, msg`For administrators only`));
  return viewer.user;
}

/** After a change: every process drops its cached parameters and every live stream gets the new settings. */
export function publishSettings(app: FastifyInstance): void {
  app.parameters.invalidate();
  app.live.publish({ type: 'settings' });
}

export async function currentSettings(app: FastifyInstance): Promise<Settings> {
  const [parameters, features, stream] = await Promise.all([loadParameters(app.db), loadFeatures(app.db), loadStream(app.db)]);
  return { parameters, features, stream };
}

/** A number of our own for PostgreSQL's transaction-level advisory lock on the settings. */
const SETTINGS_LOCK = 7_013_001;

/**
 * Settings changes one after the other, so each audit entry's `before` is what the previous change left. SQLite runs
 * one transaction at a time already (one connection); PostgreSQL's read committed would let two changes read the
 * same `before`: a transaction-level advisory lock, released at commit or rollback.
 */
async function lockSettings(app: FastifyInstance, trx: Transaction<Database>): Promise<void> {
  if (app.dbHandle.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SETTINGS_LOCK})`.execute(trx);
}

/**
 * Stores an administrator's change of parameters and feature flags, and its audit entries (the changed keys,
 * before and after), in one transaction; then every process and stream learns of it.
 */
export async function changeSettings(
  app: FastifyInstance,
  actor: UserRow,
  change: { parameters?: ParametersPatch; features?: FeaturesPatch },
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await lockSettings(app, trx);
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
  publishSettings(app);
  // The salon's name is drawn on the halls' signs; the room frame's data (kept per change) holds parameters and features.
  if (change.parameters || change.features) app.panoramas.refresh();
}

export const changeParameters = (app: FastifyInstance, actor: UserRow, patch: ParametersPatch): Promise<void> =>
  changeSettings(app, actor, { parameters: patch });
export const changeFeatures = (app: FastifyInstance, actor: UserRow, patch: FeaturesPatch): Promise<void> =>
  changeSettings(app, actor, { features: patch });

/**
 * The stream after the change (fields left out keep their stored value; '' or null clears an address), or the
 * reason it is refused: switching it on needs a video address.
 */
export async function nextStream(
  app: FastifyInstance,
  body: StreamBody,
): Promise<{ ok: true; stream: StreamSettings } | { ok: false; field: 'video_url'; message: string }> {
  const stored = await loadStream(app.db);
  const address = (given: string | null | undefined, kept: string | null) => (given === undefined ? kept : given === '' ? null : given);
  const stream: StreamSettings = {
    active: body.active ?? stored.active,
    video_url: address(body.video_url, stored.video_url),
    chat_url: address(body.chat_url, stored.chat_url),
  };
  if (stream.active && !stream.video_url) return { ok: false, field: 'video_url', message: 'is required to switch the live stream on' };
  return { ok: true, stream };
}

/** Stores the stream and its audit entry in one transaction; then every process and stream learns of it. */
export async function changeStream(app: FastifyInstance, actor: UserRow, stream: StreamSettings): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await lockSettings(app, trx);
    const before = await loadStream(trx);
    await saveStream(trx, stream);
    const changed = diff({ ...before }, { ...stream });
    if (changed) await recordChange(trx, { actorId: actor.id, action: 'stream.update', target: null, ...changed });
  });
  publishSettings(app);
}

const ADMIN_ONLY = 'Administrators only: 401 without a session, 403 for anonymous visitors and other profiles.';

/** The salon's settings, for administrators: parameters, feature flags and the live stream (spec §3). */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The role is checked before the body: a visitor learns nothing of what would be valid.
  const guard = { preValidation: async (request: FastifyRequest) => void (await requireAdministrator(request)) };
  const actorOf = async (request: FastifyRequest) => requireAdministrator(request);

  app.get(
    '/admin/parameters',
    {
      ...guard,
      schema: {
        summary: `Every stored app parameter, the feature flags and the live stream. ${ADMIN_ONLY}`,
        response: { 200: Envelope(AdminSettingsData) },
      },
    },
    async () => ({ data: await currentSettings(app) }),
  );

  app.put(
    '/admin/parameters',
    {
      ...guard,
      schema: {
        summary: `Changes some app parameters (spec §3), each checked; an unknown key is a 400. Connected visitors get them through the live activity (liveSettings). ${ADMIN_ONLY}`,
        body: ParametersPatch,
        response: { 200: Envelope(AdminSettingsData) },
      },
    },
    async (request) => {
      await changeParameters(app, await actorOf(request), request.body);
      return { data: await currentSettings(app) };
    },
  );

  app.put(
    '/admin/features',
    {
      ...guard,
      schema: {
        summary: `Switches feature flags (true: '1'). ${ADMIN_ONLY}`,
        body: FeaturesPatch,
        response: { 200: Envelope(AdminSettingsData) },
      },
    },
    async (request) => {
      await changeFeatures(app, await actorOf(request), request.body);
      return { data: await currentSettings(app) };
    },
  );

  app.put(
    '/admin/stream',
    {
      ...guard,
      schema: {
        summary: `Switches the live stream that replaces every visitor's room (spec §2.2) on or off, with its video and chat addresses (http or https). On needs a video address. Rooms follow within seconds (liveSettings). ${ADMIN_ONLY}`,
        body: StreamBody,
        response: { 200: Envelope(StreamData) },
      },
    },
    async (request) => {
      const next = await nextStream(app, request.body);
      // The one refusal of nextStream: the video address (`next.field`) when the stream is switched on.
      if (!next.ok)
        throw badRequest(say((await request.viewer()).locale, msg`"video_url" is required to switch the live stream on`), {
          [next.field]: next.message,
        });
      await changeStream(app, await actorOf(request), next.stream);
      return { data: await loadStream(app.db) };
    },
  );

  app.get(
    '/admin/audit',
    {
      ...guard,
      schema: {
        summary: `The audit log: every change an administrator or a promoter made (settings, stream, news, an exhibitor's availability), who (name and e-mail at the time), what, before and after (the changed values), when (ISO 8601 UTC); newest first, ${AUDIT_PER_PAGE} a page, pages from 1 (a bad page is a 400). ${ADMIN_ONLY}`,
        querystring: AuditQuery,
        response: { 200: Envelope(AuditData) },
      },
    },
    async (request) => ({ data: await listChanges(app.db, request.query.page ?? 1) }),
  );
};
