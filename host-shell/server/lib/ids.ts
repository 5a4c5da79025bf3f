import Sqids from 'sqids';

/**
 * Obfuscated ids for everything that appears in URLs and page data. The alphabet is the project's own shuffle:
 * changing it changes every public id (and breaks bookmarked profile links).
 */
const sqids = new Sqids({ alphabet: 'HBNkTJpnD0284OsU6Mq51Sd3wIoPKgVuxCyzQiYaFZfLGhRce7brEtXmWlvj9A', minLength: 6 });

/** The largest id a row can have: id columns are 32-bit integers on PostgreSQL (a larger value is a query error). */
export const MAX_ID = 2_147_483_647;

/**
 * Encoding is the costly way (sqids shuffles its alphabet for every number, and its decoding encodes again to check)
 * and the live activity encodes the same people over and over, while every move between stands decodes the stand's
 * id: each id is encoded once, and an id this process gave is decoded from the memo. Bounded: past ENCODED_KEPT
 * ids, the memo starts afresh.
 */
const encoded = new Map<number, string>();
const decoded = new Map<string, number>();
const ENCODED_KEPT = 200_000;

export function encodeId(id: number): string {
  let value = encoded.get(id);
  if (value === undefined) {
    value = sqids.encode([id]);
    if (encoded.size >= ENCODED_KEPT) {
      encoded.clear();
      decoded.clear();
    }
    encoded.set(id, value);
    // Only ids a row can have decode (a larger one is encoded for nothing but that check).
    if (Number.isSafeInteger(id) && id >= 0 && id <= MAX_ID) decoded.set(value, id);
  }
  return value;
}

/** The numeric id, or null when `value` is not a canonical id of a possible row (callers answer 404). */
export function decodeId(value: string): number | null {
  // Only canonical texts are in the memo (each one written by encodeId).
  const known = decoded.get(value);
  if (known !== undefined) return known;
  if (!/^[A-Za-z0-9]{6,20}$/.test(value)) return null;
  const [id, ...rest] = sqids.decode(value);
  if (id === undefined || rest.length > 0 || !Number.isSafeInteger(id) || id < 0 || id > MAX_ID) return null;
  // Several strings can decode to the same number; only the one we emit is accepted.
  return encodeId(id) === value ? id : null;
}
