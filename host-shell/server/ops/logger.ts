/*
 * The server's one logger: JSON lines on stdout, one object per line, with words for levels. The start banner, the
 * refusals, the failures and the last line of a stop go through it too (server.ts), so that a log collector reads one
 * stream. Fields: docs/operating.md, "Logs".
 */
import pino, { type DestinationStream, type Logger } from 'pino';

/** What is never written: session cookies, authorisation headers, cookies set. */
export const REDACTED = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** Levels by name, as the `level` field writes them (LOG_LEVEL takes the same names). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

export function salonLogger(level: string, destination?: DestinationStream): Logger {
  if (!(LOG_LEVELS as readonly string[]).includes(level) && level !== 'silent')
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} or silent, got "${level}"`);
  return pino(
    {
      level,
      redact: REDACTED,
      // `"level":"warn"` rather than pino's numbers; `"time":"2026-…Z"` rather than milliseconds.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
