import { createEvents, type EventAttributes } from 'ics';

/**
 * iCalendar files (RFC 5545) through the `ics` library: "My agenda" (`GET /api/me/agenda.ics`) and the meetings'
 * invitations (`METHOD:REQUEST`, then `CANCEL`: `meeting-notices.ts`). Times are written in UTC (`…Z`), which every
 * calendar program shows in its own time zone; each event's UID is stable, so a program updates what it imported.
 */

export interface CalendarEvent {
  uid: string;
  start: string;
  end: string;
  title: string;
  description?: string;
  location?: string;
  url?: string;
  status?: 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE';
  /** Raised on each change of an invitation, so that calendar programs apply the newer one. */
  sequence?: number;
  organizer?: { name: string; email: string };
  attendees?: { name: string; email: string; partstat: 'ACCEPTED' | 'NEEDS-ACTION' | 'DECLINED' }[];
}

export const PRODUCT_ID = '-//Salon//Programme and meetings//EN';

/** The domain of the events' UIDs (`talk-…@salon`, `meeting-…@salon`). */
export const uidOf = (kind: 'talk' | 'meeting', id: string): string => `${kind}-${id}@salon`;

function attributes(event: CalendarEvent, method?: string): EventAttributes {
  return {
    uid: event.uid,
    start: Date.parse(event.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(event.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    ...(event.description ? { description: event.description } : {}),
    ...(event.location ? { location: event.location } : {}),
    ...(event.url ? { url: event.url } : {}),
    ...(event.status ? { status: event.status } : {}),
    ...(event.sequence !== undefined ? { sequence: event.sequence } : {}),
    ...(event.organizer ? { organizer: event.organizer } : {}),
    ...(event.attendees ? { attendees: event.attendees.map((a) => ({ ...a, rsvp: false, role: 'REQ-PARTICIPANT' as const })) } : {}),
    ...(method ? { method } : {}),
    productId: PRODUCT_ID,
  };
}

/** A calendar of these events (an empty one is still a valid VCALENDAR); `method` for invitations (REQUEST, CANCEL). */
export function calendar(events: CalendarEvent[], options: { method?: 'REQUEST' | 'CANCEL' | 'PUBLISH'; name?: string } = {}): string {
  if (events.length === 0) {
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODUCT_ID}`, 'CALSCALE:GREGORIAN'];
    if (options.method) lines.push(`METHOD:${options.method}`);
    if (options.name) lines.push(`X-WR-CALNAME:${options.name.replace(/[\r\n]+/g, ' ')}`);
    return `${[...lines, 'END:VCALENDAR'].join('\r\n')}\r\n`;
  }
  const header = {
    productId: PRODUCT_ID,
    ...(options.method ? { method: options.method } : {}),
    ...(options.name ? { calName: options.name } : {}),
  };
  const { error, value } = createEvents(
    events.map((e) => attributes(e, options.method)),
    header,
  );
  if (error || value === null) throw error ?? new Error('iCalendar: nothing generated');
  return value;
}
