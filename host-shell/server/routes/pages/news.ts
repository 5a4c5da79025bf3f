import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotificationBody } from '@salon/shared/contracts/notifications';
import { url } from '@salon/shared/contracts/routes';
import type { SafeHtml } from '../../lib/html';
import { validate } from '../../lib/validation';
import { counts, recentContactRequests } from '../../services/backoffice';
import { createNotification, deliverNotification, latestNotifications } from '../../services/notifications';
import { correctNotification, deleteNotification, republishNotifications } from '../../services/notification-changes';
import { HttpError } from '../../lib/errors';
import { say } from '../../i18n';
import { msg } from '@lingui/core/macro';
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
  const db = request.server.db;
  const latest = (await latestNotifications(db, null, LATEST_SHOWN)).slice(0, LATEST_SHOWN);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const editId = state.editing ? null : Number(query.news);
  const editing =
    state.editing ??
    (editId !== null && Number.isSafeInteger(editId) && editId > 0
      ? await db.selectFrom('notifications').selectAll().where('id', '=', editId).executeTakeFirst()
      : undefined);
  const asNotification = editing && 'id' in editing ? (({ id, ...n }) => ({ id_notification: id, ...n }))(editing) : editing;
  return newsSection(ctx, { ...state, latest, timeZone: timeZoneOf(request), ...(asNotification ? { editing: asNotification } : {}) });
}

/**
 * POST /organisateur: the form of that section. Promoters and administrators only (the page's gate); the form guard
 * has checked the origin. Invalid: the page again (400) with the values and errors; sent: a redirect (303) to the page.
 */
export async function sendPromoterNotification(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['promoter', 'administrator'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const app = request.server;
  const form = formStrings(request.body);
  const done = (sent: NonNullable<NewsFormState['sent']>) =>
    reply.redirect(url('promoter', {}, { origin: ctx.origin, query: { sent }, hash: 'news' }), 303);
  const idOf = (value: string | undefined): number | null => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);
  const again = async (state: Omit<NewsFormState, 'latest' | 'timeZone'>, status: number) => {
    const [c, requests, news] = await Promise.all([
      counts(app.db),
      recentContactRequests(app.db),
      promoterNewsSection(request, ctx, state),
    ]);
    return sendPage(reply, promoterArea(ctx, c, requests, news), status);
  };
  const unknown = () => again({ errors: { _: say(ctx.locale, msg`Unknown notification`) } }, 404);

  if (form.delete !== undefined) {
    const id = idOf(form.delete);
    if (id === null) return unknown();
    const outcome = await deleteNotification(app.db, id, user.id, ctx.locale).catch((err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 404) return null;
      throw err;
    });
    if (!outcome) return unknown();
    republishNotifications(app, outcome.userIds);
    return done('deleted');
  }

  const values = {
    title: form.title ?? '',
    title_en: form.title_en ?? '',
    message: form.message ?? '',
    message_en: form.message_en ?? '',
    at: form.at ?? '',
  };
  const correcting = form.id !== undefined ? idOf(form.id) : undefined;
  if (correcting === null) return unknown();
  const editing =
    correcting === undefined
      ? undefined
      : await app.db.selectFrom('notifications').selectAll().where('id', '=', correcting).executeTakeFirst();
  if (correcting !== undefined && !editing) return unknown();
  const checked = validate(NotificationBody, values);
  if (!checked.ok) {
    const asNotification = editing ? (({ id, ...n }) => ({ id_notification: id, ...n }))(editing) : undefined;
    return again({ values, errors: fieldErrors(ctx.locale, checked.issues), ...(asNotification ? { editing: asNotification } : {}) }, 400);
  }
  if (correcting !== undefined) {
    const { userIds } = await correctNotification(app.db, correcting, checked.value, user.id, ctx.locale);
    republishNotifications(app, userIds);
    return done('corrected');
  }
  const notification = await createNotification(app.db, checked.value, [], user.id, ctx.locale);
  deliverNotification(app, [], notification);
  return done('news');
}

/** `?sent=news|corrected|deleted`: the section says what the last post did. */
export function newsSent(request: FastifyRequest): NewsFormState['sent'] {
  const query: unknown = request.query;
  const sent = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).sent : undefined;
  return sent === 'news' || sent === 'corrected' || sent === 'deleted' ? sent : undefined;
}
