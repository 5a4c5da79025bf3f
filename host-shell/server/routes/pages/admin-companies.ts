import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompanyCreateBody, CompanyUpdateBody } from '@salon/shared/contracts/content';
import { decodeId, encodeId } from '../../lib/ids';
import { createCompany, listCompanies, removeCompany, updateCompany } from '../../services/content-companies';
import { KIND_RULES } from '../../services/medias';
import type { FormState, Notice } from '../../views/admin-content';
import { COMPANY_TEXT_FIELDS, companiesPage, companyValues, type DocumentState } from '../../views/admin-companies';
import type { PageContext } from '../../views/layout';
import { publishContent } from '../api/content';
import {
  ORGANISERS,
  attempt,
  check,
  doneNotice,
  editOf,
  one,
  posted,
  queryOf,
  settle,
  textFields,
  unknownAction,
  type Outcome,
} from './admin-content';
import { gate, pageContext, sendPage } from './kit';

/* /admin/entreprises: the companies (POST: create, update, remove; see `admin-content.ts`). */

const COMPANY_FIELDS = ['description', 'description_en', ...COMPANY_TEXT_FIELDS.map(([name]) => name)];

/** `?document=uploaded|removed&company=<id>` (after a document form's redirect) says what was done to which company. */
function documentDone(request: FastifyRequest): DocumentState | undefined {
  const { document, company } = queryOf(request);
  if ((document !== 'uploaded' && document !== 'removed') || typeof company !== 'string' || decodeId(company) === null) return undefined;
  return { id: company, saved: document };
}

export async function renderCompanies(
  request: FastifyRequest,
  ctx: PageContext,
  state?: Partial<FormState>,
  notice?: Notice,
  document?: DocumentState,
): Promise<string> {
  const companies = await listCompanies(request.server.db);
  const editing = state?.editing ?? editOf(request);
  const current = editing ? companies.find((c) => c.id_company === editing) : undefined;
  const values = state?.values ?? (current ? companyValues(current) : {});
  return companiesPage(
    ctx,
    companies,
    { values, errors: state?.errors ?? {}, ...(current ? { editing: current.id_company } : {}) },
    notice ?? doneNotice(ctx, request),
    document ?? documentDone(request),
    KIND_RULES.document.maxBytes / (1024 * 1024),
  );
}

export async function showCompanies(request: FastifyRequest, reply: FastifyReply) {
  if (!(await gate(request, reply, ORGANISERS))) return reply;
  return sendPage(reply, await renderCompanies(request, await pageContext(request)));
}

export async function saveCompanies(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, ORGANISERS);
  if (!user) return reply;
  const ctx = await pageContext(request);
  const app = request.server;
  const render = (state: Partial<FormState>, notice?: Notice) => renderCompanies(request, ctx, state, notice);
  const values = posted(request.body);
  const action = one(values.action);
  const id = decodeId(one(values.id));
  if (action === 'remove' && id !== null) {
    const outcome = await attempt(() => removeCompany(app.db, user, id, ctx.locale));
    return settle(reply, ctx, 'admin.companies', 'removed', outcome, render);
  }
  const body = { name: one(values.name), ...textFields(values, COMPANY_FIELDS) };
  if (action === 'create' || (action === 'update' && id !== null)) {
    const checked = check(ctx, action === 'create' ? CompanyCreateBody : CompanyUpdateBody, body);
    const outcome: Outcome = !checked.ok
      ? checked.outcome
      : await attempt(async () =>
          action === 'create'
            ? createCompany(app.db, user, checked.value as CompanyCreateBody, ctx.locale)
            : publishContent(app, await updateCompany(app.db, user, id!, checked.value as CompanyUpdateBody, ctx.locale)),
        );
    const editing = action === 'update' && id !== null ? { editing: encodeId(id) } : {};
    return settle(reply, ctx, 'admin.companies', action === 'create' ? 'created' : 'saved', outcome, render, { values, ...editing });
  }
  return unknownAction(reply, ctx, render);
}
