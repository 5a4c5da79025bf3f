/**
 * Validation patterns shared by the API schemas, the server-rendered forms and the widgets' forms (spec §5).
 * Plain strings (no TypeBox) so that the browser's form rules carry no schema library.
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
