import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OneOf } from './common';
import { PATTERNS } from './patterns';
import { Instant, Talk } from './programme';
import { ObfuscatedId } from './room';

/** Meetings booked with exhibitors in the slots they offer (issue 38). Times are ISO 8601 UTC. */

export const SlotBody = Type.Object({ stand_id: ObfuscatedId, start: Instant, end: Instant }, { additionalProperties: false });
export type SlotBody = Static<typeof SlotBody>;

export const Person = Type.Object({ id: ObfuscatedId, fullname: Type.String() });
export type Person = Static<typeof Person>;

export const Slot = Type.Object({
  id: ObfuscatedId,
  stand_id: ObfuscatedId,
  start: Type.String(),
  end: Type.String(),
  exhibitor: Person,
  /** No requested or accepted meeting holds it. */
  free: Type.Boolean(),
});
export type Slot = Static<typeof Slot>;

export const SlotData = Type.Object({ slot: Slot });
export const SlotsData = Type.Object({ slots: Type.Array(Slot) });
export type SlotsData = Static<typeof SlotsData>;

export const MeetingStatus = OneOf('requested', 'accepted', 'declined', 'cancelled');
export type MeetingStatus = Static<typeof MeetingStatus>;

/** The most a booking's message and a reason may hold. */
export const MEETING_MESSAGE_MAX = 500;
/** A booking's message or a reason: lines of text without invisible controls (`PATTERNS.multiLine`). */
const MeetingText = () => Type.String({ maxLength: MEETING_MESSAGE_MAX, pattern: PATTERNS.multiLine });

export const MeetingBody = Type.Object(
  {
    slot_id: ObfuscatedId,
    message: MeetingText(),
    /** The visitor agrees that the stand's exhibitors get their contact details for this meeting (the lead's consent). */
    consent: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MeetingBody = Static<typeof MeetingBody>;

export const MeetingUpdateBody = Type.Object(
  {
    status: OneOf('accepted', 'declined', 'cancelled'),
    reason: Type.Optional(MeetingText()),
  },
  { additionalProperties: false },
);
export type MeetingUpdateBody = Static<typeof MeetingUpdateBody>;

export const Meeting = Type.Object({
  id: ObfuscatedId,
  slot_id: ObfuscatedId,
  stand_id: ObfuscatedId,
  stand_name: Type.String(),
  start: Type.String(),
  end: Type.String(),
  status: MeetingStatus,
  message: Type.String(),
  reason: Nullable(Type.String()),
  visitor: Person,
  exhibitor: Person,
  /** Which side the viewer is on. */
  role: OneOf('visitor', 'exhibitor'),
  /** The exhibitor's video link, for an accepted meeting (null otherwise, or when they have none). */
  video_link: Nullable(Type.String()),
});
export type Meeting = Static<typeof Meeting>;

export const MeetingData = Type.Object({ meeting: Meeting });
export type MeetingData = Static<typeof MeetingData>;
export const MeetingsData = Type.Object({ meetings: Type.Array(Meeting) });
export type MeetingsData = Static<typeof MeetingsData>;

export const MeetingIdParams = Type.Object({ id: ObfuscatedId });

/** GET /api/me/agenda: the viewer's talks and meetings (not declined nor cancelled ones' past), in time order. */
export const AgendaItem = Type.Union([
  Type.Object({ kind: Type.Literal('talk'), start: Type.String(), talk: Talk }),
  Type.Object({ kind: Type.Literal('meeting'), start: Type.String(), meeting: Meeting }),
]);
export type AgendaItem = Static<typeof AgendaItem>;
export const AgendaData = Type.Object({ items: Type.Array(AgendaItem) });
export type AgendaData = Static<typeof AgendaData>;
