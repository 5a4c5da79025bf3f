import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { MultipartFields } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CHAT_FILE_MAX_BYTES,
  ChannelIdParams,
  UPLOAD_CLIENT_ID_FIELD,
  UPLOAD_FILE_FIELD,
  UploadData,
  type FileContent,
  type MessageContent,
} from '@salon/shared/contracts/chat';
import { Envelope } from '@salon/shared/contracts/envelope';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { buildPath } from '@salon/shared/contracts/routes';
import { HttpError, badRequest } from '../../lib/errors';
import { declaredOver, formDataError } from '../../lib/form-data';
import { detectFileType, insertFileMessage, removeStoredFile, safeFileName, storeFile } from '../../services/chat-files';
import { toChatMessages } from '../../services/chat-messages';
import { apiViewer } from './auth';
import { channelOf, chatContext, validationAfterPath } from './chat-channel';

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

/** A file shared in a channel (multipart: the chat plugin registers the parser with the chat's file limit). */
export const chatUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
      if (declaredOver(request, CHAT_FILE_MAX_BYTES)) throw new HttpError(413, tooLargeMessage(locale));
      let part;
      try {
        part = await request.file();
      } catch (err) {
        if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(locale));
        throw formDataError(request, err, locale);
      }
      if (!part || part.fieldname !== UPLOAD_FILE_FIELD) throw badRequest(expected, { [UPLOAD_FILE_FIELD]: say(locale, msg`is required`) });
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (err) {
        if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(locale));
        throw formDataError(request, err, locale);
      }
      // toBuffer() misses the limit when it is reached with the stream's last chunk (busboy marks the file
      // truncated after that chunk was read): the flag is what says the file was cut.
      if (part.file.truncated) throw new HttpError(413, tooLargeMessage(locale));
      if (content.length === 0) throw badRequest(say(locale, msg`The file is empty`));
      const clientId = fieldValue(part.fields, UPLOAD_CLIENT_ID_FIELD);
      if (clientId !== null && (clientId.length === 0 || clientId.length > 64))
        throw badRequest(say(locale, msg`"${UPLOAD_CLIENT_ID_FIELD}" must be 1 to 64 characters`));

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
      const [message] = await toChatMessages(chatContext(request, viewer), [stored.row]);
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
      // Acknowledged (the answer above), then fanned out like a socket message; a retry too (see the socket handler).
      app.realtime.emitToChannel('new_chat_message', membership.channelId, message);
      return reply;
    },
  );
};
