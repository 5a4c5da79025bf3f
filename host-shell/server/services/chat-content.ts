import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import { CHAT_MESSAGE_MAX_LENGTH, type MessageContent } from '@salon/shared/contracts/chat';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { UserRow } from '../db/schema';
import { isPublished, parseFieldsParam } from './users';

export type Composed = { ok: true; content: MessageContent } | { ok: false; error: string };

/** A text longer than this is refused before trimming (the limit applies to the trimmed text). */
const RAW_TEXT_MAX = CHAT_MESSAGE_MAX_LENGTH * 4;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sender's own details that may be shared (spec §5 "Contact-details sharing"): present and published. */
export function shareableContactDetails(user: UserRow): Extract<MessageContent, { type: 'contact_details' }> {
  const fields = parseFieldsParam(user.fields_param);
  const exhibitor = user.profile === 'exhibitor';
  const out: Extract<MessageContent, { type: 'contact_details' }> = { type: 'contact_details' };
  if (isPublished(fields, 'firstname', user.firstname)) out.firstname = user.firstname;
  if (isPublished(fields, 'lastname', user.lastname)) out.lastname = user.lastname;
  const emailField = exhibitor ? 'contact_email' : 'email';
  const email = exhibitor ? user.contact_email : user.email;
  if (isPublished(fields, emailField, email)) out.email = email;
  if (isPublished(fields, 'mobile', user.mobile)) out.mobile = user.mobile;
  return out;
}

/** The exhibitor's published video link, or null. */
export function publishedVisioLink(user: UserRow): string | null {
  if (user.profile !== 'exhibitor') return null;
  return isPublished(parseFieldsParam(user.fields_param), 'visio_link', user.visio_link) ? user.visio_link : null;
}

/**
 * What a member may send over the socket, made into the stored content. The client says what it wants; the server
 * decides what goes in: text is trimmed (and kept as given otherwise: it is data, never HTML), an invitation carries
 * the sender's own video link, contact details the sender's own published fields. Files go through the upload call.
 */
export function composeContent(input: unknown, sender: UserRow, locale: LocaleCode): Composed {
  const fail = (text: MessageDescriptor): Composed => ({ ok: false, error: say(locale, text) });
  if (!isRecord(input) || typeof input.type !== 'string') return fail(msg`"content" must be an object with a type`);
  switch (input.type) {
    case 'message': {
      if (typeof input.text !== 'string') return fail(msg`"content.text" must be a string`);
      if (input.text.length > RAW_TEXT_MAX) return fail(msg`The message is longer than ${CHAT_MESSAGE_MAX_LENGTH} characters`);
      const text = input.text.trim();
      if (text === '') return fail(msg`The message is empty`);
      if (text.length > CHAT_MESSAGE_MAX_LENGTH) return fail(msg`The message is longer than ${CHAT_MESSAGE_MAX_LENGTH} characters`);
      return { ok: true, content: { type: 'message', text } };
    }
    case 'visio_invitation': {
      if (sender.profile !== 'exhibitor') return fail(msg`Only exhibitors can invite to a video call`);
      const link = publishedVisioLink(sender);
      if (!link) return fail(msg`Video link missing for the user`);
      return { ok: true, content: { type: 'visio_invitation', link, acceptation: null } };
    }
    case 'visio_ask':
      return { ok: true, content: { type: 'visio_ask' } };
    case 'contact_details': {
      const details = shareableContactDetails(sender);
      if (Object.keys(details).length === 1) return fail(msg`Your contact details are missing`);
      return { ok: true, content: details };
    }
    case 'file':
    case 'image':
      return fail(msg`Files are sent with the upload call`);
    default:
      return fail(msg`Unknown message type`);
  }
}
