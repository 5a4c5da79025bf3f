import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { url } from '@salon/shared/contracts/routes';
import { HttpError } from '../../lib/errors';
import { decodeId, encodeId } from '../../lib/ids';
import { antivirusFor } from '../../services/antivirus';
import { findCompany } from '../../services/exhibitors';
import { KIND_RULES, mediaMessages, mediaUrl } from '../../services/medias';
import { updateCompany } from '../../services/content-companies';
import { COMPANY_DOCUMENT_PATH, isCompanyDocument } from '../../views/admin-companies';
import { publishContent } from '../api/content';
import { receiveMedia } from '../api/medias';
import { renderCompanies } from './admin-companies';
import { gate, pageContext, sendPage } from './kit';

/*
 * A company's document (spec §3 Company `storage_link`, §5 Uploads), from `/admin/entreprises`:
 * POST /admin/entreprises/document, multipart `id` then `file`, stores the PDF as a `document` media (the checks and
 * messages of `POST /api/medias?kind=document`) and sets the company's `storage_link` to `/api/medias/<str>`;
 * urlencoded `action=remove&id=` clears it. Both go through `updateCompany` (audit entry `company.update`) and are
 * published as every company edit. Done: 303 to the page; refused, or still scanned by the antivirus: the page again
 * with the server's message on that company, and its status.
 */

const ORGANISERS = { registered: true, profiles: ['administrator', 'promoter'] as const };

const unknownCompany = (locale: LocaleCode) => new HttpError(404, say(locale, msg`Unknown company`));

async function companyIdOf(request: FastifyRequest, raw: unknown, locale: LocaleCode): Promise<number> {
  const id = typeof raw === 'string' ? decodeId(raw) : null;
  if (id === null || !(await findCompany(request.server.db, id))) throw unknownCompany(locale);
  return id;
}

async function saveDocument(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, ORGANISERS);
  if (!user) return reply;
  const ctx = await pageContext(request);
  const app = request.server;
  let companyId: number | null = null;
  const done = (saved: 'uploaded' | 'removed') => {
    const company = encodeId(companyId!);
    return reply.redirect(
      url('admin.companies', {}, { origin: ctx.origin, query: { document: saved, company }, hash: `company-${company}-document` }),
      303,
    );
  };
  // The message on the company's document form; on top of the page when the company is not known.
  const again = async (status: number, error: string) =>
    sendPage(
      reply,
      companyId === null
        ? await renderCompanies(request, ctx, {}, { kind: 'alert', text: error })
        : await renderCompanies(request, ctx, {}, undefined, { id: encodeId(companyId), error }),
      status,
    );
  try {
    if (request.isMultipart()) {
      const stored = await receiveMedia(request, 'document', user, ctx.locale, antivirusFor(app.config.clamavSocket), async (fields) => {
        // The company comes before the file: an unknown one is refused before the file is read.
        companyId = await companyIdOf(request, fields.id, ctx.locale);
      });
      if (companyId === null) throw unknownCompany(ctx.locale);
      // Still scanned: not offered to visitors (it would not be served yet); the admin sends it again in a moment.
      if (stored.pending) return again(202, mediaMessages.scanning(ctx.locale));
      publishContent(app, await updateCompany(app.db, user, companyId, { storage_link: mediaUrl(stored.media.str) }, ctx.locale));
      return done('uploaded');
    }
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    if (body.action !== 'remove') throw new HttpError(400, say(ctx.locale, msg`Incomplete form`));
    companyId = await companyIdOf(request, body.id, ctx.locale);
    const company = await findCompany(app.db, companyId);
    // Only an uploaded document is removed here; a web address is changed in the company's form.
    if (isCompanyDocument(company?.storage_link))
      publishContent(app, await updateCompany(app.db, user, companyId, { storage_link: null }, ctx.locale));
    return done('removed');
  } catch (err) {
    if (!(err instanceof HttpError) || (err.statusCode >= 500 && err.statusCode !== 503)) throw err;
    return again(err.statusCode, err.message);
  }
}

/** The post of a company's document, with multipart bodies (one PDF) in a scope of its own. */
export const companyDocumentRoutes: FastifyPluginAsync<{ formGuard: onRequestAsyncHookHandler }> = async (app, options) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: KIND_RULES.document.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });
  app.post(
    COMPANY_DOCUMENT_PATH,
    {
      onRequest: options.formGuard,
      config: { rateLimit: app.limits.perAddress(app.config.rateLimits.chatUploadsPerAddress) },
      preValidation: app.limits.perUser(app.config.rateLimits.chatUploadsPerUser),
    },
    saveDocument,
  );
};
