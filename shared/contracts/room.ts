import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';
import { PublishedCardFields } from './profile';

/** Ids in paths and payloads are obfuscated ids. */
export const ObfuscatedId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+$' });

/** An object's obfuscated id, under the spec's two names: `id_<kind>` and `obfuscated_id` (the same value). */
export const IdsOf = <K extends string>(kind: K) =>
  ({ [`id_${kind}`]: ObfuscatedId, obfuscated_id: ObfuscatedId }) as { [P in `id_${K}` | 'obfuscated_id']: typeof ObfuscatedId };

export const StandIdParams = Type.Object({ id: ObfuscatedId });
export type StandIdParams = Static<typeof StandIdParams>;

/** POST /api/stands/{id}/visit: `{start: true}` or `{end: true}` (the end may come by beacon on unload). */
export const VisitBody = Type.Union([
  Type.Object({ start: Type.Literal(true) }, { additionalProperties: false }),
  Type.Object({ end: Type.Literal(true) }, { additionalProperties: false }),
]);
export type VisitBody = Static<typeof VisitBody>;

export const StandVisit = Type.Object({
  id: ObfuscatedId,
  stand_id: ObfuscatedId,
  started_at: Type.String({ description: 'ISO 8601, UTC' }),
  ended_at: Nullable(Type.String({ description: 'ISO 8601, UTC' })),
});
export type StandVisit = Static<typeof StandVisit>;

/** The answer of POST /api/stands/{id}/visit. `stand_visit` is null when nothing is recorded (the user owns the stand). */
export const VisitData = Type.Object({ stand_visit: Nullable(StandVisit) });
export type VisitData = Static<typeof VisitData>;

/** PUT /api/users/me/active (no payload). */
export const ActiveData = Type.Object({ last_activity_at: Type.String() });
export type ActiveData = Static<typeof ActiveData>;

/** GET /api/stream/active */
export const StreamData = Type.Object({
  active: Type.Boolean(),
  video_url: Nullable(Type.String()),
  chat_url: Nullable(Type.String()),
});
export type StreamData = Static<typeof StreamData>;

/** POST /api/tracking-event */
export const TrackingEventBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    value: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    stand_id: Type.Optional(Nullable(ObfuscatedId)),
  },
  { additionalProperties: false },
);
export type TrackingEventBody = Static<typeof TrackingEventBody>;

/**
 * GET /api/sse/live/activity query. `owned_stands_ids` is a comma-separated list of obfuscated ids.
 * `lastEventId` resumes like the Last-Event-ID header, for a client that opens a new connection itself.
 */
export const LiveActivityQuery = Type.Object({
  visited_stand_id: Type.Optional(Type.String({ maxLength: 64 })),
  owned_stands_ids: Type.Optional(Type.String({ maxLength: 2000 })),
  lastEventId: Type.Optional(Type.String({ maxLength: 32 })),
});
export type LiveActivityQuery = Static<typeof LiveActivityQuery>;

/** A person as the room state lists them (visitors on a stand, chat users, animators). */
export const RoomUser = Type.Object({
  ...IdsOf('user'),
  profile: Type.String(),
  fullname: Type.String(),
  pseudo: Nullable(Type.String()),
  company: Nullable(Type.Object({ name: Type.String() })),
  last_activity_at: Nullable(Type.String()),
  availability: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
  /** An anonymous visitor (no name to show: "Anonymous visitor", grouped in the lists); absent otherwise. */
  anonymous: Type.Optional(Type.Literal(true)),
  /** A stand's exhibitors in the live activity: their card's published fields (`./profile`). */
  ...PublishedCardFields,
});
export type RoomUser = Static<typeof RoomUser>;

export const HistoryType = Type.Union([
  Type.Literal('enterOnStand'),
  Type.Literal('leaveStand'),
  Type.Literal('updateAvailability'),
  Type.Literal('chatStarted'),
  Type.Literal('visioOpened'),
]);

export const HistoryItem = Type.Object({
  ...IdsOf('history'),
  stand_id: ObfuscatedId,
  stand_obfuscated_id: ObfuscatedId,
  created_at: Type.String(),
  content: Type.Object({
    type: HistoryType,
    user: Type.Optional(RoomUser),
    channel_id: Type.Optional(ObfuscatedId),
    availability: Type.Optional(Type.Boolean()),
  }),
});
export type HistoryItem = Static<typeof HistoryItem>;

/**
 * The `liveActivity` SSE event's data: any subset of the room-state fields of spec §3. Each field present
 * replaces the client's copy (spec §4.8). Keyed maps are keyed by obfuscated stand id.
 */
export const LiveActivityState = Type.Partial(
  Type.Object({
    active_users: Type.Integer({ minimum: 0 }),
    visited_stand_id: Nullable(ObfuscatedId),
    visited_stand_availability: Nullable(Type.Boolean()),
    visited_stand_animators: Type.Record(Type.String(), Type.Array(RoomUser)),
    owned_stands_users: Type.Record(Type.String(), Type.Array(RoomUser)),
    owned_stands_exhibitors: Type.Record(Type.String(), Type.Array(RoomUser)),
    histories: Type.Record(Type.String(), Type.Array(HistoryItem)),
    chat_users: Type.Array(RoomUser),
    /**
     * Instead of `chat_users` on an open stream (the list is ordered by last activity to the minute, then by id):
     * whole, the people new in it or changed other than in their last activity (`users`); by new last activity (ms
     * since the epoch, to the minute, or "null"), the obfuscated ids of others whose minute changed (`at`); the new
     * order as obfuscated ids, only when it changed (`ids`).
     */
    chat_users_delta: Type.Object({
      ids: Type.Optional(Type.Array(ObfuscatedId)),
      at: Type.Record(Type.String(), Type.Array(ObfuscatedId)),
      users: Type.Array(RoomUser),
    }),
    /**
     * Instead of `owned_stands_users` on an open stream, for the owned stands whose visitors changed: whole, the
     * people who arrived (added at the end) or changed (replaced in place) (`users`); the obfuscated ids of those
     * who left (`gone`); the new order, only when it is not the old one without the gone plus the arrivals (`ids`);
     * the new length (`count`).
     */
    owned_stands_users_delta: Type.Record(
      Type.String(),
      Type.Object({
        ids: Type.Optional(Type.Array(ObfuscatedId)),
        users: Type.Array(RoomUser),
        gone: Type.Array(ObfuscatedId),
        count: Type.Integer({ minimum: 0 }),
      }),
    ),
  }),
);
export type LiveActivityState = Static<typeof LiveActivityState>;
export const LIVE_ACTIVITY_EVENT = 'liveActivity';
