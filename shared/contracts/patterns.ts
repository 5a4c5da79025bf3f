/**
 * Validation patterns shared by the API schemas, the server-rendered forms and the widgets' forms (spec §5), and the
 * calendar's check of a date they let through. Plain strings (no TypeBox) so that the browser's form rules carry no
 * schema library.
 */
export const PATTERNS = {
  /** Deliberately loose: one @, no spaces, a dot in the domain. The mailbox is the real check. */
  email: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  /** French or international: optional +CC (or (0)), then 6 to 14 digits with single space, dot or dash separators. */
  phone: '^(?:\\+[1-9]\\d{0,2}[\\s.-]?)?(?:\\(0\\)[\\s.-]?)?\\d(?:[\\s.-]?\\d){5,13}$',
  postalCode: '^[0-9]{3,10}$',
  date: '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$',
  httpUrl: '^https?://[^\\s]+$',
  /**
   * One line of text without invisible controls: no C0/C1 control characters (NUL, line breaks, tabs…), no
   * direction overrides or isolates (U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C), no line or
   * paragraph separators, no byte-order mark. Names, pseudos, cities.
   */
  singleLine: '^[^\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028-\\u202E\\u2066-\\u2069\\uFEFF]*$',
  /** The same for text that may span lines: tabs and line breaks (TAB, LF, CR) allowed. */
  multiLine: '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028-\\u202E\\u2066-\\u2069\\uFEFF]*$',
} as const;

/** YYYY-MM-DD that exists in the calendar (no 2024-02-31, no 2023-02-29). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not turn the years 0–99 into 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Today where it is latest on Earth (UTC+14), as YYYY-MM-DD: a date after it is in the future everywhere, so the
 * browser and the server agree whatever their time zones.
 */
export function latestToday(now: number = Date.now()): string {
  return new Date(now + 14 * 3600 * 1000).toISOString().slice(0, 10);
}
