/*
 * Portable column types, the same on SQLite and PostgreSQL:
 * - flags are integers 0/1 (better-sqlite3 cannot bind booleans);
 * - timestamps are ISO 8601 UTC strings (they sort as text, and both drivers return them unchanged);
 * - JSON is text, parsed by the service that owns the column.
 * The one column that differs by dialect is the auto-generated key (`db/migrations/helpers.ts`); and pg returns
 * `count(*)` as a string, so counts go through `Number()`.
 */
export type Flag = 0 | 1;
export type ProfileCode = 'administrator' | 'promoter' | 'exhibitor' | 'visitor';
export type PanoramaKind = 'home' | 'plan' | 'conference' | 'stand';
