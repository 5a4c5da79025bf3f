import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIVE_ACTIVITY_EVENT, LiveActivityQuery, LiveActivityState } from '@salon/shared/contracts/room';
import { openEventStream } from '../../lib/responses';
import { badRequest } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { searchClassOf } from '../../services/chat-users';
import { ownedStandIds } from '../../services/users';
import { standExists } from '../../services/visits';
import { apiViewer } from './auth';

/** Spec §9: the client reconnects 2000 ms after an error or a close. */
const RETRY_MS = 2000;

/**
 * `GET /api/sse/live/activity?visited_stand_id=…&owned_stands_ids=…` (spec §4.8), the stream every room page keeps
 * open. A `visited_stand_id` that is not a stand is a 400. Its `liveActivity` fields: `active_users` (active within
 * last_activity_period), the visited stand's `visited_stand_availability` (one of its exhibitors available) and
 * `visited_stand_animators` (its exhibitors as cards), and for the owned stands `owned_stands_users` (open visits),
 * `owned_stands_exhibitors` (their available exhibitors but the user) and `histories` (last 20), then `chat_users`
 * (`live/state.ts` says who; open streams get `chat_users_delta` and `owned_stands_users_delta` instead, `live/deltas.ts`).
 * Two more events, on connect and on each change, to every stream (anonymous ones too): `live:activity:notifications`
 * and `liveSettings` (the stored parameters, the feature flags and the live stream, `LiveSettings`).
 */
export const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sse/live/activity',
    {
      schema: {
        summary:
          'Live activity (server-sent events, event "liveActivity"): a full state on connect, then only the fields that changed; Last-Event-ID (or lastEventId) resumes. A ": ping" comment every 15 s. Anonymous visitors get the visited-stand fields only; owned_stands_ids not owned by the user are ignored. A second event, "live:activity:notifications", carries the user\'s newest notifications (a list, newest first, at most 10) on connect and each time one is sent to them.',
        querystring: LiveActivityQuery,
      },
      config: { eventStream: { event: LIVE_ACTIVITY_EVENT, data: LiveActivityState } },
      // A HEAD would open a stream that sends nothing.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const viewer = await apiViewer(request);
      const { visited_stand_id: visitedRaw, owned_stands_ids: ownedRaw, lastEventId: lastEventIdQuery } = request.query;

      let visited: number | null = null;
      if (visitedRaw !== undefined && visitedRaw !== '') {
        visited = decodeId(visitedRaw);
        if (visited === null || !(await standExists(app.db, visited))) {
          throw badRequest(say(viewer.locale, msg`Invalid querystring: "visited_stand_id" is not a stand id`), {
            visited_stand_id: say(viewer.locale, msg`is not a stand id`),
          });
        }
      }
      const anonymous = viewer.user.anonymous === 1;
      let owned: number[] = [];
      if (!anonymous && ownedRaw) {
        const mine = new Set(await ownedStandIds(app.db, viewer.user.id));
        const asked = ownedRaw.split(',').map((id) => decodeId(id.trim()));
        owned = [...new Set(asked.filter((id): id is number => id !== null && mine.has(id)))];
      }
      const header = request.headers['last-event-id'];
      const lastEventId = (Array.isArray(header) ? header[0] : header) ?? lastEventIdQuery;

      const out = openEventStream(reply, RETRY_MS);
      await app.live.open({ userId: viewer.user.id, anonymous, searchClass: searchClassOf(viewer.user), visited, owned, lastEventId }, out);
    },
  );
};
