import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Server } from 'socket.io';
import type { ChatMessage } from '@salon/shared/contracts/chat';
import type { HistoryItem } from '@salon/shared/contracts/room';
import { SOCKET_PATH, type NotificationPayload } from '@salon/shared/contracts/socket-events';
import type { Database, StandHistoryRow } from '../db/schema';
import { decodeId } from '../lib/ids';
import { globalPlugin } from '../lib/plugin';
import type { ActivityTracker } from '../services/activity';
import { historyItemsByIds, historyItemsOf } from '../services/history';
import type { RoomUserRow } from '../services/room-users';
import { registerHandlers } from './handlers';
import { handshake } from './handshake';
import { channelRoom, sessionRoom, standRoom, userRoom, type SalonServer } from './rooms';

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket.io server and what the HTTP routes tell its sockets. */
    realtime: Realtime;
  }
}

/** Messages are at most 5,000 characters: a frame of 100 kB is plenty (socket.io's default is 1 MB). */
const MAX_FRAME_BYTES = 100_000;

/**
 * What the rest of the server says to the sockets. Emissions go through the adapter, so with Redis they reach the
 * sockets of every process.
 */
export class Realtime {
  constructor(
    readonly io: SalonServer,
    private readonly deps: { db: Kysely<Database>; activity: ActivityTracker; log: FastifyBaseLogger },
    /** A Redis connection of this process is lost: its sockets join no channel's room (`pauseDuringRedisLoss`). */
    readonly redisLost: () => boolean = () => false,
    /**
     * Resolves once the rooms joined so far are subscribed: the adapter sends a new room's SSUBSCRIBE without waiting
     * for it, and Redis answers a PING on the same connection after it.
     */
    readonly subscribed: () => Promise<void> = () => Promise.resolve(),
  ) {}

  /** The users' sockets join a channel's room (a channel was just created). */
  joinChannel(channelId: number, userIds: number[]): void {
    this.io.in(userIds.map(userRoom)).socketsJoin(channelRoom(channelId));
  }

  /** A message to every socket of the channel's members (the uploader's own tabs too: clients merge by id). */
  emitToChannel(event: 'new_chat_message' | 'update_chat_message', channelId: number, message: ChatMessage): void {
    this.io.to(channelRoom(channelId)).emit(event, message);
  }

  emitHistory(items: HistoryItem[]): void {
    for (const item of items) {
      const standId = decodeId(item.stand_id);
      if (standId !== null) this.io.to(standRoom(standId)).emit('stand_history', item);
    }
  }

  /** New stand history entries, to each stand's exhibitors (`stand_history`). Never throws: failures are logged. */
  async historyAdded(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.sendHistory(() => historyItemsByIds(this.deps.db, this.deps.activity, ids));
  }

  /** Entries `user` just wrote (the rows written), like historyAdded without reading them back. */
  async historyWritten(user: RoomUserRow, rows: StandHistoryRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.sendHistory(() => historyItemsOf(this.deps.db, this.deps.activity, user, rows));
  }

  private async sendHistory(items: () => Promise<HistoryItem[]>): Promise<void> {
    try {
      this.emitHistory(await items());
    } catch (err) {
      this.deps.log.error({ err }, 'sending stand history to the sockets');
    }
  }

  /** A notification to these users' sockets, or to every socket when the list is empty. */
  notify(userIds: number[], notification: NotificationPayload): void {
    if (userIds.length === 0) this.io.emit('notification', notification);
    else this.io.to(userIds.map(userRoom)).emit('notification', notification);
  }

  /** A session ended (logout, or replaced at login): its sockets are closed (the client's reconnection is refused). */
  endSession(token: string): void {
    this.io.in(sessionRoom(token)).disconnectSockets(true);
  }

  /** Sockets connected to this process. */
  /** Messages received from Redis, packets sent to this process's sockets (`GET /__bench/stats`). */
  readonly traffic = { received: 0, packets: 0 };

  stats(): { sockets: number; received: number; packets: number } {
    return { sockets: this.io.of('/').sockets.size, ...this.traffic };
  }
}

/**
 * A socket's catch-up point (the chat's `?lastOne=`) is the last message it received live, so a socket must receive
 * no live message while another could be missed. While either Redis connection of this process is lost, other
 * processes' emissions never reach it, and its own reach its sockets late (the adapter delivers locally once the
 * publication is sent: ioredis queues it until it reconnects). So at the loss, this process's sockets leave their
 * channels' rooms (they can still send; their own messages come back in the acknowledgement) and handshakes wait.
 * When a lost connection is back ('ready': before any queued publication is answered), those sockets' connections
 * are closed (not `disconnectSockets`, whose "server disconnect" tells clients not to come back); new handshakes go
 * on once both connections are back and a PING on the subscriber answered (ioredis resubscribes on 'ready', before
 * it). Clients then reconnect and catch up on everything stored meanwhile. Returns the gate for the handshake.
 */
function pauseDuringRedisLoss(
  io: SalonServer,
  connections: Redis[],
  log: FastifyBaseLogger,
): { gate: () => Promise<void>; lost: () => boolean } {
  const [, sub] = connections as [Redis, Redis];
  const lost = new Set<Redis>();
  /** Closed from a loss until every connection is back and the subscriber answered. */
  let gate: { passed: Promise<void>; open: () => void } | null = null;
  for (const connection of connections) {
    connection.on('close', () => {
      if (lost.has(connection)) return;
      lost.add(connection);
      if (!gate) {
        let open: () => void = () => undefined;
        const passed = new Promise<void>((resolve) => (open = resolve));
        gate = { passed, open };
        log.warn('socket.io: Redis went away; live chat messages wait, and the sockets reconnect once it is back');
      }
      for (const socket of io.of('/').sockets.values())
        for (const channelId of socket.data.members.keys()) void socket.leave(channelRoom(channelId));
    });
    connection.on('ready', () => {
      if (!lost.delete(connection)) return;
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
      if (lost.size > 0) return;
      const current = gate;
      sub.ping().then(
        () => {
          // Lost again meanwhile: the next 'ready' asks again.
          if (lost.size > 0 || gate !== current) return;
          gate = null;
          current?.open();
        },
        () => undefined,
      );
    });
  }
  return { gate: () => gate?.passed ?? Promise.resolve(), lost: () => lost.size > 0 };
}

/**
 * socket.io on fastify's HTTP server, path /socket.io (spec §7). The handshake checks the Origin and the session
 * cookie; each socket joins `user:<id>`, its channels' `channel:<id>` and, for exhibitors, `stand:<id>`. With
 * REDIS_URL the sharded Redis adapter (ioredis publisher and subscriber, a channel per room) lets several processes serve one salon; after Redis
 * went away, this process's sockets receive no chat message live, and reconnect once it is back to catch up.
 * On close: sockets are told to reconnect elsewhere and closed in preClose (the HTTP server would otherwise wait for
 * them), Redis quits in onClose.
 */
export const realtimePlugin = globalPlugin('salon-realtime', async (app: FastifyInstance) => {
  const io: SalonServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_FRAME_BYTES,
    // No CORS: only pages of this origin talk to it (the handshake refuses other origins anyway).
  });
  let redis: Redis[] = [];
  let pause: ReturnType<typeof pauseDuringRedisLoss> | null = null;
  if (app.config.redisUrl) {
    // ioredis and the adapter are loaded only by a salon configured with Redis.
    const [{ Redis }, { createShardedAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const pub = new Redis(app.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err: unknown) => app.log.error({ err }, 'redis (socket.io adapter)'));
    redis = [pub, sub];
    // Sharded pub/sub with a channel per room (Redis 7.0): an emission to one room (a person, a channel, a stand's
    // exhibitors) reaches only the processes with a socket in it; the others never receive it.
    io.adapter(createShardedAdapter(pub, sub, { channelPrefix: 'salon.socket.io', subscriptionMode: 'dynamic' }));
    pause = pauseDuringRedisLoss(io, redis, app.log);
    const { gate } = pause;
    io.use((_socket, next) => {
      void gate().then(() => next());
    });
  }
  const subscriber = redis[1];
  const realtime = new Realtime(io, { db: app.db, activity: app.activity, log: app.log }, pause?.lost, () =>
    subscriber ? subscriber.ping().then(() => undefined) : Promise.resolve(),
  );
  app.decorate('realtime', realtime);
  subscriber?.on('smessageBuffer', () => (realtime.traffic.received += 1));
  io.engine.on('connection', (conn: { on(event: 'packetCreate', listener: (packet: { type: string }) => void): void }) =>
    conn.on('packetCreate', (packet) => {
      if (packet.type === 'message') realtime.traffic.packets += 1;
    }),
  );

  io.use(handshake(app));
  // The rooms are joined before the client is told it is connected, and with Redis once the subscriber has their
  // channels: the client catches up (`?lastOne=`) on connecting, and anything stored after that read reaches it live.
  // No channel while Redis is lost (this handshake passed the gate just before the loss: it is closed when Redis is back).
  io.use((socket, next) => {
    const { userId, members, stands, session } = socket.data;
    const channels = realtime.redisLost() ? [] : [...members.keys()].map(channelRoom);
    void socket.join([userRoom(userId), session, ...channels, ...stands.map(standRoom)]);
    realtime.subscribed().then(
      () => next(),
      (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
    );
  });
  io.on('connection', (socket) => registerHandlers(app, socket));

  // Not `io.close()`: it would close fastify's HTTP server too, which fastify closes itself.
  // A stop (SIGTERM, a restart) is not an end: each client is told to reconnect, to another process behind the proxy,
  // then its connection closes (not `disconnectSockets`, whose "server disconnect" tells clients not to come back).
  app.addHook('preClose', async () => {
    io.local.emit('reconnect_elsewhere');
    for (const socket of io.of('/').sockets.values()) socket.conn.close();
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.resolve(io.of('/').adapter.close()).catch((err: unknown) => app.log.error({ err }, 'closing the socket.io adapter'));
    await Promise.allSettled(redis.map((client) => client.quit()));
  });
});
