import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OneOf } from './common';
import { CONTENT_AUDIT_ACTIONS } from './content';
import { IMPORT_AUDIT_ACTIONS } from './imports';
import { ObfuscatedId, RoomUser } from './room';

/*
 * The organisers' calls: who is registered and who is here now (promoters and administrators), and the audit log
 * (administrators).
 */

/** GET /api/users/count: registered users by profile, and anonymous visitors (who have a session, not an account). */
export const UsersCountData = Type.Object({
  by_profile: Type.Object({
    administrator: Type.Integer(),
    promoter: Type.Integer(),
    exhibitor: Type.Integer(),
    visitor: Type.Integer(),
  }),
  /** Registered users, every profile. */
  registered: Type.Integer(),
  anonymous: Type.Integer(),
});
export type UsersCountData = Static<typeof UsersCountData>;

/** At most this many people in `GET /api/users/actives` (as the live activity's chat users). */
export const ACTIVE_USERS_LISTED = 200;

/**
 * A person in the organisers' list of who is here: as the room lists them, with their city (what tells two people
 * of one name apart there; organisers see it on the visitors' list too).
 */
export const ActiveUser = Type.Composite([RoomUser, Type.Object({ city: Nullable(Type.String()) })]);
export type ActiveUser = Static<typeof ActiveUser>;

/**
 * GET /api/users/actives: the people active within `last_activity_period` now (`count`, the live activity's
 * `active_users`), and the most recently active of them (at most 200), names as published, with their city.
 */
export const UsersActivesData = Type.Object({
  count: Type.Integer(),
  /** The window, in seconds (`last_activity_period`). */
  period: Type.Integer(),
  users: Type.Array(ActiveUser, { maxItems: ACTIVE_USERS_LISTED }),
});
export type UsersActivesData = Static<typeof UsersActivesData>;

export const AUDIT_PER_PAGE = 20;

/** GET /api/admin/audit?page=n (pages start at 1). */
export const AuditQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

/** The settings (`/admin`). */
const SETTINGS_AUDIT_ACTIONS = ['parameters.update', 'features.update', 'stream.update'] as const;
/** A panorama's image. */
const PANORAMA_AUDIT_ACTIONS = ['panorama.update', 'panorama.remove'] as const;

/** What a change was. */
export const AuditAction = OneOf(
  ...SETTINGS_AUDIT_ACTIONS,
  // The news: sent, corrected, deleted.
  'notification.send',
  'notification.update',
  'notification.remove',
  // An exhibitor's availability, changed by an organiser.
  'availability.update',
  ...PANORAMA_AUDIT_ACTIONS,
  ...IMPORT_AUDIT_ACTIONS,
  // The event's content.
  ...CONTENT_AUDIT_ACTIONS,
  // Sign-in links handed out (host-shell/server/services/signin-links.ts).
  'signin_links.create',
  // The programme's talks (host-shell/server/services/programme.ts).
  'talk.create',
  'talk.update',
  'talk.remove',
  // Opening hours and access mode; an organisers' e-mailing (host-shell/server/services/access.ts, emailings.ts).
  'access.update',
  'emailing.send',
);
export type AuditAction = Static<typeof AuditAction>;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  /** ISO 8601, UTC. */
  at: Type.String(),
  /** Who, as they were at the time (`id_user` null once the account is gone). */
  actor: Type.Object({ id_user: Nullable(ObfuscatedId), name: Type.String(), email: Nullable(Type.String()) }),
  action: AuditAction,
  target: Nullable(Type.String()),
  /** The changed values before and after (objects of the changed keys), null when there was none (a notification has no before). */
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditData = Type.Object({
  entries: Type.Array(AuditEntry),
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});
export type AuditData = Static<typeof AuditData>;
