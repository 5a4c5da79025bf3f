import { request } from '@salon/shared';
import type { Meeting, MeetingData, MeetingsData, Slot, SlotsData } from '@salon/shared/contracts/meetings';

/** The exhibitor's meeting calls (issue 38); `request` answers the body's `data`. */
export const loadMeetings = async (): Promise<Meeting[]> => (await request<MeetingsData>('GET', '/api/me/meetings')).meetings;
export const loadSlots = async (standId: string): Promise<Slot[]> =>
  (await request<SlotsData>('GET', `/api/stands/${encodeURIComponent(standId)}/slots`)).slots;
export const offerSlot = async (standId: string, start: string, end: string): Promise<Slot> =>
  (await request<{ slot: Slot }>('POST', '/api/slots', { json: { stand_id: standId, start, end } })).slot;
export const removeSlot = async (slotId: string): Promise<void> => {
  await request('DELETE', `/api/slots/${encodeURIComponent(slotId)}`);
};
export const answerMeeting = async (meetingId: string, status: 'accepted' | 'declined' | 'cancelled', reason?: string): Promise<Meeting> =>
  (await request<MeetingData>('PUT', `/api/meetings/${encodeURIComponent(meetingId)}`, { json: reason ? { status, reason } : { status } }))
    .meeting;

/** The figures: meetings booked (every booking), held (accepted and over), cancelled. */
export function meetingFigures(meetings: Meeting[], now = Date.now()): { booked: number; held: number; cancelled: number } {
  const mine = meetings.filter((m) => m.role === 'exhibitor');
  return {
    booked: mine.length,
    held: mine.filter((m) => m.status === 'accepted' && Date.parse(m.end) <= now).length,
    cancelled: mine.filter((m) => m.status === 'cancelled').length,
  };
}

/** "Sun 29 Nov, 14:00 – 14:20" in the browser's time zone. */
export function slotLabel(start: string, end: string, locale: string): string {
  const tag = locale === 'fr_FR' ? 'fr-FR' : 'en-GB';
  const day = new Intl.DateTimeFormat(tag, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(start));
  const time = (iso: string) => new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return `${day}, ${time(start)} – ${time(end)}`;
}
