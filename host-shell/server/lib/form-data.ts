import fastifyMultipart from '@fastify/multipart';
import { msg } from '@lingui/core/macro';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { say } from '../i18n';
import { HttpError, badRequest } from './errors';

/** The form fields of a multipart body (no files): a few dozen short fields at most. */
export const FORM_DATA_LIMITS = { files: 0, fields: 30, fieldSize: 10_000, parts: 30, headerPairs: 100 } as const;

/** Room in a multipart body for its boundaries, part headers and the few short fields beside its one file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Whether an upload says, before any of it is read, that its file cannot fit in `maxBytes`: a Content-Length over the
 * limit and the room for its boundaries and fields. The route answers 413 at once instead of reading megabytes it
 * would refuse (Node discards the rest as it arrives); a body sent without a length is still cut at the limit.
 */
export function declaredOver(request: FastifyRequest, maxBytes: number): boolean {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES;
}

const hasStatus = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && typeof (err as { statusCode?: unknown }).statusCode === 'number';

/**
 * A multipart parsing failure as the client's mistake. @fastify/multipart's own errors carry their status (413 for a
 * file or too many fields, 400 for a prototype name); busboy's (no boundary, a body that ends mid-part) carry none
 * and would be taken for a server failure (500).
 */
export function formDataError(request: FastifyRequest, err: unknown, locale: LocaleCode): unknown {
  if (hasStatus(err)) return err;
  // busboy's reason ("Unexpected end of form") is English only: it is quoted, for whoever wrote the client.
  const reason = err instanceof Error ? err.message : String(err);
  request.log.warn({ reason }, 'malformed multipart body');
  return badRequest(say(locale, msg`Malformed multipart/form-data body: ${reason}`));
}

/** The fields as `{name: value}` (a repeated name gives a list, as @fastify/multipart's `keyValues`). */
async function readFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const { locale } = await request.viewer();
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      // `files: 0` makes busboy skip files and the iterator end with a 413; this is in case a file slips through.
      if (part.type === 'file') throw new HttpError(413, say(locale, msg`Files are not accepted here: send the form fields only`));
      const previous = body[part.fieldname];
      body[part.fieldname] =
        previous === undefined ? part.value : Array.isArray(previous) ? [...(previous as unknown[]), part.value] : [previous, part.value];
    }
  } catch (err) {
    throw formDataError(request, err, locale);
  }
  return body;
}

/**
 * Accepts multipart form data (fields only) on the routes of this scope, besides JSON and urlencoded: the fields
 * become the body before validation. A malformed body is a 400, a file or too many fields a 413.
 */
export async function acceptFormData(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: FORM_DATA_LIMITS });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readFields(request);
  });
}
