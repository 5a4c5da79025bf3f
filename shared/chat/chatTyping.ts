import { atom, readonlyType } from 'nanostores';
import { busSingleton } from '@salon/shared';
import { emitVolatile } from '@salon/shared/live/socket';

/** Spec §4.6/§9: the typing indicator is sent at most every 3 s, and a received one clears after 4 s. */
export const TYPING_SEND_INTERVAL_MS = 3000;
export const TYPING_CLEAR_MS = 4000;

export interface Typist {
  userId: string;
  fullname: string;
}

const state = busSingleton('chatTyping', () => ({
  $typing: atom<Readonly<Record<string, Typist>>>({}),
  clearTimers: new Map<string, ReturnType<typeof setTimeout>>(),
  lastSent: new Map<string, number>(),
}));

/** Who is typing, by channel id (the last one heard). */
export const $typing = readonlyType(state.$typing);

/** The user typed in `channelId`: sends `user_writing` unless it was sent less than 3 s ago. Returns whether it sent. */
export function notifyTyping(channelId: string): boolean {
  const now = Date.now();
  const last = state.lastSent.get(channelId);
  if (last !== undefined && now - last < TYPING_SEND_INTERVAL_MS) return false;
  if (!emitVolatile('user_writing', { channel_id: channelId })) return false;
  state.lastSent.set(channelId, now);
  return true;
}

/** Someone else is typing in a channel: shown until 4 s after the last event. */
export function receiveTyping(event: { channel_id: string; user_id: string; fullname: string }): void {
  clearTimeout(state.clearTimers.get(event.channel_id));
  state.$typing.set({ ...state.$typing.get(), [event.channel_id]: { userId: event.user_id, fullname: event.fullname } });
  state.clearTimers.set(
    event.channel_id,
    setTimeout(() => clearTyping(event.channel_id), TYPING_CLEAR_MS),
  );
}

/** Clears a channel's indicator (after 4 s, or when that person's message arrives). */
export function clearTyping(channelId: string, userId?: string): void {
  const current = state.$typing.get();
  const typist = current[channelId];
  if (!typist || (userId !== undefined && typist.userId !== userId)) return;
  clearTimeout(state.clearTimers.get(channelId));
  state.clearTimers.delete(channelId);
  const next = { ...current };
  delete next[channelId];
  state.$typing.set(next);
}

export function resetTyping(): void {
  for (const timer of state.clearTimers.values()) clearTimeout(timer);
  state.clearTimers.clear();
  state.lastSent.clear();
  state.$typing.set({});
}
