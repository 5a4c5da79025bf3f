/** Accounts and sign-in: users, their sessions, the host sites' users and nonces, sign-in links. */
import type { ProfileTexts } from '@salon/shared/contracts/page-data';
import type { Generated } from 'kysely';
import type { Flag, ProfileCode } from './columns';

/** A user: the profile texts (firstname … linkedin) are those of the page data's user. */
export interface UsersTable extends ProfileTexts {
  id: Generated<number>;
  profile: ProfileCode;
  anonymous: Generated<Flag>;
  hidden: Generated<Flag>;
  availability: Generated<Flag>;
  pseudo: string | null;
  visio_link: string | null;
  /** JSON object: field → '0' (published) | '1'. */
  fields_param: Generated<string>;
  /** JSON string of the journey, as the widgets send it. */
  journey: string | null;
  password_hash: string | null;
  function: string | null;
  function_en: string | null;
  presentation: string | null;
  presentation_en: string | null;
  picture_path: string | null;
  video_path: string | null;
  locale: string | null;
  last_activity_at: string | null;
  created_at: string;
  /** 1: the person made the account themselves (`/inscription`); the access mode "invited only" refuses them. */
  registered_self: Generated<Flag>;
  /** When the person unsubscribed from the organisers' e-mailings (their link, or one click in their mail client). */
  unsubscribed_at: string | null;
  /** The token of the person's unsubscribe link, made with their first e-mailing. */
  mail_token: string | null;
  /** An exhibitor's opt-in: an e-mail for each new lead on their stands. */
  lead_emails: Generated<Flag>;
  /** An e-mail 5 minutes before each talk of their agenda (`/profil`). */
  talk_reminder_emails: Generated<Flag>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table does not leak live sessions. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** A user whose identity another site (a host such as the Symfony one) decides: one salon user per (host, host user id). */
export interface HostUsersTable {
  host: string;
  host_user_id: string;
  user_id: number;
  created_at: string;
}

/** Nonces of signed host calls, kept until their timestamp could no longer be accepted. */
export interface HostNoncesTable {
  nonce: string;
  expires_at: string;
}

/** A sign-in link (`services/signin-links.ts`): the SHA-256 of its token, single use, until `expires_at`. */
export interface SigninLinksTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** `signin`: an organiser's link (14 days); `reset`: a password reset the person asked for (1 hour). */
  purpose: Generated<'signin' | 'reset'>;
}
