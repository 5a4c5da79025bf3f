import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { UsersActivesData } from '@salon/shared/contracts/backoffice';
import {
  AnalyticsQuery,
  USERS_ACTIVES_EVENT,
  AttendanceData,
  AttendanceQuery,
  StandAnalyticsData,
  VisitorsData,
  VisitorsQuery,
} from '@salon/shared/contracts/analytics';
import { Envelope } from '@salon/shared/contracts/envelope';
import type { StandRow } from '../../db/schema';
import { openEventStream, sendCsv } from '../../lib/responses';
import { forbidden, notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { pick } from '../../lib/locale';
import {
  attendance,
  attendanceCsv,
  searchVisitors,
  standAnalytics,
  standAnalyticsCsv,
  statsFilename,
  visitorsCsv,
} from '../../services/analytics';
import { findStand } from '../../services/exhibitors';
import { ownsStand } from '../../services/visits';
import { apiViewer } from './auth';
import { organisersOnly } from './users';

/** Exhibitors and organisers get past validation; visitors (anonymous ones too) are refused first: 403 before any 400. */
async function exhibitorsAndOrganisers(request: FastifyRequest): Promise<void> {
  const { user, locale } = await apiViewer(request);
  if (user.anonymous === 1 || user.profile === 'visitor') throw forbidden(say(locale, msg`For exhibitors and organizers only`));
}

/** The stand asked for: any for organisers, their own for exhibitors (403 otherwise), 404 when there is none. */
async function standFor(request: FastifyRequest, raw: string): Promise<StandRow> {
  const { user, locale } = await apiViewer(request);
  const id = decodeId(raw);
  const stand = id === null ? null : await findStand(request.server.db, id);
  if (!stand) throw notFound(say(locale, msg`Unknown stand: "${raw}" is not a stand id`));
  const organiser = user.profile === 'promoter' || user.profile === 'administrator';
  if (!organiser && !(user.profile === 'exhibitor' && (await ownsStand(request.server.db, user.id, stand.id))))
    throw forbidden(say(locale, msg`Only the stand's exhibitors and the organizers see its figures`));
  return stand;
}

const CSV =
  'With ?format=csv (or the .csv address): text/csv; charset=utf-8 with a BOM, as an attachment, a header row, every value quoted, a cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe.';
const FRESH = 'Computed on each call from the stored visits, chats and leads (never cached: a visit a minute ago counts).';

/** Spec §9: the client reconnects 2000 ms after an error or a close. */
const RETRY_MS = 2000;

export const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const stand = async (request: FastifyRequest, reply: FastifyReply, query: AnalyticsQuery, csv: boolean) => {
    const row = await standFor(request, query.stand_id);
    const data = await standAnalytics(app.db, row);
    reply.header('cache-control', 'private, no-store');
    if (!csv && query.format !== 'csv') return { data };
    const { locale } = await apiViewer(request);
    return sendCsv(reply, standAnalyticsCsv(data, pick(locale, row.name, row.name_en)), statsFilename(`visits-${row.panorama_slug}`));
  };

  app.get(
    '/analytics',
    {
      preValidation: exhibitorsAndOrganisers,
      schema: {
        summary: `A stand's visits, unique visitors, chats started and leads per hour (UTC) from its first activity to now, and the totals, with the meetings booked in its slots (held: accepted and begun; cancelled). Exhibitors: their own stands (403 for another); promoters and administrators: any stand; 401 without a session, 403 for visitors (anonymous ones too), 404 for an unknown stand. ${FRESH} ${CSV}`,
        querystring: AnalyticsQuery,
        response: { 200: Envelope(StandAnalyticsData) },
      },
    },
    async (request, reply) => stand(request, reply, request.query, false),
  );

  app.get(
    '/analytics.csv',
    {
      preValidation: exhibitorsAndOrganisers,
      schema: { summary: `GET /api/analytics?format=csv (same access): one row per hour.`, querystring: AnalyticsQuery },
    },
    async (request, reply) => stand(request, reply, request.query, true),
  );

  const people = async (reply: FastifyReply, csv: boolean) => {
    const data = await attendance(app.db);
    reply.header('cache-control', 'private, no-store');
    return csv ? sendCsv(reply, attendanceCsv(data), statsFilename('attendance')) : { data };
  };

  app.get(
    '/analytics/attendance',
    {
      preValidation: organisersOnly,
      schema: {
        summary: `The salon's attendance over the last 24 hours, per hour (UTC): distinct people seen (a session begun, a stand visit started, a tracked event, or their last activity) and stand visits. Promoters and administrators only (401 without a session, 403 otherwise). ${CSV}`,
        querystring: AttendanceQuery,
        response: { 200: Envelope(AttendanceData) },
      },
    },
    async (request, reply) => people(reply, request.query.format === 'csv'),
  );

  app.get(
    '/analytics/attendance.csv',
    {
      preValidation: organisersOnly,
      schema: { summary: 'GET /api/analytics/attendance?format=csv (same access).', querystring: AttendanceQuery },
    },
    async (_request, reply) => people(reply, true),
  );

  const visitors = async (reply: FastifyReply, query: VisitorsQuery, csv: boolean) => {
    const found = await searchVisitors(app.db, query);
    reply.header('cache-control', 'private, no-store');
    if (csv || query.format === 'csv') return sendCsv(reply, visitorsCsv(found.all), statsFilename('visitors'));
    const { all: _all, ...data } = found;
    return { data };
  };

  app.get(
    '/users/visitors',
    {
      preValidation: organisersOnly,
      schema: {
        summary: `Registered visitors, 25 a page: ?search= (words, each found in a published field), ?sort=name|-name|created_at|-created_at|city|-city (default -created_at), ?page= (from 1; past the last page: the last). Each field is null unless the visitor published it (spec §5), and the search and the order see published values only. Promoters and administrators only (401 without a session, 403 otherwise). ${CSV} (every page)`,
        querystring: VisitorsQuery,
        response: { 200: Envelope(VisitorsData) },
      },
    },
    async (request, reply) => visitors(reply, request.query, false),
  );

  app.get(
    '/users/visitors.csv',
    {
      preValidation: organisersOnly,
      schema: {
        summary: 'GET /api/users/visitors?format=csv (same access, search and sort): every matching visitor.',
        querystring: VisitorsQuery,
      },
    },
    async (request, reply) => visitors(reply, request.query, true),
  );

  app.get(
    '/sse/users/actives',
    {
      preValidation: organisersOnly,
      schema: {
        summary:
          'Who is here now, live (server-sent events, event "usersActives", data as GET /api/users/actives): the state on connect, then again each time the people active or their count change (presence, a profile hidden or renamed, the activity window), at most one recomputation per few seconds for every stream; a ": ping" comment every 15 s. Promoters and administrators only (401 without a session, 403 otherwise).',
        querystring: Type.Object({}),
      },
      config: { eventStream: { event: USERS_ACTIVES_EVENT, data: UsersActivesData } },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const out = openEventStream(reply, RETRY_MS);
      await app.actives.open(out);
    },
  );
};
