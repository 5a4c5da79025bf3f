import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
// file-type's `.` export has no require/default condition, which Jest's resolver needs: `file-type/core` has one
// (jest.config.js transforms it and its ESM dependencies).
import { fileTypeFromBuffer } from 'file-type/core';
import type { Kysely } from 'kysely';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { nowIso, type ChatFileRow, type Database, type MessageRow } from '../db/schema';
import { insertMessage, type NewMessage } from './chat-messages';

/** What may be shared in a chat, by the extension we store it under: its type and the names a file of it may carry. */
interface Accepted {
  mime: string;
  image: boolean;
  names: readonly string[];
}

export const ACCEPTED: Readonly<Record<string, Accepted>> = {
  png: { mime: 'image/png', image: true, names: ['png', 'apng'] },
  jpg: { mime: 'image/jpeg', image: true, names: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  gif: { mime: 'image/gif', image: true, names: ['gif'] },
  webp: { mime: 'image/webp', image: true, names: ['webp'] },
  pdf: { mime: 'application/pdf', image: false, names: ['pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', image: false, names: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', image: false, names: ['xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', image: false, names: ['pptx'] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', image: false, names: ['odt'] },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', image: false, names: ['ods'] },
  zip: { mime: 'application/zip', image: false, names: ['zip'] },
  txt: { mime: 'text/plain; charset=utf-8', image: false, names: ['txt', 'text', 'csv', 'md', 'log'] },
};

/** file-type's extension → ours. */
const DETECTED: Readonly<Record<string, string>> = {
  png: 'png',
  apng: 'png',
  jpg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  zip: 'zip',
};

export const ACCEPTED_LIST = 'PNG, JPEG, GIF, WebP, PDF, DOCX, XLSX, PPTX, ODT, ODS, ZIP, TXT';

export type Detection = { ok: true; extension: string; mime: string; image: boolean } | { ok: false; message: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** C0 controls other than tab, line feed, form feed, carriage return and escape: not text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BINARY_CONTROL = /[\u0000-\u0008\u000B\u000E-\u001A\u001C-\u001F\u007F]/;
/** Markup a browser would render (HTML, SVG, XML): refused even as text, whatever its name. */
const MARKUP = /^(?:\uFEFF)?\s*<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed|meta|style|a\s|img\s|div|!--)/i;

/** The extension of a file name (lower case), or null when it has none. */
export function nameExtension(name: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * The type of a file from its CONTENT (magic numbers through file-type; plain text by a strict UTF-8 decode), checked
 * against the accepted list and against the name's extension: an .exe renamed .pdf, or an HTML page renamed .png,
 * is refused.
 */
export async function detectFileType(content: Buffer, originalName: string, locale: LocaleCode): Promise<Detection> {
  const refused = (text: MessageDescriptor): Detection => ({ ok: false, message: say(locale, text) });
  const detected = await fileTypeFromBuffer(content);
  let extension: string;
  if (detected) {
    const ours = DETECTED[detected.ext];
    if (!ours) {
      return refused(msg`This type of file (${detected.ext}) is not accepted. Only ${ACCEPTED_LIST} files are accepted`);
    }
    extension = ours;
  } else {
    let text: string;
    try {
      text = utf8.decode(content);
    } catch {
      return refused(msg`This type of file is not accepted. Only ${ACCEPTED_LIST} files are accepted`);
    }
    if (BINARY_CONTROL.test(text)) {
      return refused(msg`This type of file is not accepted. Only ${ACCEPTED_LIST} files are accepted`);
    }
    if (MARKUP.test(text.slice(0, 1024))) {
      return refused(msg`HTML, SVG and XML files are not accepted`);
    }
    extension = 'txt';
  }
  const accepted = ACCEPTED[extension];
  if (!accepted) return refused(msg`Unknown file type`);
  const named = nameExtension(originalName);
  if (named !== null && !accepted.names.includes(named)) {
    return refused(msg`The file's content (${extension.toUpperCase()}) does not match its name (.${named})`);
  }
  // A text file keeps its own text extension (.csv stays .csv).
  const stored = extension === 'txt' && named !== null ? named : extension;
  return { ok: true, extension: stored, mime: accepted.mime, image: accepted.image };
}

/** The name a user gave, made harmless: no folders, quotes, backslashes or control characters, at most 200 characters. */
export function safeFileName(name: string, fallbackExtension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001F\u007F"\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? `file.${fallbackExtension}` : cleaned;
}

const rfc5987 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="…"; filename*=UTF-8''…` (or inline), with an ASCII fallback and the exact name encoded. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const safe = safeFileName(name, 'bin');
  const ascii = safe.replace(/[^\x20-\x7E]/g, '_').replace(/[%;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${rfc5987(safe)}`;
}

/** Stored names: 32 hex characters and the extension we detected. */
export const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,10}$/;
export const newStoredName = (extension: string): string => `${randomBytes(16).toString('hex')}.${extension}`;

/** Writes the content under a new random name; never overwrites. */
export async function storeFile(uploadDir: string, extension: string, content: Buffer): Promise<string> {
  await fs.mkdir(uploadDir, { recursive: true });
  const name = newStoredName(extension);
  await fs.writeFile(path.join(uploadDir, name), content, { flag: 'wx', mode: 0o640 });
  return name;
}

export async function removeStoredFile(uploadDir: string, name: string): Promise<void> {
  await fs.rm(path.join(uploadDir, name), { force: true });
}

/** The stored file and whether `userId` is a member of its channel. */
export async function fileForUser(db: Kysely<Database>, storedName: string, userId: number): Promise<ChatFileRow | null> {
  if (!STORED_NAME.test(storedName)) return null;
  const row = await db
    .selectFrom('chat_files')
    .innerJoin('channel_members', (join) =>
      join.onRef('channel_members.channel_id', '=', 'chat_files.channel_id').on('channel_members.user_id', '=', userId),
    )
    .selectAll('chat_files')
    .where('chat_files.stored_name', '=', storedName)
    .executeTakeFirst();
  return row ?? null;
}

/** A file's message and its `chat_files` row, in one transaction; a retried upload (same client id) writes neither again. */
export async function insertFileMessage(
  db: Kysely<Database>,
  message: NewMessage,
  file: { storedName: string; originalName: string; mime: string; extension: string; size: number },
): Promise<{ row: MessageRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const result = await insertMessage(trx, message);
    if (result.created) {
      await trx
        .insertInto('chat_files')
        .values({
          stored_name: file.storedName,
          channel_id: message.channelId,
          member_id: message.memberId,
          original_name: file.originalName,
          mime: file.mime,
          extension: file.extension,
          size: file.size,
          created_at: nowIso(),
        })
        .execute();
    }
    return result;
  });
}
