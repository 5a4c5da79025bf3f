import { createHash } from 'node:crypto';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@salon/shared/contracts/socket-events';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { UserRow } from '../db/schema';

/** What the handshake learnt about a socket's user (spec: the session cookie decides who it is). */
export interface SocketData {
  userId: number;
  /** The user row at connection time (names, profile); rules that need current values read the row again. */
  user: UserRow;
  /** The company of an exhibitor (for the RoomUser of their messages). */
  company: string | null;
  locale: LocaleCode;
  /** This server's origin as the client reached it: file addresses in messages are made absolute with it. */
  origin: string;
  /** Channel id → the user's member id there (its rooms are joined). Misses are looked up and added. */
  members: Map<number, number>;
  /** Stands the user exhibits on (their rooms are joined). */
  stands: number[];
  /** The room of the session the socket was opened with (logout disconnects it). */
  session: string;
  /** Channel id → when a typing notice was last relayed (at most one per second and channel). */
  typing: Map<number, number>;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- socket.io's slot for server-to-server events, unused
type InterServerEvents = {};
export type SalonServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type SalonSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Every socket of a user (their tabs). */
export const userRoom = (userId: number): string => `user:${userId}`;
/** Every socket of a channel's members. */
export const channelRoom = (channelId: number): string => `channel:${channelId}`;
/** Every socket of a stand's exhibitors. */
export const standRoom = (standId: number): string => `stand:${standId}`;
/** Every socket opened with a session (a hash of the token, never the token itself). */
export const sessionRoom = (token: string): string => `session:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
