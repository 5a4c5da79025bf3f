/** What visitors do: stand visits and history, tracking events, the forms' leads, opinions, game scores, shares, contact requests. */
import type { Generated } from 'kysely';

export interface ContactRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string | null;
  subject: 'question' | 'edit_delete';
  message: string;
  created_at: string;
}

/** Why a visit ended: the client said so, a beacon on unload, the sweeper (no activity), or a visit elsewhere began. */
export type VisitEndReason = 'client' | 'beacon' | 'timeout' | 'replaced';

export interface StandVisitsTable {
  id: Generated<number>;
  user_id: number;
  stand_id: number;
  started_at: string;
  /** null while the visit is open; at most one open visit per user (unique partial index). */
  ended_at: string | null;
  ended_by: VisitEndReason | null;
}

export type HistoryType = 'enterOnStand' | 'leaveStand' | 'updateAvailability' | 'chatStarted' | 'visioOpened';

export interface StandHistoryTable {
  id: Generated<number>;
  stand_id: number;
  /** Who did it (the visitor who entered, the exhibitor who changed availability…). */
  user_id: number;
  type: HistoryType;
  /** JSON object with the type's extra fields (`channel_id`, `availability`, `ended_by`). */
  content: Generated<string>;
  created_at: string;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  value: string | null;
  stand_id: number | null;
  created_at: string;
}

/** `meeting`: a meeting booked with the stand's exhibitors (issue 38). */
export type LeadKind = 'contact_request' | 'offer_form' | 'contest' | 'meeting';

/** What a visitor's form produced: a stand contact request, an offer form, or a contest entry (no stand). */
export interface LeadsTable {
  id: Generated<number>;
  kind: LeadKind;
  stand_id: number | null;
  company_id: number | null;
  user_id: number | null;
  firstname: string;
  lastname: string;
  email: string | null;
  /** The phone, or the contest's mobile. */
  phone: string | null;
  postal_code: string | null;
  city: string | null;
  birthdate: string | null;
  subject: string | null;
  code_apporteur: string | null;
  comments: string | null;
  /** Contest entries only; unique with user_id. */
  contest_name: string | null;
  score: number | null;
  /** JSON list of `{key, version, given, wording}` (shared/contracts/consents.ts): the wording shown, as proof. */
  consents: string;
  wording_locale: 'fr_FR' | 'en_EN';
  created_at: string;
}

/** One opinion per user (a second one replaces it). */
export interface OpinionsTable {
  id: Generated<number>;
  user_id: number;
  score: number;
  comment: string;
  locale: string;
  created_at: string;
  updated_at: string;
}

/** Scores of the room's game (`POST /api/contest/participation`). */
export interface ContestScoresTable {
  id: Generated<number>;
  user_id: number;
  score: number;
  created_at: string;
}

export interface SharesTable {
  id: Generated<number>;
  user_id: number | null;
  platform: 'facebook' | 'linkedin' | 'twitter';
  title: string | null;
  created_at: string;
}
