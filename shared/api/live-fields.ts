/**
 * The fields a `liveActivity` event may carry, in the order the server writes them; each one present replaces
 * the client's copy (spec §4.8). Kept apart from the TypeBox schemas so widgets import it without TypeBox.
 */
export const LIVE_ACTIVITY_FIELDS = [
  'active_users',
  'visited_stand_id',
  'visited_stand_availability',
  'visited_stand_animators',
  'owned_stands_users',
  'owned_stands_exhibitors',
  'histories',
  'chat_users',
] as const;

export type LiveActivityField = (typeof LIVE_ACTIVITY_FIELDS)[number];
