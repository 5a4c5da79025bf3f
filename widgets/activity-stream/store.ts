import { computed } from 'nanostores';
import { $locale, $parameters, $user, url, type PageUser } from '@salon/shared';
import { $room, type RoomUser } from '@salon/shared/room';
import { $clock, $stands, isAvailableWithin, personId, standName } from '@salon/shared/exhibitors';

export interface OwnedStandView {
  id: string;
  /** null when GET /api/stands does not know it (yet). */
  name: string | null;
  /** Visitors on the stand now (`owned_stands_users`). */
  visitors: RoomUser[];
  /** The stand's other exhibitors who are available (spec §6). */
  exhibitors: RoomUser[];
}

export interface ActivityView {
  /** Spec §6: the activity stream, the widget and the switch are for exhibitors only. */
  allowed: boolean;
  /** Unpublished profile: the publish-your-profile prompt instead of the content. */
  hidden: boolean;
  profileHref: string;
  severalStands: boolean;
  stands: OwnedStandView[];
  /** Other exhibitors of the user's stands, each once, with the stand they were listed for. */
  others: { person: RoomUser; standId: string }[];
}

function isMe(person: RoomUser, me: PageUser): boolean {
  return me.obfuscated_id !== '' && personId(person) === me.obfuscated_id;
}

/**
 * Spec §6: other exhibitors are listed only if not hidden, available and active within
 * `exhibitor_activity_period_before_hide` seconds (and not the user).
 */
export function listedExhibitors(people: readonly RoomUser[] | undefined, me: PageUser, periodSeconds: number, now: number): RoomUser[] {
  return (people ?? []).filter((person) => !person.hidden && !isMe(person, me) && isAvailableWithin(person, periodSeconds, now));
}

export const $activityView = computed(
  [$user, $parameters, $room, $clock, $stands, $locale],
  (user, parameters, room, now, stands, locale): ActivityView => {
    const period = parameters.exhibitor_activity_period_before_hide;
    const owned = room.owned_stands_ids.map((id) => ({
      id,
      name: standName(stands.stands, id, locale.locale),
      visitors: room.owned_stands_users[id] ?? [],
      exhibitors: listedExhibitors(room.owned_stands_exhibitors[id], user, period, now),
    }));
    const seen = new Set<string>();
    const others: ActivityView['others'] = [];
    for (const stand of owned) {
      for (const person of stand.exhibitors) {
        const id = personId(person) ?? '';
        if (seen.has(id)) continue;
        seen.add(id);
        others.push({ person, standId: stand.id });
      }
    }
    return {
      allowed: !user.anonymous && user.profile === 'exhibitor',
      hidden: user.hidden,
      profileHref: url('exhibitor.profile.me'),
      severalStands: owned.length > 1,
      stands: owned,
      others,
    };
  },
);
