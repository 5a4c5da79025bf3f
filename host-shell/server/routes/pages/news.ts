import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotificationBody } from '@salon/shared/contracts/notifications';
import { url } from '@salon/shared/contracts/routes';
import type { SafeHtml } from '../../lib/html';
import { validate } from '../../lib/validation';
import { counts, recentContactRequests } from '../../services/backoffice';
import { createNotification, deliverNotification, latestNotifications } from '../../services/notifications';
import { TIME_ZONE_COOKIE } from '@salon/shared/contracts/cookies';
import { promoterArea } from '../../views/areas';
import { formStrings } from '../../views/forms';
import type { PageContext } from '../../views/layout';
import { fieldErrors } from '../../views/messages';
import { newsSection, type NewsFormState } from '../../views/news-form';
import { gate, pageContext, sendPage } from './kit';

/** How many of the newest notifications the organiser area lists. */
const LATEST_SHOWN = 5;

/** The `salon_tz` cookie when it names a time zone Intl knows, else UTC. */
function timeZoneOf(request: FastifyRequest): string {
  const zone = request.cookies[TIME_ZONE_COOKIE];
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The organiser area's notification section (spec §4.7: the organisers push the day's news). */
export async function promoterNewsSection(
  request: FastifyRequest,
  ctx: PageContext,
  state: Omit<NewsFormState, 'latest' | 'timeZone'> = {},
): Promise<SafeHtml> {
  const latest = (await latestNotifications(request.server.db, null, LATEST_SHOWN)).slice(0, LATEST_SHOWN);
  return newsSection(ctx, { ...state, latest, timeZone: timeZoneOf(request) });
}

/**
 * POST /organisateur: the form of that section. Promoters and administrators only (the page's gate); the form guard
 * has checked the origin. Invalid: the page again (400) with the values and errors; sent: a redirect (303) to the page.
 */
export async function sendPromoterNotification(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['promoter', 'administrator'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const form = formStrings(request.body);
  const values = { title: form.title ?? '', title_en: form.title_en ?? '', message: form.message ?? '', message_en: form.message_en ?? '' };
  const checked = validate(NotificationBody, values);
  if (!checked.ok) {
    const db = request.server.db;
    const [c, requests, news] = await Promise.all([
      counts(db),
      recentContactRequests(db),
      promoterNewsSection(request, ctx, { values, errors: fieldErrors(ctx.locale, checked.issues) }),
    ]);
    return sendPage(reply, promoterArea(ctx, c, requests, news), 400);
  }
  const notification = await createNotification(request.server.db, checked.value, [], user.id, ctx.locale);
  deliverNotification(request.server, [], notification);
  return reply.redirect(url('promoter', {}, { origin: ctx.origin, query: { sent: 'news' }, hash: 'news' }), 303);
}

/** `?sent=news`: the section says the last notification went out. */
export function newsSent(request: FastifyRequest): boolean {
  const query: unknown = request.query;
  return typeof query === 'object' && query !== null && (query as Record<string, unknown>).sent === 'news';
}
