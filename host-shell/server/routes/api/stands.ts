import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { HistoryBody, HistoryData, HistoryQuery } from '@salon/shared/contracts/chat';
import { Envelope } from '@salon/shared/contracts/envelope';
import { AnimatorsData, AnimatorsParams, AnimatorsQuery, StandsData } from '@salon/shared/contracts/exhibitors';
import { StandIdParams } from '@salon/shared/contracts/room';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { allStands, findCompany, standAnimators } from '../../services/exhibitors';
import { addClientHistory, checkClientHistory, historyItemsByIds, historyPage } from '../../services/history';
import { ownsStand } from '../../services/visits';
import { apiViewer } from './auth';
import { standOf } from './stand-param';

/**
 * The viewer and the stand of the path, in that order: no session is a 401, an unknown stand a 404, and only then
 * the other validation errors keep their 400.
 */
async function viewerAndStand(request: FastifyRequest, param?: 'stand_id') {
  const viewer = await apiViewer(request);
  const stand = await standOf(request, param);
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (error && error.validationContext !== 'params') throw error;
  return { viewer, stand };
}

/**
 * The stands (spec §7): the list, a stand's animators (the contact point), its history (read by its exhibitors,
 * added to by the chat: chatStarted, visioOpened).
 */
export const standRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/stands',
    {
      schema: {
        summary:
          'Every stand, keyed by obfuscated id: names (niceName French, niceNameEn English), panorama slug, optin_marketing (null: the global stands_optin_marketing) and company id.',
        response: { 200: Envelope(StandsData) },
      },
    },
    async () => ({ data: { stands: await allStands(app.db) } }),
  );

  app.get(
    '/stands/:stand_id/animators',
    {
      schema: {
        summary:
          "The stand's exhibitors (the contact point, spec §2.8), hidden ones left out (an exhibitor sees themselves), in id order. availability: set, and active within exhibitor_activity_period_before_hide. contact_email, mobile, linkedin, names and visio_link follow the field publication rule (null when not published), except for the stand's own exhibitors, who see everything. ?company_id= keeps them only when the stand is that company's (else an empty list).",
        params: AnimatorsParams,
        querystring: AnimatorsQuery,
        response: { 200: Envelope(AnimatorsData) },
      },
      attachValidation: true,
    },
    async (request) => {
      const { viewer, stand } = await viewerAndStand(request, 'stand_id');
      const rawCompany = request.query.company_id;
      if (rawCompany !== undefined) {
        const companyId = decodeId(rawCompany);
        if (companyId === null)
          throw badRequest(say(viewer.locale, msg`Invalid querystring: "company_id" is not a company id`), {
            company_id: say(viewer.locale, msg`is not a company id`),
          });
        if (!(await findCompany(app.db, companyId)))
          throw notFound(say(viewer.locale, msg`Unknown company: "${rawCompany}" is not a company id`));
        if (companyId !== stand.company_id) return { data: { visited_stand_animators: [] } };
      }
      const params = await app.parameters.get();
      const animators = await standAnimators(app.db, stand, {
        viewerId: viewer.user.id,
        locale: viewer.locale,
        origin: viewer.origin,
        activity: app.activity,
        exhibitorSeconds: params.exhibitor_activity_period_before_hide,
      });
      return { data: { visited_stand_animators: animators } };
    },
  );

  app.get(
    '/stands/:id/history',
    {
      schema: {
        summary:
          "A stand's history, newest first, 20 per page; ?last={id of the last entry received} gives the next page. The stand's exhibitors only (403).",
        params: StandIdParams,
        querystring: HistoryQuery,
        response: { 200: Envelope(HistoryData) },
      },
      attachValidation: true,
    },
    async (request) => {
      const { viewer, stand } = await viewerAndStand(request);
      const standId = stand.id;
      if (!(await ownsStand(app.db, viewer.user.id, standId)))
        throw forbidden(say(viewer.locale, msg`Only the stand's exhibitors see its history`));
      const { last: rawLast } = request.query;
      let last: number | undefined;
      if (rawLast !== undefined) {
        const id = decodeId(rawLast);
        if (id === null)
          throw badRequest(say(viewer.locale, msg`Invalid querystring: "last" is not a history id`), {
            last: say(viewer.locale, msg`is not a history id`),
          });
        last = id;
      }
      const history = await historyPage(app.db, app.activity, standId, last);
      if (history === null)
        throw badRequest(say(viewer.locale, msg`Invalid querystring: "last" is not an entry of this stand`), {
          last: say(viewer.locale, msg`is not an entry of this stand`),
        });
      return { data: { history } };
    },
  );

  app.post(
    '/stands/:id/history',
    {
      schema: {
        summary:
          "Add a history entry: chatStarted (with channel_id) by the stand's exhibitors or a member of a chat with one of them; visioOpened by the stand's exhibitors only. Sent to the stand's exhibitors (socket stand_history, live activity). Answers the entry. A chat is recorded once per stand and channel: a repeated chatStarted answers the first entry and sends nothing.",
        params: StandIdParams,
        body: HistoryBody,
        response: { 200: Envelope(HistoryData) },
      },
      attachValidation: true,
    },
    async (request) => {
      const { viewer, stand } = await viewerAndStand(request);
      const standId = stand.id;
      const { channelId } = await checkClientHistory(app.db, viewer.user, standId, request.body, viewer.locale);
      const { id, created } = await addClientHistory(app.db, viewer.user, standId, request.body.type, channelId);
      const history = await historyItemsByIds(app.db, app.activity, [id]);
      if (created) {
        app.live.publish({ type: 'history', standIds: [standId] });
        app.realtime.emitHistory(history);
      }
      return { data: { history } };
    },
  );
};
