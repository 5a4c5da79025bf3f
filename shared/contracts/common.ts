import { Type, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';
import { PATTERNS } from './patterns';

/** The patterns live with the form rules (`shared/forms`), which the browser uses without TypeBox. */
export { PATTERNS };

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K] & string> };

/**
 * One of these strings (two or more): `Type.Union([Type.Literal('a'), Type.Literal('b')])`, written once. The type
 * says which literals (TypeBox's own inference sees a mapped array, and would say `string`).
 */
export const OneOf = <const T extends readonly string[]>(...values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<Literals<T>>;

export const Email = Type.String({ pattern: PATTERNS.email, maxLength: 254 });
export const Phone = Type.String({ pattern: PATTERNS.phone, maxLength: 30 });
export const PostalCode = Type.String({ pattern: PATTERNS.postalCode });
export const IsoDate = Type.String({ pattern: PATTERNS.date });
export const HttpUrl = Type.String({ pattern: PATTERNS.httpUrl, maxLength: 500 });
/** A name, pseudo or city: one line, no control or direction-override characters (stored normalised: `normalizeName`). */
export const SingleLine = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: PATTERNS.singleLine });

/** The header every state-changing call sends (spec §7); listed in the OpenAPI document. */
export const XHR_HEADER = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;
