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
} as const;
