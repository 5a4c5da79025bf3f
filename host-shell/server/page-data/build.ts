import type { Kysely } from 'kysely';
import type { PageData } from '@salon/shared/contracts/page-data';
import { buildPath } from '@salon/shared/contracts/routes';
import type { Database, UserRow } from '../db/schema';
import { encodeId } from '../lib/ids';
import { LANGS, languageOf } from '../lib/locale';
import { effectiveStream } from '../services/programme';
import { loadFeatures, loadParameters } from '../services/settings';
import { openVisitOf } from '../services/visits';
import { contestsEnteredBy } from '../services/form-leads';
import { toPageUser, type RenderContext } from '../services/users';

/** The 360° room frame: served by host-shell, not a page of the route table. */
export const ROOM_FRAME_PATTERN = '/room/';

function roomFrameUrl(ctx: RenderContext, tracked: boolean): string {
  const address = new URL(buildPath(ROOM_FRAME_PATTERN), ctx.origin);
  address.searchParams.set('lang', languageOf(ctx.locale));
  if (tracked) address.searchParams.set('tracking', '1');
  return address.toString();
}

/** The page-load data of spec §3, exactly the PageData contract of shared/contracts/page-data.ts. */
export async function buildPageData(db: Kysely<Database>, user: UserRow, ctx: RenderContext): Promise<PageData> {
  const [pageUser, stored, features, stream, visit, contestsEntered] = await Promise.all([
    toPageUser(db, user, ctx),
    loadParameters(db),
    loadFeatures(db),
    effectiveStream(db),
    openVisitOf(db, user.id),
    contestsEnteredBy(db, user),
  ]);
  return {
    version: 1,
    user: pageUser,
    last_ongoing_visit: visit ? { stand_id: encodeId(visit.stand_id), started_at: visit.started_at } : null,
    visited_stand_id: null,
    // The same parameter as GET /api/stream/active.
    is_streaming: stream.active,
    owned_stands_ids: pageUser.stands,
    tracked_room_url: roomFrameUrl(ctx, true),
    room_url: roomFrameUrl(ctx, false),
    feedback_delay: stored.feedback_delay,
    parameters: { ...stored, auth: user.anonymous === 0 },
    features,
    locale: { langs: [...LANGS], locale: ctx.locale, multilingual: LANGS.length > 1 },
    base_path: 'salon',
    contests_entered: contestsEntered,
  };
}
