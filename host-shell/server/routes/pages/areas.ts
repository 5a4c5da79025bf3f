import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import { url } from '@salon/shared/contracts/routes';
import { setMailOptIn } from '../../services/mail';
import { formStrings } from '../../views/forms';
import { promoterEmailingSection } from './emailing';
import { notFound } from '../../lib/errors';
import { html } from '../../lib/html';
import { decodeId } from '../../lib/ids';
import { VISITOR_SORTS, type VisitorSort } from '@salon/shared/contracts/analytics';
import { searchVisitors } from '../../services/analytics';
import { counts, recentContactRequests } from '../../services/backoffice';
import { leadCountsByStand, listLeads } from '../../services/leads';
import { standsOfExhibitor } from '../../services/stands';
import { findUserById } from '../../services/users';
import { exhibitorArea, exhibitorProfilePage, promoterArea } from '../../views/areas';
import { VISITORS_SEARCH_MAX, visitorListPage, type VisitorsCorrection } from '../../views/visitors';
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
  // The contacts, written in the page, then the figures and the meetings' slots and requests, which mount in the
  // browser: below what is already there, they never push it down under a reader's pointer.
  const stats = await statsWidget(request, user, ['meetings']);
  return sendPage(reply, exhibitorArea(ctx, user, stands, html`${exhibitorLeads(ctx, leads)}${stats}`));
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
  const saved = (request.query as Record<string, unknown> | undefined)?.saved === '1';
  return sendPage(reply, exhibitorProfileEditor(ctx, user, data, request.server.config.spaUrl, saved));
}

/** POST /exposant/profil/courriels: the exhibitor's opt-in to an e-mail per new lead (`services/lead-mail.ts`). */
export async function saveLeadEmails(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['exhibitor'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  await setMailOptIn(request.server.db, user.id, 'lead_emails', formStrings(request.body).lead_emails === '1');
  return reply.redirect(url('exhibitor.profile.me', {}, { origin: ctx.origin, query: { saved: '1' }, hash: 'lead-emails' }), 303);
}

export async function showPromoterArea(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['promoter', 'administrator'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const db = request.server.db;
  const [c, requests, news, latest, byStand, stats, emailing] = await Promise.all([
    counts(db),
    recentContactRequests(db),
    promoterNewsSection(request, ctx, { sent: newsSent(request) }),
    listLeads(db, { limit: LEADS_SHOWN }),
    leadCountsByStand(db),
    // The figures mount above the news form: their place is kept until then (views/layout.ts, `.stats-reserve`).
    statsWidget(request, user, [], html`<div class="stats-reserve"><h2>${say(ctx.locale, msg`The salon in figures`)}</h2></div>`),
    promoterEmailingSection(request, ctx),
  ]);
  return sendPage(reply, promoterArea(ctx, c, requests, html`${stats}${news}${emailing}${organiserLeads(ctx, latest, byStand)}`));
}

/** The first value of a query parameter, as a string (undefined when absent). */
const queryValue = (query: unknown, name: string): string | undefined => {
  const value = typeof query === 'object' && query !== null ? (query as Record<string, unknown>)[name] : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
};

/**
 * `/organisateur/visiteurs`: a parameter the list does not understand (a sort that does not exist, a page that is not
 * a whole number from 1, a search over 100 characters) falls back to its default, and the page says which, in its
 * language; never a 400 for a hand-edited address.
 */
export async function showVisitors(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['promoter', 'administrator'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const corrected: VisitorsCorrection[] = [];
  const rawSearch = queryValue(request.query, 'search') ?? '';
  if (rawSearch.length > VISITORS_SEARCH_MAX) corrected.push({ param: 'search', value: rawSearch });
  const search = rawSearch.slice(0, VISITORS_SEARCH_MAX).trim();
  const rawSort = queryValue(request.query, 'sort');
  const knownSort = VISITOR_SORTS.find((s) => s === rawSort);
  if (rawSort !== undefined && rawSort !== '' && !knownSort) corrected.push({ param: 'sort', value: rawSort });
  const sort: VisitorSort = knownSort ?? '-created_at';
  const rawPage = queryValue(request.query, 'page');
  const pageNumber = rawPage !== undefined && /^[1-9]\d{0,5}$/.test(rawPage) && Number(rawPage) <= 100_000 ? Number(rawPage) : null;
  if (rawPage !== undefined && rawPage !== '' && pageNumber === null) corrected.push({ param: 'page', value: rawPage });
  const list = await searchVisitors(request.server.db, { search, sort, page: pageNumber ?? 1 });
  return sendPage(reply, visitorListPage(ctx, list, { search, sort }, corrected));
}
