import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { HistoryBody, VISIO_UNANSWERED_MS, type ChatMember, type ChatMessage } from '@salon/shared/contracts/chat';
import { NotificationMessage, NotificationTitle } from '@salon/shared/contracts/notifications';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { ObfuscatedId } from '@salon/shared/contracts/room';
import { nowIso } from '../db/schema';
import { HttpError } from '../lib/errors';
import { decodeId, encodeId } from '../lib/ids';
import { tooManyText } from '../lib/rate-limit';
import { issueSentence, validate } from '../lib/validation';
import { membershipOf } from '../services/chat';
import { chatMembers, memberRows } from '../services/chat-members';
import { insertMessage, messageRow, parseContent, toChatMessage } from '../services/chat-messages';
import { composeContent } from '../services/chat-content';
import { addClientHistory, checkClientHistory } from '../services/history';
import { createNotification, deliverNotification } from '../services/notifications';
import { toRoomUser } from '../services/room-users';
import { findUserById, publicDisplayName } from '../services/users';
import { standExists } from '../services/visits';
import { channelRoom, userRoom, type SalonSocket } from './rooms';

/** At most one typing notice relayed per socket and channel in this window. */
export const TYPING_RELAY_MS = 1000;

type Answer = { ok: true; message?: ChatMessage } | { ok: false; error: string };
/**
 * What a handler returns: the acknowledgement, and what to do once it is sent (the fan-out). Not `then`: an object
 * with a `then` key returned from an async function is taken for a thenable, and called.
 */
type Outcome = { answer: Answer; after?: () => void } | void;

const NewMessageEvent = Type.Object({
  channel_id: ObfuscatedId,
  member_id: ObfuscatedId,
  // Optional: the spec's fields are content, channel_id and member_id; a client that gives none is not deduplicated.
  client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  content: Type.Unknown(),
});
const UpdateMessageEvent = Type.Object({ channel_id: ObfuscatedId, message_id: ObfuscatedId, acceptation: Type.Boolean() });
const WritingEvent = Type.Object({ channel_id: ObfuscatedId });
const StandHistoryEvent = Type.Object({ stands_ids: Type.Array(ObfuscatedId, { minItems: 1, maxItems: 50 }), content: HistoryBody });
const NotificationEvent = Type.Object({
  content: Type.Object({
    title: NotificationTitle(1),
    message: NotificationMessage(1),
    title_en: Type.Optional(NotificationTitle(0)),
    message_en: Type.Optional(NotificationMessage(0)),
  }),
  users_ids: Type.Array(ObfuscatedId, { maxItems: 100_000 }),
});

/** A client mistake: its message goes back in the acknowledgement. */
class Refused extends Error {}

function parse<T extends TSchema>(schema: T, value: unknown, locale: LocaleCode) {
  const result = validate(schema, value);
  if (result.ok) return result.value;
  const issues = result.issues.map((issue) => issueSentence(locale, issue)).join('; ');
  throw new Refused(say(locale, msg`Invalid event: ${issues}`));
}

/**
 * The events of one socket (shared/contracts/socket-events.ts). Every answer goes through the acknowledgement when the
 * client gave one. A message is written first, acknowledged second, fanned out third (to the channel but the sending
 * socket: the sender's other tabs get it).
 *
 * Why nothing is lost (`tests/browser/chat-durability.test.ts` kills the server mid-conversation): the client resends
 * each message with its `client_id` until acknowledged, the server stores a (member, client id) once, and an
 * acknowledgement means committed (SQLite's `synchronous = FULL`, PostgreSQL's commit); after each connection the client
 * pages `?lastOne=` from the last message it received in server order (`shared/chat`).
 */
export function registerHandlers(app: FastifyInstance, socket: SalonSocket): void {
  const data = socket.data;
  const tr = (text: MessageDescriptor) => say(data.locale, text);
  const unknownChannel = () => new Refused(tr(msg`Unknown channel`));

  /** The user's member id in a channel (cached; a channel created since the handshake is looked up and joined). */
  const memberIdIn = async (channelId: number): Promise<number | null> => {
    const cached = data.members.get(channelId);
    if (cached !== undefined) return cached;
    const found = await membershipOf(app.db, channelId, data.userId);
    if (!found) return null;
    data.members.set(channelId, found.memberId);
    if (!app.realtime.redisLost()) {
      await socket.join(channelRoom(channelId));
      await app.realtime.subscribed();
    }
    return found.memberId;
  };

  /** The channel an event names and the user's member id in it; unknown (refused) when the user is not a member. */
  const eventChannel = async (raw: string): Promise<{ channelId: number; memberId: number }> => {
    const channelId = decodeId(raw);
    const memberId = channelId === null ? null : await memberIdIn(channelId);
    if (channelId === null || memberId === null) throw unknownChannel();
    return { channelId, memberId };
  };

  const me = (memberId: number): ChatMember => ({
    id_member: encodeId(memberId),
    user: toRoomUser(data.user, data.company, app.activity.ownIso(data.userId, data.user.last_activity_at)),
  });

  /** Runs a handler; refusals and failures become `{ok: false, error}`. */
  const handle = (name: string, run: (payload: unknown) => Promise<Outcome>) => (payload: unknown, ack?: unknown) => {
    const reply = (answer: Answer) => {
      if (typeof ack === 'function') (ack as (answer: Answer) => void)(answer);
    };
    run(payload).then(
      (outcome) => {
        if (!outcome) return;
        reply(outcome.answer);
        outcome.after?.();
      },
      (err: unknown) => {
        if (err instanceof Refused || err instanceof HttpError) return reply({ ok: false, error: err.message });
        app.log.error({ err, event: name, userId: data.userId }, 'socket event failed');
        reply({ ok: false, error: tr(msg`An error occurred`) });
      },
    );
  };

  socket.on(
    'new_chat_message',
    handle('new_chat_message', async (payload) => {
      const event = parse(NewMessageEvent, payload, data.locale);
      const { channelId, memberId } = await eventChannel(event.channel_id);
      if (decodeId(event.member_id) !== memberId) throw unknownChannel();
      // The user's budget (AppConfig.rateLimits.chatMessagesPerUser): a refused message stays unsent in the client's outbox.
      const wait = await app.limits.chatMessage(data.userId);
      if (wait !== null) throw new Refused(tooManyText(data.locale, wait, 'messages'));
      // Rules that depend on the profile (video link, published details) read the current row.
      const type = typeof event.content === 'object' && event.content !== null ? (event.content as { type?: unknown }).type : undefined;
      const sender = type === 'message' ? data.user : ((await findUserById(app.db, data.userId)) ?? data.user);
      const composed = composeContent(event.content, sender, data.locale);
      if (!composed.ok) throw new Refused(composed.error);
      app.activity.touch(data.userId);
      const { row } = await insertMessage(app.db, {
        channelId,
        memberId,
        clientId: event.client_id ?? null,
        content: composed.content,
      });
      const message = toChatMessage(row, me(memberId), data.origin);
      return {
        answer: { ok: true as const, message },
        // A retry of a stored message is told to the others again: the first attempt may have stored it and failed
        // before telling anyone (the database cut between its commit and its answer). Clients keep a message once by id.
        after: () => socket.to(channelRoom(channelId)).emit('new_chat_message', message),
      };
    }),
  );

  socket.on(
    'update_chat_message',
    handle('update_chat_message', async (payload) => {
      const event = parse(UpdateMessageEvent, payload, data.locale);
      const { channelId, memberId } = await eventChannel(event.channel_id);
      const messageId = decodeId(event.message_id);
      const row = messageId === null ? null : await messageRow(app.db, channelId, messageId);
      if (!row) throw new Refused(tr(msg`Unknown message`));
      const content = parseContent(row.content);
      if (content.type !== 'visio_invitation') throw new Refused(tr(msg`Only a video invitation can be answered`));
      if (row.member_id === memberId) throw new Refused(tr(msg`Only the invitee can answer this invitation`));
      if (content.acceptation !== null) throw new Refused(tr(msg`This invitation has already been answered`));
      // Spec §4.5: after a minute the invitation shows unanswered, and the sender may invite again.
      if (Date.now() - Date.parse(row.created_at) > VISIO_UNANSWERED_MS) {
        throw new Refused(tr(msg`This invitation has expired: the sender can invite you again`));
      }
      const updated = { ...row, content: JSON.stringify({ ...content, acceptation: event.acceptation }), updated_at: nowIso() };
      // Only if still pending: of two answers, the first wins.
      const result = await app.db
        .updateTable('messages')
        .set({ content: updated.content, updated_at: updated.updated_at })
        .where('id', '=', row.id)
        .where('content', '=', row.content)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new Refused(tr(msg`This invitation has already been answered`));
      const author = (
        await chatMembers({ db: app.db, activity: app.activity, origin: data.origin }, await memberRows(app.db, [channelId]))
      ).get(row.member_id);
      if (!author) throw new Error(`member ${row.member_id} of message ${row.id} has no row`);
      const message = toChatMessage(updated, author, data.origin);
      return {
        answer: { ok: true as const, message },
        after: () => socket.to(channelRoom(channelId)).emit('update_chat_message', message),
      };
    }),
  );

  socket.on(
    'user_writing',
    handle('user_writing', async (payload) => {
      const event = parse(WritingEvent, payload, data.locale);
      const { channelId } = await eventChannel(event.channel_id);
      const now = Date.now();
      if (now - (data.typing.get(channelId) ?? 0) < TYPING_RELAY_MS) return { answer: { ok: true as const } };
      data.typing.set(channelId, now);
      socket
        .to(channelRoom(channelId))
        .except(userRoom(data.userId))
        .emit('user_writing', {
          channel_id: event.channel_id,
          user_id: encodeId(data.userId),
          fullname: publicDisplayName(data.user, data.locale),
        });
      return { answer: { ok: true as const } };
    }),
  );

  socket.on(
    'stand_history',
    handle('stand_history', async (payload) => {
      const event = parse(StandHistoryEvent, payload, data.locale);
      const user = (await findUserById(app.db, data.userId)) ?? data.user;
      const checked: { standId: number; channelId: number | null }[] = [];
      // Every stand is checked before anything is written.
      for (const raw of new Set(event.stands_ids)) {
        const standId = decodeId(raw);
        if (standId === null || !(await standExists(app.db, standId))) throw new Refused(tr(msg`Unknown stand: ${raw}`));
        checked.push({ standId, ...(await checkClientHistory(app.db, user, standId, event.content, data.locale)) });
      }
      const added: { standId: number; id: number }[] = [];
      for (const { standId, channelId } of checked) {
        const { id, created } = await addClientHistory(app.db, user, standId, event.content.type, channelId);
        if (created) added.push({ standId, id });
      }
      return {
        answer: { ok: true as const },
        after: () => {
          if (added.length === 0) return;
          app.live.publish({ type: 'history', standIds: added.map((a) => a.standId) });
          void app.realtime.historyAdded(added.map((a) => a.id));
        },
      };
    }),
  );

  socket.on(
    'notification',
    handle('notification', async (payload) => {
      if (data.user.profile !== 'promoter' && data.user.profile !== 'administrator') {
        throw new Refused(tr(msg`Only organisers can send notifications`));
      }
      const event = parse(NotificationEvent, payload, data.locale);
      const userIds: number[] = [];
      for (const raw of new Set(event.users_ids)) {
        const id = decodeId(raw);
        if (id === null) throw new Refused(tr(msg`Unknown user: ${raw}`));
        userIds.push(id);
      }
      const notification = await createNotification(app.db, event.content, userIds, data.user.id, data.locale);
      return { answer: { ok: true as const }, after: () => deliverNotification(app, userIds, notification) };
    }),
  );
}
