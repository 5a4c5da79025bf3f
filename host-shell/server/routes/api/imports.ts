import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Envelope } from '@salon/shared/contracts/envelope';
import {
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_MB,
  ImportConfirmBody,
  ImportData,
  ImportIdParams,
  USER_IMPORT_OPTIONAL,
  USER_IMPORT_REQUIRED,
  VISIO_IMPORT_REQUIRED,
  type ImportKind,
} from '@salon/shared/contracts/imports';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/errors';
import { declaredOver, formDataError } from '../../lib/form-data';
import { decodeId } from '../../lib/ids';
import { ImportFileError, readCsv, tooLarge } from '../../services/import-csv';
import { claimImport, runImport } from '../../services/import-run';
import { confirmationMissing, createImport, findImport, toImportData } from '../../services/imports';
import { apiViewer } from './auth';

const ORGANISERS_ONLY = 'Administrators and promoters only: 401 without a session, 403 for visitors (anonymous ones too) and exhibitors.';

/** Administrators and promoters: 401 without a session, 403 for anyone else. Returns the caller. */
async function organiser(request: FastifyRequest) {
  const viewer = await apiViewer(request);
  const { user, locale } = viewer;
  if (user.anonymous === 1 || (user.profile !== 'promoter' && user.profile !== 'administrator'))
    throw forbidden(say(locale, msg`For organizers only`));
  return viewer;
}

const errorCode = (err: unknown): unknown => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);

/** Reads what is left of a refused upload (discarding it), so the answer reaches a client still sending. */
async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream).catch(() => undefined);
}

const SUMMARY: Record<ImportKind, string> = {
  users: `Users CSV (spec §5): the header must name ${USER_IMPORT_REQUIRED.join(', ')} (any order and case); ${USER_IMPORT_OPTIONAL.join(', ')} are read when present (profile: visitor or exhibitor, for new accounts; an empty cell leaves the stored value), other columns ignored. Accounts are matched by e-mail (case aside): created (without password), updated or unchanged; administrators' and promoters' accounts are never changed.`,
  visio_links: `Video links CSV (spec §5): the header must name ${VISIO_IMPORT_REQUIRED.join(', ')}. "name" is an account's e-mail when it holds "@", else exactly one account's "firstname lastname" (case and spaces aside); "link" an http(s) address, stored as the account's visio_link.`,
};

const UPLOAD = `Multipart/form-data, the file in "${IMPORT_FILE_FIELD}", at most ${IMPORT_MAX_MB} MB (413), UTF-8 (a byte-order mark is fine; 400 otherwise), separated by commas, semicolons or tabs (taken from the header line). Answers the PREVIEW and writes nothing else: the counts to create, update and leave unchanged, the lines without e-mail/link (skipped only after confirmation), the invalid lines with their reason. A file refused as a whole (not CSV 415, wrong header, not UTF-8, bad quotes 400, too large 413) writes nothing. Confirm with POST /api/imports/{id}/confirm within the hour. ${ORGANISERS_ONLY}`;

export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only this plugin's routes take multipart bodies; the file's size limit is enforced while it streams in.
  await app.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 } });

  const running = new Set<Promise<void>>();
  let closing = false;
  // A closing server stops its runs after their current batch (marked interrupted) before the database closes.
  app.addHook('preClose', async () => {
    closing = true;
    await Promise.allSettled([...running]);
  });

  async function importIdOf(request: FastifyRequest, locale: LocaleCode): Promise<NonNullable<Awaited<ReturnType<typeof findImport>>>> {
    const raw = (request.params as { id?: unknown }).id;
    const id = typeof raw === 'string' ? decodeId(raw) : null;
    const row = id === null ? undefined : await findImport(app.db, id);
    if (!row || (row.status === 'preview' && row.expires_at <= new Date().toISOString())) {
      throw notFound(say(locale, msg`Unknown or expired import: send the file again`));
    }
    return row;
  }

  const upload = (kind: ImportKind) => async (request: FastifyRequest) => {
    const { user, locale } = await organiser(request);
    const expected = say(locale, msg`Send the CSV file in the field "${IMPORT_FILE_FIELD}" (multipart/form-data)`);
    if (!request.isMultipart()) throw new HttpError(415, expected);
    if (declaredOver(request, IMPORT_MAX_BYTES)) throw new HttpError(413, tooLarge().messageIn(locale));
    let part;
    try {
      part = await request.file();
    } catch (err) {
      if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge().messageIn(locale));
      throw formDataError(request, err, locale);
    }
    if (!part || part.fieldname !== IMPORT_FILE_FIELD) {
      if (part) await drain(part.file);
      throw badRequest(expected, { [IMPORT_FILE_FIELD]: say(locale, msg`is required`) });
    }
    let file;
    try {
      file = await readCsv(part.file, IMPORT_MAX_BYTES);
      // busboy stops at the limit without an error: the flag says the file was cut.
      if (part.file.truncated) throw tooLarge();
    } catch (err) {
      await drain(part.file);
      if (err instanceof ImportFileError) throw new HttpError(err.statusCode, err.messageIn(locale));
      if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge().messageIn(locale));
      throw formDataError(request, err, locale);
    }
    const fileName = (part.filename || 'import.csv').slice(0, 200);
    let id: number;
    try {
      id = await createImport(app.db, kind, fileName, file, user.id);
    } catch (err) {
      if (err instanceof ImportFileError) throw new HttpError(err.statusCode, err.messageIn(locale));
      throw err;
    }
    const row = await findImport(app.db, id);
    if (!row) throw new Error('the import vanished');
    return { data: toImportData(row, locale) };
  };

  const uploadConfig = (kind: ImportKind) => ({
    schema: { summary: `${SUMMARY[kind]} ${UPLOAD}`, response: { 200: Envelope(ImportData) } },
    config: { multipart: { file: IMPORT_FILE_FIELD, maxBytes: IMPORT_MAX_BYTES } },
  });
  app.post('/users/import', uploadConfig('users'), upload('users'));
  app.post('/visio-links/import', uploadConfig('visio_links'), upload('visio_links'));

  app.get(
    '/imports/:id',
    {
      schema: {
        summary: `An import: its preview, then its progress (processed of total lines to apply), then its report (created, updated, unchanged, skipped with line numbers). Poll it while status is "running". ${ORGANISERS_ONLY}`,
        params: ImportIdParams,
        response: { 200: Envelope(ImportData) },
      },
    },
    async (request) => {
      const { locale } = await organiser(request);
      return { data: toImportData(await importIdOf(request, locale), locale) };
    },
  );

  app.post(
    '/imports/:id/confirm',
    {
      schema: {
        summary: `Runs a previewed import, in batches (one transaction each). When the preview lists lines without e-mail/link, "skip_missing": true is required; invalid lines, "skip_invalid": true (400 otherwise, nothing written). Answers at once with status "running"; follow it with GET /api/imports/{id}. Once only (409 after). One audit log entry per run (who, file, counts). ${ORGANISERS_ONLY}`,
        params: ImportIdParams,
        body: ImportConfirmBody,
        response: { 200: Envelope(ImportData) },
      },
    },
    async (request) => {
      const { user, locale } = await organiser(request);
      const row = await importIdOf(request, locale);
      if (row.status !== 'preview') throw new HttpError(409, say(locale, msg`This import has already been confirmed`));
      const refused = confirmationMissing(row, request.body, locale);
      if (refused) throw badRequest(refused);
      if (!(await claimImport(app.db, row.id))) throw new HttpError(409, say(locale, msg`This import has already been confirmed`));
      const run = runImport(app.db, row.id, {
        actorId: user.id,
        shouldStop: () => closing,
        onChanged: (userIds) => app.live.publish({ type: 'exhibitors', userIds }),
        onError: (err) => request.log.error({ err, importId: row.id }, 'import failed'),
      })
        .catch((err: unknown) => request.log.error({ err, importId: row.id }, 'import could not record its end'))
        .finally(() => running.delete(run));
      running.add(run);
      const fresh = await findImport(app.db, row.id);
      if (!fresh) throw new Error('the import vanished');
      return { data: toImportData(fresh, locale) };
    },
  );
};
