import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope } from '@salon/shared/contracts/envelope';
import { ActiveData, StandIdParams, StreamData, TrackingEventBody, VisitBody, VisitData } from '@salon/shared/contracts/room';
import { badRequest } from '../../lib/errors';
import { LOCALE_COOKIE, resolveLocale } from '../../lib/locale';
import { decodeId } from '../../lib/ids';
import { isBeacon } from '../../lib/origin';
import { SESSION_COOKIE } from '../../services/sessions';
import { effectiveStream } from '../../services/programme';
import { endVisit, standExists, startVisit, toStandVisit, visitTarget } from '../../services/visits';
import { recordTrackingEvent } from '../../services/engagement';
import { visitChanges } from '../../live/changes';
import { apiViewer, notAuthenticated } from './auth';
import { standIdParam, unknownStand } from './stand-param';

const TrackingEventData = Type.Object({ success: Type.Literal(true) });

export const roomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * `{start: true}` opens a visit (the user's other open visit ends `replaced` first) and writes `enterOnStand`;
   * `{end: true}` closes the open visit on that stand (`leaveStand`), `stand_visit: null` when there is none. On a
   * stand the user owns nothing is written (`stand_visit: null`). Bad or unknown stand id: 404; bad body: 400.
   * Beacon: a text/plain JSON body without X-Requested-With is accepted on this route only, when Origin or Referer is
   * this server, and only to end (`ended_by: 'beacon'`).
   */
  app.post(
    '/stands/:id/visit',
    {
      schema: {
        summary:
          'Start ({start: true}) or end ({end: true}) a stand visit. Starting closes any other open visit of the user. Nothing is recorded on a stand the user owns (stand_visit null). The end may come by navigator.sendBeacon: a text/plain JSON body without X-Requested-With, accepted when Origin or Referer is this server.',
        params: StandIdParams,
        body: VisitBody,
        response: { 200: Envelope(VisitData) },
      },
      config: { beacon: true },
      // A bad stand id is a 404 (not a 400 from the params schema); the body's errors are thrown below.
      attachValidation: true,
      preValidation: async (request) => {
        // fastify hands text/plain bodies over as strings (the beacon's).
        if (typeof request.body !== 'string') return;
        try {
          request.body = JSON.parse(request.body) as unknown as VisitBody;
        } catch {
          throw badRequest(say((await request.viewer()).locale, msg`Invalid body: not JSON`));
        }
      },
    },
    async (request) => {
      // Who is not signed in gets the 401 before a bad stand id's 404.
      const standId = standIdParam(request);
      const viewer = await apiViewer(request);
      const db = app.db;
      const { user } = viewer;
      // One read: the stand, and whether the user is one of its exhibitors.
      const target = standId === null ? null : await visitTarget(db, user.id, standId);
      if (standId === null || !target) throw await unknownStand(request);
      if (request.validationError) throw request.validationError;
      const body = request.body;
      const beacon = isBeacon(request);
      if (beacon && 'start' in body) throw badRequest(say(viewer.locale, msg`A beacon can only end a visit`));

      // Spec §6: owned stands skip visit tracking.
      if (target.owned) return { data: { stand_visit: null } };

      if ('start' in body) {
        app.activity.touch(user.id);
        const { visit, replaced, entered } = await startVisit(db, app.dbHandle.dialect, user.id, standId);
        const written = [...replaced.map((v) => v.history), entered];
        for (const change of visitChanges(user, { opened: [visit], closed: replaced }, written)) app.live.publish(change);
        void app.realtime.historyWritten(user, written);
        return { data: { stand_visit: toStandVisit(visit) } };
      }
      const ended = await endVisit(db, user.id, standId, beacon ? 'beacon' : 'client');
      if (!ended) return { data: { stand_visit: null } };
      for (const change of visitChanges(user, { opened: [], closed: [ended] }, [ended.history])) app.live.publish(change);
      void app.realtime.historyWritten(user, [ended.history]);
      return { data: { stand_visit: toStandVisit(ended) } };
    },
  );

  // Every visitor, every 2 s (spec §4.3): no database work, no per-request log line.
  app.put(
    '/users/me/active',
    {
      logLevel: 'warn',
      schema: {
        summary: 'Activity push (every 2 s while the room has focus). Kept in memory, written in batches.',
        response: { 200: Envelope(ActiveData) },
      },
    },
    async (request) => {
      const userId = await app.sessions.userId(request.cookies[SESSION_COOKIE]);
      // Refused without reading the session: the language is the visitor's choice or the browser's.
      if (userId === null)
        throw notAuthenticated(resolveLocale(request.cookies[LOCALE_COOKIE], undefined, request.headers['accept-language']));
      return { data: { last_activity_at: app.activity.touch(userId) } };
    },
  );

  app.get(
    '/stream/active',
    {
      schema: {
        summary:
          'The live stream that replaces the room when active (parameters stream_active, stream_video_url, stream_chat_url), or the talk of the programme on the stream running now (its addresses) unless an administrator switched the stream by hand since it started',
        response: { 200: Envelope(StreamData) },
      },
    },
    async () => ({ data: await effectiveStream(app.db) }),
  );

  app.post(
    '/tracking-event',
    {
      schema: {
        summary: 'Record a tracking event (e.g. stand_{id}_enter); stand_id is an obfuscated stand id',
        body: TrackingEventBody,
        response: { 200: Envelope(TrackingEventData) },
      },
    },
    async (request) => {
      const { user, locale } = await request.viewer();
      const { name, value, stand_id: rawStand } = request.body;
      let standId: number | null = null;
      if (rawStand !== undefined && rawStand !== null) {
        standId = decodeId(rawStand);
        if (standId === null || !(await standExists(app.db, standId))) {
          throw badRequest(say(locale, msg`Invalid body: "stand_id" is not a stand id`), { stand_id: say(locale, msg`is not a stand id`) });
        }
      }
      await recordTrackingEvent(app.db, { userId: user?.id ?? null, name, value: value ?? null, standId });
      return { data: { success: true as const } };
    },
  );
};
