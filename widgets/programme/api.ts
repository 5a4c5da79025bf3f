import { request, type LocaleCode } from '@salon/shared';
import type { AgendaData, Meeting, MeetingData, Slot, SlotsData } from '@salon/shared/contracts/meetings';
import type { ProgrammeData, Talk, TalkData } from '@salon/shared/contracts/programme';

/** The programme's calls (issue 38); `request` answers the body's `data`. */
export const loadProgramme = async (): Promise<ProgrammeData> => request<ProgrammeData>('GET', '/api/programme');
export const loadAgenda = async (): Promise<AgendaData> => request<AgendaData>('GET', '/api/me/agenda');
export const loadSlots = async (standId: string): Promise<Slot[]> =>
  (await request<SlotsData>('GET', `/api/stands/${encodeURIComponent(standId)}/slots`)).slots;

export async function setInAgenda(talkId: string, inAgenda: boolean): Promise<Talk> {
  const method = inAgenda ? 'PUT' : 'DELETE';
  return (await request<TalkData>(method, `/api/me/agenda/talks/${encodeURIComponent(talkId)}`)).talk;
}

/** Books a slot; the refusal (409 "just booked", 403…) is the caller's to show: no toast. */
export async function bookSlot(slotId: string, message: string, consent: boolean): Promise<Meeting> {
  return (await request<MeetingData>('POST', '/api/meetings', { json: { slot_id: slotId, message, consent }, notify: false })).meeting;
}

export async function cancelMeeting(meetingId: string, reason: string): Promise<Meeting> {
  return (await request<MeetingData>('PUT', `/api/meetings/${encodeURIComponent(meetingId)}`, { json: { status: 'cancelled', reason } }))
    .meeting;
}

export const AGENDA_ICS = '/api/me/agenda.ics';

/** The browser's time zone (the visitor's). */
export const visitorTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const tag = (locale: LocaleCode) => (locale === 'fr_FR' ? 'fr-FR' : 'en-GB');

/** "Sunday 29 November" in that time zone. */
export const dayLabel = (iso: string, locale: LocaleCode, timeZone: string): string =>
  new Intl.DateTimeFormat(tag(locale), { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));

/** "14:00" in that time zone. */
export const timeLabel = (iso: string, locale: LocaleCode, timeZone: string): string =>
  new Intl.DateTimeFormat(tag(locale), { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** The day key (YYYY-MM-DD) of an instant in that time zone, to group talks by day. */
export const dayKey = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** Whether two zones show the same wall-clock time at that instant. */
export const sameClock = (iso: string, a: string, b: string): boolean =>
  timeLabel(iso, 'en_EN', a) === timeLabel(iso, 'en_EN', b) && dayKey(iso, a) === dayKey(iso, b);
