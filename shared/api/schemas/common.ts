import { Type, type TSchema } from '@sinclair/typebox';

/** Validation patterns shared by the API, the server-rendered forms and the widgets' forms (spec §5). */
export const PATTERNS = {
  /** Deliberately loose: one @, no spaces, a dot in the domain. The mailbox is the real check. */
  email: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  /** French or international: optional +CC (or (0)), then 6 to 14 digits with single space, dot or dash separators. */
  phone: '^(?:\\+[1-9]\\d{0,2}[\\s.-]?)?(?:\\(0\\)[\\s.-]?)?\\d(?:[\\s.-]?\\d){5,13}$',
  postalCode: '^[0-9]{3,10}$',
  date: '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$',
  httpUrl: '^https?://[^\\s]+$',
} as const;

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Email = Type.String({ pattern: PATTERNS.email, maxLength: 254 });
export const Phone = Type.String({ pattern: PATTERNS.phone, maxLength: 30 });
export const PostalCode = Type.String({ pattern: PATTERNS.postalCode });
export const IsoDate = Type.String({ pattern: PATTERNS.date });
export const HttpUrl = Type.String({ pattern: PATTERNS.httpUrl, maxLength: 500 });

/** The header every state-changing call sends (spec §7); listed in the OpenAPI document. */
export const XHR_HEADER = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;
