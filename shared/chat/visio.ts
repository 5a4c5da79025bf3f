import { msg } from '@lingui/core/macro';
import { putMyAvailability, showToast } from '@salon/shared';
import { $room } from '@salon/shared/room';
import { emitWithAck } from '@salon/shared/live/socket';
import { postStandHistory } from './api';
import { invitationState, otherMember, publishedVisioLink } from './chatRules';
import { receiveUpdate } from './messages';
import { sendMessage } from './outbox';
import { CHAT_UNAVAILABLE, findChannel, invitations, me, openChannelId } from './state';
import type { MessageItem } from './view';

export const VISIO_LINK_MISSING = msg`Video link missing for the user`;

/** My invitation in this channel still waits for an answer (less than 1 minute old, spec §4.5). */
function hasPendingInvitation(channelId: string): boolean {
  const now = Date.now();
  return invitations(channelId).some((m) => m.mine && invitationState(m.content, m.createdAt, now) === 'pending');
}

/** Exhibitors invite the other member to their published video link (spec §4.5, §6). */
export function inviteToVisio(channelId: string | null = openChannelId()): string | null {
  const user = me();
  if (!channelId || user.profile !== 'exhibitor') return null;
  const link = publishedVisioLink(user);
  if (!link) {
    showToast({ kind: 'error', message: VISIO_LINK_MISSING, unique: true });
    return null;
  }
  if (hasPendingInvitation(channelId)) return null;
  return sendMessage(channelId, { type: 'visio_invitation', link, acceptation: null });
}

/** Non-exhibitors ask the other member for a video call. */
export function askVisio(channelId: string | null = openChannelId()): string | null {
  if (!channelId || me().profile === 'exhibitor') return null;
  return sendMessage(channelId, { type: 'visio_ask' });
}

/** Accepts or declines an invitation (`update_chat_message`, acknowledged). */
export async function answerInvitation(message: Pick<MessageItem, 'id' | 'channelId'>, accepted: boolean): Promise<boolean> {
  if (!message.id) return false;
  try {
    const answer = await emitWithAck('update_chat_message', {
      channel_id: message.channelId,
      message_id: message.id,
      acceptation: accepted,
    });
    if (answer.ok) receiveUpdate(answer.message);
    else showToast({ kind: 'error', message: answer.error, unique: true });
    return answer.ok;
  } catch {
    showToast({ kind: 'error', message: CHAT_UNAVAILABLE, unique: true });
    return false;
  }
}

/**
 * A video link of a chat was opened. Spec §4.4: an exhibitor who opens it in a chat with a visitor becomes
 * unavailable (PUT /api/exhibitors/me/availability) and their stands record `visioOpened`.
 */
export async function visioOpened(channelId: string): Promise<void> {
  const user = me();
  const channel = findChannel(channelId);
  if (user.anonymous || user.profile !== 'exhibitor' || !channel || otherMember(channel, user)?.user.profile !== 'visitor') return;
  const stands = [...new Set([...user.stands, ...$room.get().owned_stands_ids])];
  await Promise.all([
    putMyAvailability(false, { notify: false }).catch(() => undefined),
    ...stands.map((standId) =>
      postStandHistory(standId, { type: 'visioOpened', channel_id: channelId }, { notify: false }).catch(() => undefined),
    ),
  ]);
}
