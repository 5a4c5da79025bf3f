import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CHAT_FILE_MAX_BYTES,
  ChannelIdParams,
  ChannelsData,
  MessagesData,
  MessagesQuery,
  OpenChannelBody,
  OpenChannelData,
  ReadData,
} from '@salon/shared/contracts/chat';
import { Envelope } from '@salon/shared/contracts/envelope';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { decodeId } from '../../lib/ids';
import { mayStartChatWith } from '../../services/chat-users';
import { channelFor, findDirectChannel, findOrCreateDirectChannel, listChannels, membershipOf } from '../../services/chat';
import { markRead, messagePage, toChatMessages } from '../../services/chat-messages';
import { findUserById } from '../../services/users';
import { apiViewer } from './auth';
import { channelOf, chatContext, validationAfterPath } from './chat-channel';
import { chatUploadRoutes } from './chat-upload';
import { chatUsersRoutes } from './chat-users';
import { scoped } from '../../lib/plugin';

/** The chat's channels and messages (spec §4.6); its file upload and Start-a-chat search are registered inside. */
export const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only this plugin's routes take multipart bodies. The size limit is enforced while the file streams in.
  await app.register(fastifyMultipart, {
    limits: { fileSize: CHAT_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 100 },
  });

  app.get(
    '/chat/channels',
    {
      schema: {
        summary:
          "The user's channels: members, total and unread messages, last message; newest last message first, channels without messages last",
        response: { 200: Envelope(ChannelsData) },
      },
    },
    async (request) => {
      const viewer = await apiViewer(request);
      return { data: { channels: await listChannels(chatContext(request, viewer), viewer.user.id) } };
    },
  );

  app.post(
    '/chat/channels',
    {
      schema: {
        summary:
          '{members: [user id]} finds or creates the 1-to-1 channel with that user (with oneself: channel null, silently; someone the caller cannot find or reach in the product — hidden, outside their search permissions, not an exhibitor — 404 like an unknown id); {id_channel} reopens a channel of the user. Answers the channel and its latest 50 messages (oldest first). Anonymous visitors may open a channel someone started with them, not start one (403).',
        body: OpenChannelBody,
        response: { 200: Envelope(OpenChannelData) },
      },
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const { user, locale } = viewer;
      const body = request.body;
      let channelId: number;
      if ('members' in body) {
        const raw = body.members[0] ?? '';
        const otherId = decodeId(raw);
        const other = otherId === null ? null : await findUserById(app.db, otherId);
        // Someone the caller may not reach is as unknown as an id that is nobody: ids are not secrets.
        const unknownUser = () => notFound(say(locale, msg`Unknown user: ${raw}`));
        if (!other) throw unknownUser();
        // Spec §4.6: a chat with oneself is silently ignored.
        if (other.id === user.id) return { data: { channel: null, messages: [] } };
        const existing = await findDirectChannel(app.db, user.id, other.id);
        if (existing !== null) channelId = existing;
        else if (user.anonymous === 1) {
          throw forbidden(say(locale, msg`Anonymous visitors cannot start a chat: log in or create an account`));
        } else {
          if (!(await mayStartChatWith({ db: app.db, activity: app.activity, params: await app.parameters.get() }, user, other)))
            throw unknownUser();
          const opened = await findOrCreateDirectChannel(app.db, user.id, other.id);
          channelId = opened.channelId;
          if (opened.created) app.realtime.joinChannel(channelId, [user.id, other.id]);
        }
      } else {
        const id = decodeId(body.id_channel);
        if (id === null || !(await membershipOf(app.db, id, user.id))) throw notFound(say(locale, msg`Unknown channel`));
        channelId = id;
      }
      const ctx = chatContext(request, viewer);
      const [channel, rows] = await Promise.all([channelFor(ctx, channelId, user.id), messagePage(app.db, channelId)]);
      return { data: { channel, messages: await toChatMessages(ctx, rows) } };
    },
  );

  app.get(
    '/chat/channels/:id/messages',
    {
      schema: {
        summary:
          "A channel's messages, oldest first: ?lastOne={id} those after it (up to 200 per call: repeat with the last id until fewer come back), ?before={id} the page before it, else the latest 50; limit 1-200. Members only (404 otherwise).",
        params: ChannelIdParams,
        querystring: MessagesQuery,
        response: { 200: Envelope(MessagesData) },
      },
      attachValidation: true,
    },
    async (request) => {
      const viewer = await apiViewer(request);
      validationAfterPath(request);
      const membership = await channelOf(request, viewer.user.id, viewer.locale);
      const { lastOne, before, limit } = request.query;
      if (lastOne !== undefined && before !== undefined)
        throw badRequest(say(viewer.locale, msg`Invalid querystring: give "lastOne" or "before", not both`));
      const decode = (name: string, value: string | undefined): number | undefined => {
        if (value === undefined) return undefined;
        const id = decodeId(value);
        if (id === null)
          throw badRequest(say(viewer.locale, msg`Invalid querystring: "${name}" is not a message id`), {
            [name]: say(viewer.locale, msg`is not a message id`),
          });
        return id;
      };
      const rows = await messagePage(app.db, membership.channelId, {
        after: decode('lastOne', lastOne),
        before: decode('before', before),
        limit,
      });
      return { data: { messages: await toChatMessages(chatContext(request, viewer), rows) } };
    },
  );

  app.post(
    '/chat/channels/:id/read',
    {
      schema: {
        summary: 'Everything in the channel is read by the user (its new-message counter goes to 0). Members only.',
        params: ChannelIdParams,
        response: { 200: Envelope(ReadData) },
      },
      attachValidation: true,
    },
    async (request) => {
      const viewer = await apiViewer(request);
      validationAfterPath(request);
      await markRead(app.db, await channelOf(request, viewer.user.id, viewer.locale));
      return { data: { new_messages: 0 as const } };
    },
  );

  await app.register(scoped(chatUploadRoutes));
  await app.register(scoped(chatUsersRoutes));
};
