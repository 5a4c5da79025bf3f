import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../lib/errors';
import { html } from '../../lib/html';
import { decodeId } from '../../lib/ids';
import { convertStrings, validate } from '../../lib/validation';
import { VisitorsQuery } from '@salon/shared/contracts/analytics';
import { searchVisitors } from '../../services/analytics';
import { counts, recentContactRequests } from '../../services/backoffice';
import { leadCountsByStand, listLeads } from '../../services/leads';
import { standsOfExhibitor } from '../../services/stands';
import { findUserById } from '../../services/users';
import { exhibitorArea, exhibitorProfilePage, promoterArea } from '../../views/areas';
import { visitorListPage } from '../../views/visitors';
import { exhibitorProfileEditor } from '../../views/exhibitor-profile';
import { buildPageData } from '../../page-data/build';
import { LEADS_SHOWN, exhibitorLeads, organiserLeads } from '../../views/leads';
import { gate, pageContext, pathParam, sendPage } from './kit';
import { newsSent, promoterNewsSection } from './news';
import { statsWidget } from './stats';

export async function showExhibitorArea(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['exhibitor'] });
  if (!user) return reply;
  const stands = await standsOfExhibitor(request.server.db, user.id);
  const leads = await Promise.all(
    stands.map(async ({ stand }) => ({ stand, leads: await listLeads(request.server.db, { standId: stand.id, limit: LEADS_SHOWN }) })),
  );
  const ctx = await pageContext(request);
  const stats = await statsWidget(request, user);
  return sendPage(reply, exhibitorArea(ctx, user, stands, html`${stats}${exhibitorLeads(ctx, leads)}`));
}

/** Public: anyone may read a published exhibitor's sheet. A bad id, a non-exhibitor or a hidden profile is a 404. */
export async function showExhibitorProfile(request: FastifyRequest, reply: FastifyReply) {
  const id = decodeId(pathParam(request, 'id_user'));
  const exhibitor = id === null ? null : await findUserById(request.server.db, id);
  if (!exhibitor || exhibitor.profile !== 'exhibitor' || exhibitor.hidden === 1) throw notFound('Unknown exhibitor');
  const stands = await standsOfExhibitor(request.server.db, exhibitor.id);
  const ctx = await pageContext(request);
  // An exhibitor of no stand is shown nowhere a visitor looks: their card only to themselves and the organisers.
  const organiser = ctx.user?.anonymous === 0 && (ctx.user.profile === 'promoter' || ctx.user.profile === 'administrator');
  if (stands.length === 0 && ctx.user?.id !== exhibitor.id && !organiser) throw notFound('Unknown exhibitor');
  return sendPage(reply, exhibitorProfilePage(ctx, exhibitor, stands, ctx.user?.id === exhibitor.id));
}

/** The exhibitor's card editor with its live preview (a widget); exhibitors only. */
export async function showOwnExhibitorProfile(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['exhibitor'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const data = await buildPageData(request.server.db, user, ctx);
  return sendPage(reply, exhibitorProfileEditor(ctx, user, data, request.server.config.spaUrl));
}

export async function showPromoterArea(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['promoter', 'administrator'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const db = request.server.db;
  const [c, requests, news, latest, byStand, stats] = await Promise.all([
    counts(db),
    recentContactRequests(db),
    promoterNewsSection(request, ctx, { sent: newsSent(request) }),
    listLeads(db, { limit: LEADS_SHOWN }),
    leadCountsByStand(db),
    statsWidget(request, user),
  ]);
  return sendPage(reply, promoterArea(ctx, c, requests, html`${stats}${news}${organiserLeads(ctx, latest, byStand)}`));
}

const VisitorsPageQuery = Type.Omit(VisitorsQuery, ['format']);

export async function showVisitors(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['promoter', 'administrator'] });
  if (!user) return reply;
  const checked = validate(VisitorsPageQuery, convertStrings(VisitorsPageQuery, request.query));
  if (!checked.ok)
    throw badRequest(
      '"page" must be a whole number from 1, "sort" one of name, -name, created_at, -created_at, city, -city, "search" at most 100 characters',
    );
  const search = (checked.value.search ?? '').trim();
  const sort = checked.value.sort ?? '-created_at';
  const list = await searchVisitors(request.server.db, { search, sort, page: checked.value.page ?? 1 });
  return sendPage(reply, visitorListPage(await pageContext(request), list, { search, sort }));
}
