import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';
import { isXhr } from '../lib/origin';
import { globalPlugin } from '../lib/plugin';
import { TooManyRequests, tooManyText } from '../lib/rate-limit';
import type { SalonValidationError } from '../lib/validation';
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

const GENERIC_500 = 'Internal server error';
const UNAVAILABLE = 'The salon cannot reach its database for a moment: please try again in a few seconds.';
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
  return isRecord(value) && isRecord(value.params) && typeof value.params.field === 'string' && typeof value.params.message === 'string';
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
 * 500 with a generic message.
 */
export function classifyError(error: unknown): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, formErrors: error.formErrors };
  if (!isRecord(error)) return { status: 500, message: GENERIC_500 };
  if (isUnavailable(error)) return { status: 503, message: UNAVAILABLE };
  if (Array.isArray(error.validation)) {
    const formErrors: Record<string, string> = {};
    for (const item of error.validation) if (isValidationError(item)) formErrors[item.params.field || '_'] = item.params.message;
    return { status: 400, message: typeof error.message === 'string' ? error.message : 'Invalid request', formErrors };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return { status, message: typeof error.message === 'string' ? error.message : 'Bad request' };
  return { status: 500, message: GENERIC_500 };
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
    return { user: null, locale: 'en_EN' as const, origin: `${request.protocol}://${request.host}` };
  }
}

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
    const answer = classifyError(error);
    if (answer.status === 503) {
      request.log.warn({ err: error }, 'request refused: database out of reach');
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
    } else if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status: answer.status, reason: answer.message }, 'request refused');
    return sendError(request, reply, answer);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return sendError(request, reply, { status: 404, message: `Unknown route: ${request.method} ${path}` });
  });
});
