import { Type, type Static } from '@sinclair/typebox';
import { HttpUrl, Nullable, OneOf, SingleLine } from './common';
import { PATTERNS } from './patterns';
import { ObfuscatedId } from './room';

/**
 * The programme (issue 38): talks on the conference room's live stream or on a stand, and "My agenda". Times are
 * ISO 8601 UTC; the widgets show them in the visitor's time zone, with the salon's (`time_zone`) when it differs.
 */

/** An instant: ISO 8601 with a time zone (`2026-11-29T14:00:00Z`, `…+01:00`). */
export const Instant = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
  maxLength: 40,
  description: 'ISO 8601 with a time zone',
});

export const TalkPlace = OneOf('stream', 'stand');
export type TalkPlace = Static<typeof TalkPlace>;

export const Talk = Type.Object({
  id: ObfuscatedId,
  title_fr: Type.String(),
  title_en: Type.String(),
  description_fr: Type.String(),
  description_en: Type.String(),
  speakers: Type.Array(Type.String()),
  start: Type.String({ description: 'ISO 8601, UTC' }),
  end: Type.String({ description: 'ISO 8601, UTC' }),
  place: TalkPlace,
  /** The stand of a talk on a stand (obfuscated), and its name. */
  stand_id: Nullable(ObfuscatedId),
  stand_name: Nullable(Type.String()),
  /** The stand's panorama, to go there. */
  stand_slug: Nullable(Type.String()),
  /** A talk on the stream: what the live stream shows while it runs. */
  video_url: Nullable(Type.String()),
  chat_url: Nullable(Type.String()),
  /** Running now (start ≤ now < end). */
  live: Type.Boolean(),
  /** In the viewer's agenda. */
  in_agenda: Type.Boolean(),
});
export type Talk = Static<typeof Talk>;

/** GET /api/programme: every talk in time order, and the salon's time zone (IANA). */
export const ProgrammeData = Type.Object({ talks: Type.Array(Talk), time_zone: Type.String() });
export type ProgrammeData = Static<typeof ProgrammeData>;

/** A description: lines of text without invisible controls (`PATTERNS.multiLine`); titles and speakers are one line each. */
const Text = (maxLength: number) => Type.String({ maxLength, pattern: PATTERNS.multiLine });

/** POST /api/talks, PUT /api/talks/{id} (organisers and administrators). */
export const TalkBody = Type.Object(
  {
    title_fr: SingleLine(200),
    title_en: SingleLine(200),
    description_fr: Text(5000),
    description_en: Text(5000),
    speakers: Type.Array(SingleLine(120), { maxItems: 20 }),
    start: Instant,
    end: Instant,
    place: TalkPlace,
    stand_id: Type.Optional(Nullable(ObfuscatedId)),
    video_url: Type.Optional(Nullable(HttpUrl)),
    chat_url: Type.Optional(Nullable(HttpUrl)),
  },
  { additionalProperties: false },
);
export type TalkBody = Static<typeof TalkBody>;

export const TalkData = Type.Object({ talk: Talk });
export type TalkData = Static<typeof TalkData>;

export const TalkIdParams = Type.Object({ id: ObfuscatedId });
export type TalkIdParams = Static<typeof TalkIdParams>;
