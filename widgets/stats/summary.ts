import { plural } from '@lingui/core/macro';
import type { AnalyticsTotals } from '@salon/shared/contracts/analytics';

/** A stand's totals in words, the sentence a screen reader reads: "3 visits · 2 unique visitors · …". */
export function totalsSentence({ visits, unique_visitors: unique, chats, leads }: AnalyticsTotals): string {
  return [
    plural(visits, { one: '# visit', other: '# visits' }),
    plural(unique, { one: '# unique visitor', other: '# unique visitors' }),
    plural(chats, { one: '# chat started', other: '# chats started' }),
    plural(leads, { one: '# lead', other: '# leads' }),
  ].join(' · ');
}

/** The meetings booked in the stand's slots, in words; null before the first one. */
export function meetingsSentence({ booked, held, cancelled }: AnalyticsTotals['meetings']): string | null {
  if (booked === 0) return null;
  return [
    plural(booked, { one: '# meeting booked', other: '# meetings booked' }),
    plural(held, { one: '# held', other: '# held' }),
    plural(cancelled, { one: '# cancelled', other: '# cancelled' }),
  ].join(' · ');
}
