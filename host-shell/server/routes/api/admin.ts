import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_PER_PAGE, AuditData, AuditQuery } from '@salon/shared/contracts/backoffice';
import { Envelope } from '@salon/shared/contracts/envelope';
import { StreamData } from '@salon/shared/contracts/room';
import { AdminSettingsData, FeaturesPatch, ParametersPatch, StreamBody } from '@salon/shared/contracts/settings';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { listChanges } from '../../services/audit';
import { currentSettings, nextStream, storeSettings, storeStream } from '../../services/settings-changes';
import { loadStream, type StreamSettings } from '../../services/settings';
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

/**
 * An administrator's change of parameters and feature flags, stored with its audit entries (`storeSettings`); then
 * every process and stream learns of it, and the room frame's data is drawn again.
 */
export async function changeSettings(
  app: FastifyInstance,
  actor: UserRow,
  change: { parameters?: ParametersPatch; features?: FeaturesPatch },
): Promise<void> {
  await storeSettings(app.dbHandle, actor, change);
  publishSettings(app);
  // The salon's name is drawn on the halls' signs; the room frame's data (kept per change) holds parameters and features.
  if (change.parameters || change.features) app.panoramas.refresh();
}

export const changeParameters = (app: FastifyInstance, actor: UserRow, patch: ParametersPatch): Promise<void> =>
  changeSettings(app, actor, { parameters: patch });
export const changeFeatures = (app: FastifyInstance, actor: UserRow, patch: FeaturesPatch): Promise<void> =>
  changeSettings(app, actor, { features: patch });

/** The stream stored with its audit entry (`storeStream`); then every process and stream learns of it. */
export async function changeStream(app: FastifyInstance, actor: UserRow, stream: StreamSettings): Promise<void> {
  await storeStream(app.dbHandle, actor, stream);
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
    async () => ({ data: await currentSettings(app.db) }),
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
      return { data: await currentSettings(app.db) };
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
      return { data: await currentSettings(app.db) };
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
      const next = await nextStream(app.db, request.body);
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
