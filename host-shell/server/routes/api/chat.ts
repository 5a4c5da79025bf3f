import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import fastifyMultipart, { type MultipartFields } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CHAT_FILE_MAX_BYTES,
  ChannelIdParams,
  ChannelsData,
  ChatUsersData,
  ChatUsersQuery,
  MessagesData,
  MessagesQuery,
  OpenChannelBody,
  OpenChannelData,
  ReadData,
  UPLOAD_CLIENT_ID_FIELD,
  UPLOAD_FILE_FIELD,
  UploadData,
  type FileContent,
  type MessageContent,
} from '@salon/shared/contracts/chat';
import { Envelope } from '@salon/shared/contracts/envelope';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { buildPath } from '@salon/shared/contracts/routes';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/errors';
import { formDataError } from '../../lib/form-data';
import { decodeId } from '../../lib/ids';
import { detectFileType, insertFileMessage, removeStoredFile, safeFileName, storeFile } from '../../services/chat-files';
import { mayStartChatWith, parseProfiles, searchChatUsers } from '../../services/chat-users';
import {
  channelFor,
  findDirectChannel,
  findOrCreateDirectChannel,
  listChannels,
  markRead,
  membershipOf,
  messagePage,
  toChatMessages,
  type ChatContext,
  type Membership,
} from '../../services/chat';
import { findUserById } from '../../services/users';
import { openVisitOf, ownsStand, standExists } from '../../services/visits';
import type { Viewer } from '../../plugins/session';
import { apiViewer } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart route: its file field and size limit, for the OpenAPI document. */
    multipart?: { file: string; fields?: string[]; maxBytes: number };
  }
}

/** The spec's message (§5), in the user's language. */
export const tooLargeMessage = (locale: LocaleCode): string => say(locale, msg`The file limit is 5MB. Please upload a smaller file`);

const errorCode = (err: unknown): unknown => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);

/** The text value of a multipart field sent before the file, if any. */
function fieldValue(fields: MultipartFields, name: string): string | null {
  const field = fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value : null;
}

export const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only this plugin's routes take multipart bodies. The size limit is enforced while the file streams in.
  await app.register(fastifyMultipart, {
    limits: { fileSize: CHAT_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 100 },
  });

  const contextOf = (viewer: Viewer): ChatContext => ({ db: app.db, activity: app.activity, origin: viewer.origin });

  /** The caller's membership of the channel in the path: 404 for a bad id, an unknown channel or someone else's. */
  async function channelOf(request: FastifyRequest, userId: number, locale: LocaleCode): Promise<Membership> {
    const raw = (request.params as { id?: unknown }).id;
    const channelId = typeof raw === 'string' ? decodeId(raw) : null;
    const membership = channelId === null ? null : await membershipOf(app.db, channelId, userId);
    if (!membership) throw notFound(say(locale, msg`Unknown channel`));
    return membership;
  }

  /** Path errors are 404 (unknown channel), other validation errors are thrown as they are. */
  function validationAfterPath(request: FastifyRequest): void {
    const error = request.validationError as (Error & { validationContext?: string }) | undefined;
    if (error && error.validationContext !== 'params') throw error;
  }

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
      return { data: { channels: await listChannels(contextOf(viewer), viewer.user.id) } };
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
      const ctx = contextOf(viewer);
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
      if (lastOne !== undefined && before !== undefined) throw badRequest('Invalid querystring: give "lastOne" or "before", not both');
      const decode = (name: string, value: string | undefined): number | undefined => {
        if (value === undefined) return undefined;
        const id = decodeId(value);
        if (id === null) throw badRequest(`Invalid querystring: "${name}" is not a message id`, { [name]: 'is not a message id' });
        return id;
      };
      const rows = await messagePage(app.db, membership.channelId, {
        after: decode('lastOne', lastOne),
        before: decode('before', before),
        limit,
      });
      return { data: { messages: await toChatMessages(contextOf(viewer), rows) } };
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

  app.post(
    '/chat/channels/:id/messages/upload',
    {
      schema: {
        summary: `Share a file in a channel (multipart/form-data: "${UPLOAD_FILE_FIELD}", and optionally "${UPLOAD_CLIENT_ID_FIELD}" before it so that a retry is stored once). At most ${CHAT_FILE_MAX_BYTES} bytes (413). The type is read from the content: PNG, JPEG, GIF, WebP, PDF, DOCX, XLSX, PPTX, ODT, ODS, ZIP or UTF-8 text, matching the file's name (415 otherwise). Creates an image or file message, sent to the channel like a socket message. Members only.`,
        params: ChannelIdParams,
        response: { 200: Envelope(UploadData) },
      },
      config: {
        multipart: { file: UPLOAD_FILE_FIELD, fields: [UPLOAD_CLIENT_ID_FIELD], maxBytes: CHAT_FILE_MAX_BYTES },
        // Counted before the file is read: a refused upload is neither read nor stored.
        rateLimit: app.limits.perAddress(app.config.rateLimits.chatUploadsPerAddress),
      },
      preValidation: app.limits.perUser(app.config.rateLimits.chatUploadsPerUser),
      attachValidation: true,
    },
    async (request, reply) => {
      const viewer = await apiViewer(request);
      const { locale } = viewer;
      validationAfterPath(request);
      const membership = await channelOf(request, viewer.user.id, locale);
      const expected = say(locale, msg`Expected a file in the field "${UPLOAD_FILE_FIELD}" (multipart/form-data)`);
      if (!request.isMultipart()) throw new HttpError(415, expected);
      let part;
      try {
        part = await request.file();
      } catch (err) {
        if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(locale));
        throw formDataError(request, err);
      }
      if (!part || part.fieldname !== UPLOAD_FILE_FIELD) throw badRequest(expected, { [UPLOAD_FILE_FIELD]: 'is required' });
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (err) {
        if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(locale));
        throw formDataError(request, err);
      }
      // toBuffer() misses the limit when it is reached with the stream's last chunk (busboy marks the file
      // truncated after that chunk was read): the flag is what says the file was cut.
      if (part.file.truncated) throw new HttpError(413, tooLargeMessage(locale));
      if (content.length === 0) throw badRequest(say(locale, msg`The file is empty`));
      const clientId = fieldValue(part.fields, UPLOAD_CLIENT_ID_FIELD);
      if (clientId !== null && (clientId.length === 0 || clientId.length > 64))
        throw badRequest(`"${UPLOAD_CLIENT_ID_FIELD}" must be 1 to 64 characters`);

      const detection = await detectFileType(content, part.filename, locale);
      if (!detection.ok) throw new HttpError(415, detection.message);

      const prettyName = safeFileName(part.filename, detection.extension);
      const storedName = await storeFile(app.config.uploadDir, detection.extension, content);
      const path = buildPath('/chat/file/{filename}', { filename: storedName });
      const messageContent: MessageContent = detection.image
        ? { type: 'image', url: path, filename: storedName, prettyName }
        : {
            type: 'file',
            url: path,
            filename: storedName,
            prettyName,
            extension: detection.extension,
            downloadable: true,
            size: content.length,
            mime: detection.mime,
          };
      let stored;
      try {
        stored = await insertFileMessage(
          app.db,
          { channelId: membership.channelId, memberId: membership.memberId, clientId, content: messageContent },
          {
            storedName,
            originalName: prettyName,
            mime: detection.mime,
            extension: detection.extension,
            size: content.length,
          },
        );
      } catch (err) {
        await removeStoredFile(app.config.uploadDir, storedName);
        throw err;
      }
      // A retried upload (same client_id): the first copy stands.
      if (!stored.created) await removeStoredFile(app.config.uploadDir, storedName);
      const [message] = await toChatMessages(contextOf(viewer), [stored.row]);
      if (!message) throw new Error('the uploaded message vanished');
      const shown = message.content;
      const file: FileContent =
        shown.type === 'file'
          ? shown
          : {
              type: 'file',
              url: shown.type === 'image' ? shown.url : '',
              filename: shown.type === 'image' ? shown.filename : '',
              prettyName: shown.type === 'image' ? shown.prettyName : '',
              extension: detection.extension,
              downloadable: true,
              size: content.length,
              mime: detection.mime,
            };
      await reply.send({ data: { success: true, message: say(locale, msg`The file has been sent`), file, chat_message: message } });
      // Acknowledged (the answer above), then fanned out like a socket message.
      if (stored.created) app.realtime.emitToChannel('new_chat_message', membership.channelId, message);
      return reply;
    },
  );

  app.get(
    '/chat/users',
    {
      schema: {
        summary:
          'Start a chat: people active in the last 60 minutes (not the user, not hidden) the user may find (search permissions), split into on_stand (open visit on stand_id, or its exhibitors) and elsewhere. search: name; profiles: comma list of exhibitor, visitor, promoter; connected: 1 or 0. Anonymous visitors, or an empty permission list: search_enabled false.',
        querystring: ChatUsersQuery,
        response: { 200: Envelope(ChatUsersData) },
      },
    },
    async (request) => {
      const viewer = await apiViewer(request);
      const { search, profiles, connected, stand_id: rawStand } = request.query;
      let standId: number | undefined;
      let standAllowed = false;
      if (rawStand !== undefined) {
        const id = decodeId(rawStand);
        if (id === null || !(await standExists(app.db, id)))
          throw badRequest('Invalid querystring: "stand_id" is not a stand id', { stand_id: 'is not a stand id' });
        standId = id;
        const visit = await openVisitOf(app.db, viewer.user.id);
        standAllowed = visit?.stand_id === id || (await ownsStand(app.db, viewer.user.id, id));
      }
      const params = await app.parameters.get();
      const data = await searchChatUsers({ db: app.db, activity: app.activity, params }, viewer.user, {
        search,
        profiles: parseProfiles(profiles),
        connected: connected === undefined ? undefined : connected === '1',
        standId,
        standAllowed,
      });
      return { data };
    },
  );
};
