import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
/**
 * `POST /csp-report`: browsers' Content-Security-Policy violation reports, logged as warnings. Both formats:
 * `application/csp-report` (`report-uri`: `{"csp-report": {...}}`) and `application/reports+json` (the Reporting
 * API of `report-to`: `[{type: "csp-violation", body: {...}}, …]`). Always 204 for a body it could read, 400 for
 * one it could not, 413 above the limit, 415 for another type; never a 500. No rate limit: a page that violates the
 * policy in a loop is throttled by the browser's own batching.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CSP_REPORT_PATH } from '../lib/csp';
import { LOCALE_COOKIE, resolveLocale } from '../lib/locale';

/** Reports are a few hundred bytes; the Reporting API batches a handful. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;
/** Reports logged from one body at most. */
const MAX_REPORTS = 20;
const MAX_TEXT = 300;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a warning says of one violation, from either format's field names; strings shortened. */
export interface ViolationSummary {
  document?: string;
  directive?: string;
  blocked?: string;
  source?: string;
  line?: number;
  sample?: string;
  disposition?: string;
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
}

function summary(body: Record<string, unknown>): ViolationSummary {
  const pick = (...keys: string[]) => {
    for (const key of keys) if (body[key] !== undefined) return body[key];
    return undefined;
  };
  const line = pick('lineNumber', 'line-number');
  return {
    document: text(pick('documentURL', 'document-uri')),
    directive: text(pick('effectiveDirective', 'effective-directive', 'violated-directive')),
    blocked: text(pick('blockedURL', 'blocked-uri')),
    source: text(pick('sourceFile', 'source-file')),
    line: typeof line === 'number' && Number.isFinite(line) ? line : undefined,
    sample: text(pick('sample', 'script-sample')),
    disposition: text(pick('disposition')),
  };
}

/** The violations a parsed body holds, in either format; anything else is an empty list. */
export function violationsOf(parsed: unknown): ViolationSummary[] {
  if (isRecord(parsed) && isRecord(parsed['csp-report'])) return [summary(parsed['csp-report'])];
  if (Array.isArray(parsed)) {
    return parsed
      .filter((item): item is Record<string, unknown> => isRecord(item) && item.type === 'csp-violation' && isRecord(item.body))
      .slice(0, MAX_REPORTS)
      .map((item) => summary(item.body as Record<string, unknown>));
  }
  return [];
}

export const cspReportRoutes: FastifyPluginAsync = async (app) => {
  // Encapsulated: these types are read as text here only, and parsed below so a bad body is a 400, not an error page.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    CSP_REPORT_PATH,
    {
      bodyLimit: CSP_REPORT_BODY_LIMIT,
      // A browser posts this: its errors are JSON, never the HTML error page (which reads the session).
      config: { errorFormat: 'json' },
    },
    async (request: FastifyRequest, reply) => {
      let parsed: unknown = request.body;
      if (typeof parsed === 'string') {
        try {
          parsed = JSON.parse(parsed);
        } catch {
          // The visitor's language without reading the session: the choice's cookie, else the browser's.
          const locale = resolveLocale(request.cookies[LOCALE_COOKIE], undefined, request.headers['accept-language']);
          return reply.code(400).send({ data: { error: true, message: say(locale, msg`A CSP report must be JSON`) } });
        }
      }
      const violations = violationsOf(parsed);
      for (const violation of violations) request.log.warn({ csp: violation }, 'Content-Security-Policy violation');
      if (violations.length === 0) request.log.info('CSP report without a violation ignored');
      return reply.code(204).send();
    },
  );
};
