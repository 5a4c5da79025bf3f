import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Animator } from '@salon/shared/contracts/exhibitors';
import { type AppParameters, type FieldsParam, isFieldPublished, type UpcPriorityAction } from '@salon/shared/contracts/page-data';
// By package name: the field-publication rule is the chat's (one rule, spec §5), and the toast is the main entry's.
import { $user, openModal, showToast } from '@salon/shared';

/**
 * The exhibitor card's rules (spec §2.9, §5 "Main action on an exhibitor card" and "Field publication"), pure
 * functions of their inputs, and the chat action the card starts.
 */

/** Spec §9: presentation truncation. */
export const PRESENTATION_MAX_LENGTH = 60;

/** The card's texts (spec §2.9): what the exhibitor writes on `/exposant/profil` and what a card shows of them. */
export const CARD_TEXT_FIELDS = [
  'function',
  'function_en',
  'presentation',
  'presentation_en',
  'contact_email',
  'mobile',
  'linkedin',
  'visio_link',
] as const;

export const UNKNOWN_USER = msg`Unknown user`;
/** An anonymous visitor in the lists (spec: 'Utilisateur Inconnu' stays for a user the salon does not know). */
export const ANONYMOUS_VISITOR = msg`Anonymous visitor`;
const CHAT_UNAVAILABLE = msg`Chat is unavailable, please try again later.`;

/**
 * What a card shows: a full animator (contact point), or the little the room state knows about a person
 * (`RoomUser`: the activity stream's other exhibitors). Missing fields are simply not shown.
 */
export type ExhibitorLike = Partial<Omit<Animator, 'fields_param'>> & {
  fullname?: string | null;
  fields_param?: FieldsParam | unknown[] | null;
};

export function personId(person: ExhibitorLike | null | undefined): string | null {
  return person?.obfuscated_id || person?.id_user || null;
}

/** First and last name, else the full name, else the pseudo; null for an unknown user ('Utilisateur Inconnu'). */
export function personName(person: ExhibitorLike | null | undefined): string | null {
  if (!person) return null;
  const names = [person.firstname, person.lastname].map((part) => part?.trim() ?? '').filter(Boolean);
  if (names.length > 0) return names.join(' ');
  return person.fullname?.trim() || person.pseudo?.trim() || null;
}

/** The name a list shows: the person's, else "Anonymous visitor" for an anonymous one, else "Unknown user". */
export function listedName(person: (ExhibitorLike & { anonymous?: boolean }) | null | undefined, i18n: I18n): string {
  return personName(person) ?? i18n._(person?.anonymous ? ANONYMOUS_VISITOR : UNKNOWN_USER);
}

/** Cut at 60 characters (the full text goes in a tooltip). */
export function truncateText(text: string, max = PRESENTATION_MAX_LENGTH): { text: string; truncated: boolean } {
  const chars = [...text.trim()];
  if (chars.length <= max) return { text: chars.join(''), truncated: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, truncated: true };
}

export type ContactChannel = 'email' | 'phone' | 'linkedin';

/** A published way to reach the person, with its address. */
export interface ContactEntry {
  channel: ContactChannel;
  value: string;
  href: string;
}

function linkedinHref(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`;
}

function entry(channel: ContactChannel, value: string): ContactEntry {
  const trimmed = value.trim();
  if (channel === 'email') return { channel, value: trimmed, href: `mailto:${trimmed}` };
  if (channel === 'phone') return { channel, value: trimmed, href: `tel:${trimmed.replace(/[^\d+]/g, '')}` };
  return { channel, value: trimmed, href: linkedinHref(trimmed) };
}

/** The three-dots menu (spec §2.9): email (contact_email), phone (mobile), linkedin, each only when published. */
export function contactEntries(person: ExhibitorLike | null | undefined): ContactEntry[] {
  if (!person) return [];
  const entries: ContactEntry[] = [];
  if (isFieldPublished(person.contact_email, 'contact_email', person.fields_param)) entries.push(entry('email', person.contact_email));
  if (isFieldPublished(person.mobile, 'mobile', person.fields_param)) entries.push(entry('phone', person.mobile));
  if (isFieldPublished(person.linkedin, 'linkedin', person.fields_param)) entries.push(entry('linkedin', person.linkedin));
  return entries;
}

export type MainAction =
  | { kind: 'visio'; href: string }
  | { kind: 'chat' }
  | { kind: 'mail'; href: string }
  | { kind: 'mobile'; href: string }
  | { kind: 'linkedin'; href: string };

const PRIORITY_CHANNEL: Record<Exclude<UpcPriorityAction, 'chat'>, ContactChannel> = {
  mail: 'email',
  mobile: 'phone',
  linkedin: 'linkedin',
};

/**
 * Spec §5: the forced video link is on and the exhibitor has a link → join the video; else the priority is
 * chat, or its channel (mail → contact_email, mobile, linkedin) is not published → chat; else the priority.
 */
export function mainAction(
  person: ExhibitorLike | null | undefined,
  parameters: Pick<AppParameters, 'exhibitor_force_visio_link' | 'exhibitor_upc_priority_action'>,
): MainAction {
  const link = person?.visio_link?.link?.trim();
  if (parameters.exhibitor_force_visio_link && link) return { kind: 'visio', href: link };
  const priority = parameters.exhibitor_upc_priority_action;
  if (priority === 'chat' || !(priority in PRIORITY_CHANNEL)) return { kind: 'chat' };
  const published = contactEntries(person).find((candidate) => candidate.channel === PRIORITY_CHANNEL[priority]);
  return published ? { kind: priority, href: published.href } : { kind: 'chat' };
}

/**
 * Opens the chat on a person, the stand as context (the chat records `chatStarted` in its history, spec §4.6).
 * The chat's entry is loaded when first needed: the widgets that show cards do not carry it.
 */
export async function chatWith(userId: string, standId?: string | null): Promise<void> {
  // Anonymous visitors cannot chat (spec §6): offer the login or an account before anything opens.
  if ($user.get().anonymous) {
    openModal({ name: 'login-needed', reason: 'chat' });
    return;
  }
  try {
    const { startChat } = await import('@salon/shared/chat');
    await startChat(userId, { standId: standId ?? null });
  } catch (error) {
    console.error('[salon] the chat could not start', error);
    showToast({ kind: 'error', message: CHAT_UNAVAILABLE, unique: true });
  }
}
