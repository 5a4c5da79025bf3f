import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import type { SafeHtml } from '../../lib/html';
import { buildPageData } from '../../page-data/build';
import { salonMarkup, type WidgetName } from '../../salon-page/markup';
import { pageContext } from './kit';

/**
 * The `stats` widget in a back-office page (`/exposant`: the exhibitor's stands in figures; `/organisateur`: who is
 * here now and the attendance): its page data, its slot and the loader. uPlot comes with that widget only, so /salon
 * never downloads it. `more`: other back-office widgets of the same page (`/exposant`: the meetings), sharing its
 * page data and loader.
 */
export async function statsWidget(
  request: FastifyRequest,
  user: UserRow,
  more: readonly WidgetName[] = [],
  placeholder?: SafeHtml,
): Promise<SafeHtml> {
  const data = await buildPageData(request.server.db, user, await pageContext(request));
  return salonMarkup(data, {
    widgets: ['stats', ...more],
    loaderSrc: `${request.server.config.spaUrl}/loader.js`,
    ...(placeholder ? { placeholders: { stats: placeholder } } : {}),
  });
}
