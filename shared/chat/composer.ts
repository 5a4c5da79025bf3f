import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { showToast } from '@salon/shared';
import { CHAT_FILE_MAX_BYTES, uploadChatFile } from './api';
import { newClientId, shareableContactDetails, type ContactField } from './chatRules';
import { notifyTyping } from './chatTyping';
import { receiveMessage } from './messages';
import { sendMessage } from './outbox';
import { EMPTY_DRAFT, me, openChannelId, state, type Draft } from './state';

export const FILE_TOO_LARGE = msg`The file limit is 5MB. Please upload a smaller file`;
export const CONTACT_DETAILS_MISSING = msg`Your contact details are missing`;
export const CONTACT_DETAILS_PARTIAL = msg`Not shared (missing or not published in your profile):`;
const COMPLETE_PROFILE = msg`Complete my profile`;
const CONTACT_FIELD_LABELS: Record<ContactField, MessageDescriptor> = {
  firstname: msg`first name`,
  lastname: msg`last name`,
  email: msg`email`,
  mobile: msg`mobile`,
};

function patchDraft(channelId: string, patch: Partial<Draft>): void {
  const drafts = state.$drafts.get();
  state.$drafts.set({ ...drafts, [channelId]: { ...(drafts[channelId] ?? EMPTY_DRAFT), ...patch } });
}

/** The textarea changed: kept per channel, and tells the other member (at most every 3 s). */
export function setDraft(text: string): void {
  const channelId = openChannelId();
  if (!channelId) return;
  patchDraft(channelId, { text });
  if (text.trim() !== '') notifyTyping(channelId);
}

/** Spec §5: the message is trimmed, and an empty one is not sent. The attached file goes with it. */
export function sendDraft(): void {
  const channelId = openChannelId();
  if (!channelId) return;
  const draft = state.$drafts.get()[channelId] ?? EMPTY_DRAFT;
  if (draft.file && !draft.uploading) void uploadFile(channelId, draft.file, draft.fileClientId ?? newClientId());
  const text = draft.text.trim();
  if (text === '') return;
  if (sendMessage(channelId, { type: 'message', text })) patchDraft(channelId, { text: '', notice: null });
}

/** Spec §5: files up to 5 MB (5242880 bytes); a larger one is refused before anything is sent. */
export function attachFile(file: File): boolean {
  const channelId = openChannelId();
  if (!channelId) return false;
  if (file.size > CHAT_FILE_MAX_BYTES) {
    patchDraft(channelId, { file: null, fileClientId: null, notice: { kind: 'error', message: FILE_TOO_LARGE } });
    return false;
  }
  patchDraft(channelId, { file, fileClientId: newClientId(), notice: null });
  return true;
}

export function removeFile(): void {
  const channelId = openChannelId();
  if (channelId) patchDraft(channelId, { file: null, fileClientId: null });
}

export function dismissNotice(): void {
  const channelId = openChannelId();
  if (channelId) patchDraft(channelId, { notice: null });
}

async function uploadFile(channelId: string, file: File, clientId: string): Promise<void> {
  patchDraft(channelId, { uploading: true, fileClientId: clientId, notice: null });
  try {
    const data = await uploadChatFile(channelId, file, file.name, clientId);
    if (data.success) {
      receiveMessage(data.chat_message);
      patchDraft(channelId, { uploading: false, file: null, fileClientId: null });
    } else {
      showToast({ kind: 'error', message: data.message, unique: true });
      patchDraft(channelId, { uploading: false });
    }
  } catch {
    // The API client showed the server's message; the file stays, to send again or remove.
    patchDraft(channelId, { uploading: false });
  }
}

/**
 * Sends a gif chosen in a gif picker as an image message. The extension point for the gif picker (spec §2.7,
 * §7: the gif service's categories and search, 32 results, search throttled to 1 s): none is built while the
 * organisers' gif key is empty; `OpenChannelView.gif` says when one may show.
 */
export function sendGif(gif: { url: string; title: string }): string | null {
  const channelId = openChannelId();
  if (!channelId) return null;
  const filename = new URL(gif.url, globalThis.location?.href).pathname.split('/').pop() || 'gif';
  return sendMessage(channelId, { type: 'image', url: gif.url, filename, prettyName: gif.title });
}

/** Spec §5 "Contact-details sharing". */
export function shareContactDetails(): void {
  const channelId = openChannelId();
  if (!channelId) return;
  const user = me();
  const { details, missing } = shareableContactDetails(user);
  if (Object.keys(details).length === 0) {
    const link = user.profileRoute ? { href: user.profileRoute, label: COMPLETE_PROFILE } : undefined;
    patchDraft(channelId, { notice: { kind: 'error', message: CONTACT_DETAILS_MISSING, link } });
    return;
  }
  if (!sendMessage(channelId, { type: 'contact_details', ...details })) return;
  patchDraft(channelId, {
    notice:
      missing.length > 0
        ? { kind: 'info', message: CONTACT_DETAILS_PARTIAL, items: missing.map((field) => CONTACT_FIELD_LABELS[field]) }
        : null,
  });
}
