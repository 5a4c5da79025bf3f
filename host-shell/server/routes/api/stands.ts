import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { HistoryBody, HistoryData, HistoryQuery } from '../../../../shared/api/schemas/chat';
import { Envelope } from '../../../../shared/api/schemas/envelope';
import { StandIdParams } from '../../../../shared/api/schemas/room';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { pick } from '../../lib/locale';
import { addClientHistory, checkClientHistory, historyItemsByIds, historyPage } from '../../services/history';
import { ownsStand, standExists } from '../../services/visits';
import { apiViewer } from './auth';

/** The stand of `/stands/{id}/…`: 404 unless the id is one of ours and the stand exists. */
async function standOf(request: FastifyRequest): Promise<number> {
  const raw = (request.params as { id?: unknown }).id;
  const id = typeof raw === 'string' ? decodeId(raw) : null;
  if (id === null || !(await standExists(request.server.db, id))) throw notFound(`Unknown stand: "${typeof raw === 'string' ? raw : ''}" is not a stand id`);
  return id;
}

/** Path errors are 404 (unknown stand); the others keep their 400. */
function validationAfterPath(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (error && error.validationContext !== 'params') throw error;
}

/** A stand's history (spec §7): read by its exhibitors, added to by the chat (chatStarted, visioOpened). */
export const standRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/stands/:id/history',
    {
      schema: {
        summary: "A stand's history, newest first, 20 per page; ?last={id of the last entry received} gives the next page. The stand's exhibitors only (403).",
        params: StandIdParams,
        querystring: HistoryQuery,
        response: { 200: Envelope(HistoryData) },
      },
      attachValidation: true,
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const standId = await standOf(request);
      validationAfterPath(request);
      if (!(await ownsStand(app.db, viewer.user.id, standId))) throw forbidden(pick(viewer.locale, 'Seuls les exposants du stand voient son historique', "Only the stand's exhibitors see its history"));
      const { last: rawLast } = request.query;
      let last: number | undefined;
      if (rawLast !== undefined) {
        const id = decodeId(rawLast);
        if (id === null) throw badRequest('Invalid querystring: "last" is not a history id', { last: 'is not a history id' });
        last = id;
      }
      const history = await historyPage(app.db, app.activity, standId, last);
      if (history === null) throw badRequest('Invalid querystring: "last" is not an entry of this stand', { last: 'is not an entry of this stand' });
      return { data: { history } };
    },
  );

  app.post(
    '/stands/:id/history',
    {
      schema: {
        summary:
          "Add a history entry: chatStarted (with channel_id) by the stand's exhibitors or a member of a chat with one of them; visioOpened by the stand's exhibitors only. Sent to the stand's exhibitors (socket stand_history, live activity). Answers the entry.",
        params: StandIdParams,
        body: HistoryBody,
        response: { 200: Envelope(HistoryData) },
      },
      attachValidation: true,
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const standId = await standOf(request);
      validationAfterPath(request);
      const { channelId } = await checkClientHistory(app.db, viewer.user, standId, request.body, viewer.locale);
      const id = await addClientHistory(app.db, viewer.user, standId, request.body.type, channelId);
      const history = await historyItemsByIds(app.db, app.activity, [id]);
      app.live.publish({ type: 'history', standIds: [standId] });
      app.realtime.emitHistory(history);
      return { data: { history } };
    },
  );
};
