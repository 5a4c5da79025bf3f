import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AvailabilityBody, AvailabilityData } from '@salon/shared/contracts/chat';
import { Envelope } from '@salon/shared/contracts/envelope';
import { OtherAvailabilityBody, OtherAvailabilityParams } from '@salon/shared/contracts/exhibitors';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { refreshViewerUser } from '../../plugins/session';
import { shareAStand } from '../../services/exhibitors';
import { setAvailability } from '../../services/history';
import { findUserById } from '../../services/users';
import { apiViewer } from './auth';

/**
 * Spec §4.4: records the change (updateAvailability on each of the target's stands) and tells everyone who shows
 * it: the live activity (their stands' exhibitors scope, so visitors on those stands too, and the history) and the
 * stands' exhibitors' sockets (stand_history).
 */
async function applyAvailability(request: FastifyRequest, viewer: UserRow, target: UserRow, available: boolean): Promise<void> {
  const app = request.server;
  // Changing it is an act of the caller: their activity is now (the exhibitor's own switch makes them available at once).
  app.activity.touch(viewer.id);
  // An organiser's change of someone's availability is theirs to answer for: it goes in the audit log.
  const organiser = viewer.anonymous === 0 && (viewer.profile === 'promoter' || viewer.profile === 'administrator');
  const { changed, standIds, historyIds } = await setAvailability(
    app.db,
    target,
    available,
    organiser ? { actorId: viewer.id } : undefined,
  );
  if (!changed) return;
  app.live.publish({ type: 'exhibitors', userIds: [target.id] });
  app.live.publish({ type: 'history', standIds });
  void app.realtime.historyAdded(historyIds);
  if (target.id === viewer.id) {
    const fresh = await findUserById(app.db, viewer.id);
    if (fresh) await refreshViewerUser(request, fresh);
  }
}

export const exhibitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/exhibitors/me/availability',
    {
      schema: {
        summary:
          "The exhibitor's availability (spec §4.4). A change is recorded as updateAvailability on each of their stands, sent to the stands' exhibitors (socket stand_history) and to the live activity. Exhibitors only (403).",
        body: AvailabilityBody,
        response: { 200: Envelope(AvailabilityData) },
      },
    },
    async (request) => {
      const viewer = await apiViewer(request);
      if (viewer.user.profile !== 'exhibitor') throw forbidden(say(viewer.locale, msg`Only exhibitors have an availability`));
      const { availability } = request.body;
      await applyAvailability(request, viewer.user, viewer.user, availability);
      return { data: { availability } };
    },
  );

  app.put(
    '/exhibitors/:id/availability',
    {
      schema: {
        summary:
          "Another exhibitor's availability (spec §7 `{available}`), with the same effects as /exhibitors/me/availability. Promoters, administrators, and the exhibitors who share a stand with them; anyone else 403. An id that is not an exhibitor: 404.",
        params: OtherAvailabilityParams,
        body: OtherAvailabilityBody,
        response: { 200: Envelope(AvailabilityData) },
      },
      attachValidation: true,
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const { user, locale } = viewer;
      const organiser = user.profile === 'promoter' || user.profile === 'administrator';
      // Who may not change anyone's availability learns nothing about the id.
      if (!organiser && user.profile !== 'exhibitor') {
        throw forbidden(say(locale, msg`You cannot change an exhibitor's availability`));
      }
      const raw = request.params.id;
      const id = decodeId(raw);
      const target = id === null ? null : await findUserById(app.db, id);
      if (!target || target.profile !== 'exhibitor') throw notFound(say(locale, msg`Unknown exhibitor: "${raw}" is not an exhibitor id`));
      const error = request.validationError as (Error & { validationContext?: string }) | undefined;
      if (error && error.validationContext !== 'params') throw error;
      if (!organiser && target.id !== user.id && !(await shareAStand(app.db, user.id, target.id))) {
        throw forbidden(say(locale, msg`Only exhibitors who share a stand can change each other’s availability`));
      }
      const { available } = request.body;
      await applyAvailability(request, user, target, available);
      return { data: { availability: available } };
    },
  );
};
