/**
 * A query built and compiled once per database, then run with new values. Building a Kysely query (its immutable
 * nodes) and compiling it cost more than running the statements of a move between stands (the viewer's session,
 * the stand, the visit's start): in the one-process bench at 5,000 visitors, those builds were 5 % of the event loop
 * and 12 % of what it allocated. The text stays the same, so the SQLite thread reuses its prepared statement.
 *
 * `build` is called once per database with markers in place of its arguments, and must pass each argument to Kysely
 * as a value (never into the SQL text, never in a branch): every marker must come back as a parameter, or the query
 * is refused at its first use. Arguments are numbers and texts, never undefined (Kysely leaves those out).
 */
import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

type Argument = number | string;

/** A parameter of the compiled query: an argument's position, or a value of the query itself. */
type Slot = { argument: number } | { value: unknown };

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  slots: Slot[];
}

/** Markers no caller's value meets: numbers below any id or time, texts with a NUL. */
const numberMarker = (i: number): number => -7_013_000_000_000 - i;
const textMarker = (i: number): string => `\u0000salon-argument-${i}\u0000`;

export function prepared<A extends Argument[], R>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): (db: Kysely<Database>, ...args: A) => CompiledQuery<R> {
  const templates = new WeakMap<Kysely<Database>, Template>();
  return (db, ...args) => {
    let template = templates.get(db);
    if (!template) {
      const markers = args.map((arg, i) => (typeof arg === 'number' ? numberMarker(i) : textMarker(i))) as A;
      const compiled = build(db, ...markers).compile();
      const positions = new Map<unknown, number>(markers.map((marker, i) => [marker, i]));
      const slots = compiled.parameters.map((value): Slot => {
        const argument = positions.get(value);
        return argument === undefined ? { value } : { argument };
      });
      const used = new Set(slots.flatMap((slot) => ('argument' in slot ? [slot.argument] : [])));
      if (used.size !== markers.length) throw new Error(`a prepared query did not take all its arguments as values: ${compiled.sql}`);
      template = { sql: compiled.sql, query: compiled.query, slots };
      templates.set(db, template);
    }
    return {
      sql: template.sql,
      query: template.query,
      queryId: createQueryId(),
      parameters: template.slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.value)),
    };
  };
}
