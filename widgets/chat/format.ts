import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ChatUser } from '@salon/shared/chat';

/**
 * The sidebar's name. A context keeps it apart from the shared catalog's "Chat" (the action "Discuter"): every
 * catalog goes into one message table per language, so equal messages must mean the same.
 */
export const CHAT_TITLE = msg({ message: 'Chat', context: 'the chat sidebar' });

/** The name shown for a person, or null when unknown (shown as "Unknown user"). */
export function personName(user: Pick<ChatUser, 'fullname' | 'pseudo'> | null): string | null {
  return user?.fullname.trim() || user?.pseudo?.trim() || null;
}

/** "1.2 MB", "340 kB" (localised by Intl: "1,2 Mo" in French). */
export function fileSize(i18n: I18n, bytes: number): string {
  const mb = bytes >= 1_000_000;
  return i18n.number(mb ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)), {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  });
}

/** The time for today's messages, the date and time for older ones. */
export function messageDate(i18n: I18n, iso: string, now = new Date()): string {
  const date = new Date(iso);
  const today = date.toDateString() === now.toDateString();
  return i18n.date(date, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}
