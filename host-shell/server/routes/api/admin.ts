import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Envelope } from '../../../../shared/api/schemas/envelope';
import { StreamData } from '../../../../shared/api/schemas/room';
import { AdminSettingsData, FeaturesPatch, ParametersPatch, StreamBody, type AdminSettingsData as Settings } from '../../../../shared/api/schemas/settings';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { pick } from '../../lib/locale';
import { loadFeatures, loadParameters, loadStream, saveParameters, saveStream, setFeature, type StoredParameters, type StreamSettings } from '../../services/settings';
import { apiViewer } from './auth';

/**
 * Administrators only (spec §1: the back office; §2.1: `/admin`). The stream switch is theirs too: the spec gives
 * organisers their news and visitor list, nothing of the salon's settings.
 */
export async function requireAdministrator(request: FastifyRequest): Promise<UserRow> {
  const viewer = await apiViewer(request);
  if (viewer.user.anonymous === 1 || viewer.user.profile !== 'administrator')
    throw forbidden(pick(viewer.locale, 'Réservé aux administrateurs', 'For administrators only'));
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

export async function changeParameters(app: FastifyInstance, patch: ParametersPatch): Promise<void> {
  await saveParameters(app.db, patch as Partial<StoredParameters>);
  publishSettings(app);
}

export async function changeFeatures(app: FastifyInstance, patch: FeaturesPatch): Promise<void> {
  for (const [name, on] of Object.entries(patch)) if (typeof on === 'boolean') await setFeature(app.db, name, on);
  publishSettings(app);
}

/**
 * The stream after the change (fields left out keep their stored value; '' or null clears an address), or the
 * reason it is refused: switching it on needs a video address.
 */
export async function nextStream(app: FastifyInstance, body: StreamBody): Promise<{ ok: true; stream: StreamSettings } | { ok: false; field: 'video_url'; message: string }> {
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

export async function changeStream(app: FastifyInstance, stream: StreamSettings): Promise<void> {
  await saveStream(app.db, stream);
  publishSettings(app);
}

const ADMIN_ONLY = 'Administrators only: 401 without a session, 403 for anonymous visitors and other profiles.';

/** The salon's settings, for administrators: parameters, feature flags and the live stream (spec §3). */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The role is checked before the body: a visitor learns nothing of what would be valid.
  const guard = { preValidation: async (request: FastifyRequest) => void (await requireAdministrator(request)) };

  app.get(
    '/admin/parameters',
    { ...guard, schema: { summary: `Every stored app parameter, the feature flags and the live stream. ${ADMIN_ONLY}`, response: { 200: Envelope(AdminSettingsData) } } },
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
      await changeParameters(app, request.body);
      return { data: await currentSettings(app) };
    },
  );

  app.put(
    '/admin/features',
    {
      ...guard,
      schema: { summary: `Switches feature flags (true: '1'). ${ADMIN_ONLY}`, body: FeaturesPatch, response: { 200: Envelope(AdminSettingsData) } },
    },
    async (request) => {
      await changeFeatures(app, request.body);
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
      if (!next.ok) throw badRequest(`"${next.field}" ${next.message}`, { [next.field]: next.message });
      await changeStream(app, next.stream);
      return { data: await loadStream(app.db) };
    },
  );
};
