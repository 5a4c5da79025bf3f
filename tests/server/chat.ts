/** A direct chat as the tests hold it: the channel opened over the API, a member's id, a text sent over the socket. */
import type { Channel } from '@salon/shared/contracts/chat';
import type { SalonApp } from '../../host-shell/server/app';
import { encodeId } from '../../host-shell/server/lib/ids';
import { ask, type AckAnswer, type ClientSocket } from './sockets';
import { XHR, request } from './http';

/** The direct channel of the cookie's user with this user, opened (or found again) as the chat widget does. */
export async function openChannel(app: SalonApp, cookie: string, userId: number): Promise<Channel> {
  const response = await request(app, {
    method: 'POST',
    url: '/api/chat/channels',
    headers: { ...XHR, cookie },
    payload: { members: [encodeId(userId)] },
  });
  return response.json().data.channel as Channel;
}

/** This user's member id in the channel ('' when not a member). */
export const memberOf = (channel: Channel, userId: number): string =>
  channel.members.find((m) => m.user.id_user === encodeId(userId))?.id_member ?? '';

/** Sends a text message to the channel as this member; resolves with the server's acknowledgement. */
export function sendText(socket: ClientSocket, channel: Channel, memberId: string, clientId: string, text: string): Promise<AckAnswer> {
  return ask(socket, 'new_chat_message', {
    channel_id: channel.id_channel,
    member_id: memberId,
    client_id: clientId,
    content: { type: 'message', text },
  });
}
