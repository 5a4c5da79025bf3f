/** The programme's talks, people's agendas, exhibitors' meeting slots and the meetings booked in them. */
import type { Generated } from 'kysely';

/** Where a talk happens: on the conference room's live stream, or on a stand. */
export type TalkPlace = 'stream' | 'stand';

export interface TalksTable {
  id: Generated<number>;
  title_fr: string;
  title_en: string;
  description_fr: string;
  description_en: string;
  /** JSON list of names. */
  speakers: string;
  starts_at: string;
  ends_at: string;
  place: TalkPlace;
  /** The stand of a talk on a stand. */
  stand_id: number | null;
  /** A talk on the stream: what the live stream shows while it runs. */
  video_url: string | null;
  chat_url: string | null;
  created_at: string;
}

export interface AgendaTalksTable {
  user_id: number;
  talk_id: number;
  created_at: string;
  /** When the 5-minute reminder went out (null: not yet). */
  reminded_at: string | null;
}

export interface MeetingSlotsTable {
  id: Generated<number>;
  stand_id: number;
  /** The exhibitor who offers the slot (and whose video link the meeting uses). */
  exhibitor_id: number;
  starts_at: string;
  ends_at: string;
  created_at: string;
}

/** requested → accepted or declined; requested or accepted → cancelled (either side). */
export type MeetingStatus = 'requested' | 'accepted' | 'declined' | 'cancelled';

export interface MeetingsTable {
  id: Generated<number>;
  slot_id: number;
  visitor_id: number;
  message: string;
  status: MeetingStatus;
  /** Why it was declined or cancelled. */
  reason: string | null;
  cancelled_by: number | null;
  created_at: string;
  updated_at: string;
  /** When both sides were told that the meeting begins (null: not yet). */
  started_notice_at: string | null;
}
