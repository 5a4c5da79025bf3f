import type { Kysely } from 'kysely';
import type { PageData } from '../../../shared/page-data/types';
import { buildPath } from '../../../shared/routes';
import type { Database, UserRow } from '../db/schema';
import { LANGS, languageOf } from '../lib/locale';
import { loadFeatures, loadParameters } from '../services/settings';
import { toPageUser, type RenderContext } from '../services/users';

/** The 360° room frame: served by host-shell, not a page of the route table. */
export const ROOM_FRAME_PATTERN = '/room/';

function roomFrameUrl(ctx: RenderContext, tracked: boolean): string {
  const address = new URL(buildPath(ROOM_FRAME_PATTERN), ctx.origin);
  address.searchParams.set('lang', languageOf(ctx.locale));
  if (tracked) address.searchParams.set('tracking', '1');
  return address.toString();
}

/** The page-load data of spec §3, exactly the PageData contract of shared/page-data/types.ts. */
export async function buildPageData(db: Kysely<Database>, user: UserRow, ctx: RenderContext): Promise<PageData> {
  const [pageUser, stored, features] = await Promise.all([toPageUser(db, user, ctx), loadParameters(db), loadFeatures(db)]);
  return {
    version: 1,
    user: pageUser,
    last_ongoing_visit: null,
    visited_stand_id: null,
    is_streaming: false,
    owned_stands_ids: pageUser.stands,
    tracked_room_url: roomFrameUrl(ctx, true),
    room_url: roomFrameUrl(ctx, false),
    feedback_delay: stored.feedback_delay,
    parameters: { ...stored, auth: user.anonymous === 0 },
    features,
    locale: { langs: [...LANGS], locale: ctx.locale, multilingual: LANGS.length > 1 },
    base_path: 'salon',
  };
}
