import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { say } from '../i18n';
import { HttpError } from '../lib/errors';
import { FALLBACK_LOCALE, LOCALE_COOKIE, resolveLocale } from '../lib/locale';
import { isXhr } from '../lib/origin';
import { globalPlugin } from '../lib/plugin';
import { TooManyRequests, tooManyText } from '../lib/rate-limit';
import { requestRefusal, type SalonValidationError } from '../lib/validation';
import { errorPage, notFoundPage } from '../views/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How errors of this route are answered; by default JSON under /api and for XHR, an HTML page otherwise.
     * 'contact': the `{statusCode, data}` answer of POST /contact (spec §7) to XHR or JSON requests.
     */
    errorFormat?: 'json' | 'contact' | 'html';
    /**
     * A form page's answer to a post refused by a rate limit, when it is answered as HTML: the same page again with
     * `message` shown (the reply's status is already 429). Without it, the error page.
     */
    rateLimitPage?: (request: FastifyRequest, reply: FastifyReply, message: string) => Promise<FastifyReply>;
  }
}

export interface ErrorAnswer {
  status: number;
  message: string;
  formErrors?: Record<string, string>;
}

const GENERIC_500 = msg`Internal server error`;
const UNAVAILABLE = msg`The salon cannot reach its database for a moment: please try again in a few seconds.`;
/** fastify's own refusals of a request it could not read, by their code (its messages are English only). */
const FASTIFY_REFUSALS: Readonly<Record<string, MessageDescriptor>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: msg`The request's body is too large`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: msg`This content type is not accepted here`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: msg`The request's body does not match its Content-Length`,
  FST_ERR_CTP_EMPTY_JSON_BODY: msg`The body is empty although its content type is JSON`,
  FST_ERR_CTP_INVALID_JSON_BODY: msg`The body is not valid JSON`,
  FST_ERR_BAD_URL: msg`The address is not valid`,
};
/** Seconds a client is told to wait (Retry-After) when the database is out of reach. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** PostgreSQL's classes for a server shutting down or starting (57P01–57P03) and a lost connection (08…). */
const PG_UNAVAILABLE = /^(57P0[123]|08\d{3})$/;
const NET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY']);
/** What node-postgres throws for a connection lost or never made (no code of its own). */
const PG_POOL_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isValidationError(value: unknown): value is SalonValidationError {
  return isRecord(value) && isRecord(value.params) && typeof value.params.field === 'string' && isRecord(value.params.message);
}

/**
 * True for an error that says the database is out of reach for now (restarting, a connection lost, the pool unable to
 * connect, SQLite busy) rather than a bug: the request may simply be sent again.
 */
export function isUnavailable(error: unknown): boolean {
  if (!isRecord(error)) return false;
  const code = typeof error.code === 'string' ? error.code : '';
  if (PG_UNAVAILABLE.test(code) || NET_UNAVAILABLE.has(code)) return true;
  return typeof error.message === 'string' && PG_POOL_MESSAGES.test(error.message);
}

/**
 * Client mistakes keep their status and message; a database out of reach is 503 (try again); anything else is a bug:
 * 500 with a generic message. What the server words itself (a schema's refusal, fastify's, the generic ones) is in
 * `locale`.
 */
export function classifyError(error: unknown, locale: LocaleCode = FALLBACK_LOCALE): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, formErrors: error.formErrors };
  if (!isRecord(error)) return { status: 500, message: say(locale, GENERIC_500) };
  if (isUnavailable(error)) return { status: 503, message: say(locale, UNAVAILABLE) };
  if (Array.isArray(error.validation)) {
    const issues = error.validation.filter(isValidationError).map((item) => item.params);
    const formErrors: Record<string, string> = {};
    for (const issue of issues) formErrors[issue.field || '_'] = say(locale, issue.message);
    const part = typeof error.validationContext === 'string' ? error.validationContext : 'body';
    return {
      status: 400,
      message: issues.length > 0 ? requestRefusal(locale, part, issues) : say(locale, msg`Invalid request`),
      formErrors,
    };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  const known = typeof error.code === 'string' ? FASTIFY_REFUSALS[error.code] : undefined;
  if (status >= 400 && status < 500)
    return {
      status,
      message: known ? say(locale, known) : typeof error.message === 'string' ? error.message : say(locale, msg`Bad request`),
    };
  return { status: 500, message: say(locale, GENERIC_500) };
}

function formatOf(request: FastifyRequest): 'json' | 'contact' | 'html' {
  const configured = request.is404 ? undefined : request.routeOptions.config.errorFormat;
  const speaksJson = isXhr(request) || (request.headers['content-type'] ?? '').startsWith('application/json');
  if (configured === 'contact') return speaksJson ? 'contact' : 'html';
  if (configured) return configured;
  const path = request.url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/') || isXhr(request) ? 'json' : 'html';
}

async function viewerOrNobody(request: FastifyRequest) {
  try {
    return await request.viewer();
  } catch {
    // The error may come from the database itself: render without a user rather than fail again.
    return { user: null, locale: headerLocale(request), origin: `${request.protocol}://${request.host}` };
  }
}

/** The reader's language from the request alone (cookie, Accept-Language): for a database out of reach. */
const headerLocale = (request: FastifyRequest): LocaleCode =>
  resolveLocale(request.cookies?.[LOCALE_COOKIE], undefined, request.headers['accept-language']);

export async function sendError(request: FastifyRequest, reply: FastifyReply, answer: ErrorAnswer): Promise<FastifyReply> {
  reply.code(answer.status);
  const format = formatOf(request);
  const data = { error: true as const, message: answer.message, ...(answer.formErrors ? { formErrors: answer.formErrors } : {}) };
  if (format === 'json') return reply.type('application/json; charset=utf-8').send({ data });
  if (format === 'contact') return reply.type('application/json; charset=utf-8').send({ statusCode: answer.status, data });
  const ctx = await viewerOrNobody(request);
  const page = answer.status === 404 ? notFoundPage(ctx) : errorPage(ctx, answer.status, answer.status >= 500 ? undefined : answer.message);
  return reply.type('text/html; charset=utf-8').send(page);
}

/** A rate limit's refusal: 429, Retry-After, the message in the viewer's language, in the route's shape. */
async function sendTooMany(request: FastifyRequest, reply: FastifyReply, error: TooManyRequests): Promise<FastifyReply> {
  const { locale } = await viewerOrNobody(request);
  const message = tooManyText(locale, error.retryAfterSeconds, error.action);
  request.log.info({ status: 429, retryAfter: error.retryAfterSeconds }, 'request refused: rate limit');
  reply.header('Retry-After', String(error.retryAfterSeconds));
  const page = request.is404 ? undefined : request.routeOptions.config.rateLimitPage;
  if (page && formatOf(request) === 'html') return page(request, reply.code(429), message);
  return sendError(request, reply, { status: 429, message });
}

export const errorsPlugin = globalPlugin('salon-errors', async (app) => {
  app.setErrorHandler(async (error: unknown, request, reply) => {
    if (error instanceof TooManyRequests) return sendTooMany(request, reply, error);
    const locale = isUnavailable(error) ? headerLocale(request) : (await viewerOrNobody(request)).locale;
    const answer = classifyError(error, locale);
    if (answer.status === 503) {
      request.log.warn({ err: error }, 'request refused: database out of reach');
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
    } else if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status: answer.status, reason: answer.message }, 'request refused');
    return sendError(request, reply, answer);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const { method } = request;
    const { locale } = await viewerOrNobody(request);
    return sendError(request, reply, { status: 404, message: say(locale, msg`Unknown route: ${method} ${path}`) });
  });
});
