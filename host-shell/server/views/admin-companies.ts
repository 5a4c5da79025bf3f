import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { COMPANY_DOCUMENT_PATTERN, type AdminCompany } from '@salon/shared/contracts/content';
import { ROUTES, buildPath } from '@salon/shared/contracts/routes';
import { html, type SafeHtml } from '../lib/html';
import { confirmDeletion } from './confirm';
import { nav, noticeOf, removeButton, text, textarea, textsOf, type FormState, type Notice, type Values } from './admin-content';
import { field } from './forms';
import { helpers, layout, type PageContext } from './layout';

/* `/admin/entreprises`: the companies, each with its document (PDF); see `admin-content.ts`. */

export const COMPANY_TEXT_FIELDS: [name: string, label: MessageDescriptor, type: 'text' | 'url' | 'email' | 'tel'][] = [
  ['website_link', msg`Website`, 'url'],
  ['storage_link', msg`Documents (storage link)`, 'url'],
  ['mobile', msg`Phone`, 'tel'],
  ['email', msg`Email`, 'email'],
  ['facebook_link', msg`Facebook`, 'url'],
  ['linkedin_link', msg`LinkedIn`, 'url'],
  ['twitter_link', msg`Twitter`, 'url'],
  ['youtube_link', msg`YouTube`, 'url'],
];

export const companyValues = (c: AdminCompany): Values => ({
  name: c.name,
  ...textsOf(c, ['description', 'description_en', ...COMPANY_TEXT_FIELDS.map(([name]) => name)]),
});

/** The post of a company's document: multipart `id` then `file` uploads it, urlencoded `action=remove&id=` removes it. */
export const COMPANY_DOCUMENT_PATH = `${buildPath(ROUTES['admin.companies'])}/document`;
const COMPANY_DOCUMENT = new RegExp(COMPANY_DOCUMENT_PATTERN);
export const isCompanyDocument = (link: string | null | undefined): link is string =>
  typeof link === 'string' && COMPANY_DOCUMENT.test(link);

/** The company whose document form was just sent, and what happened (a refusal: the server's message as it is). */
export interface DocumentState {
  id: string;
  error?: string;
  saved?: 'uploaded' | 'removed';
}

/** A company's "Document (PDF)" cell: the uploaded document, its upload form and its removal. */
function documentCell(ctx: PageContext, c: AdminCompany, state: DocumentState | undefined, maxMb: number): SafeHtml {
  const { tr } = helpers(ctx);
  const id = `company-${c.id_company}-document`;
  const action = `${ctx.origin}${COMPANY_DOCUMENT_PATH}#${id}`;
  const mine = state?.id === c.id_company ? state : undefined;
  const uploaded = isCompanyDocument(c.storage_link);
  const current = uploaded
    ? html`<p><a href="${ctx.origin}${c.storage_link}" download>${tr(msg`${c.name}’s document (PDF)`)}</a></p>`
    : c.storage_link
      ? html`<p class="hint">${tr(msg`Link:`)} ${c.storage_link}</p>`
      : html`<p class="hint">${tr(msg`No document`)}</p>`;
  return html`<div id="${id}">
${mine?.error ? html`<p class="notice" role="alert">${mine.error}</p>` : ''}
${mine?.saved === 'uploaded' ? html`<p class="notice success" role="status">${tr(msg`Document saved: the company sheet offers it.`)}</p>` : ''}
${mine?.saved === 'removed' ? html`<p class="notice success" role="status">${tr(msg`Document removed: the company sheet has no documents link any more.`)}</p>` : ''}
${current}
<form method="post" action="${action}" enctype="multipart/form-data">
<input type="hidden" name="id" value="${c.id_company}">
<label for="${id}-file">${tr(msg`Document (PDF)`)}</label>
<input id="${id}-file" type="file" name="file" accept="application/pdf" required aria-describedby="${id}-hint">
<p class="hint" id="${id}-hint">${tr(msg`PDF, ${maxMb} MB at most. Replaces ${c.name}’s documents link.`)}</p>
<button type="submit" aria-label="${tr(msg`Upload ${c.name}’s document`)}">${tr(msg`Upload the document`)}</button>
</form>
${
  uploaded
    ? confirmDeletion(ctx, {
        id: `document-${c.id_company}`,
        label: tr(msg`Remove the document`),
        ariaLabel: tr(msg`Remove ${c.name}’s document`),
        question: tr(msg`Remove the document (PDF) of “${c.name}”?`),
        detail: tr(msg`Visitors no longer find it on the company sheet.`),
        confirm: tr(msg`Remove the document`),
        action,
        fields: { action: 'remove', id: c.id_company },
      })
    : ''
}
</div>`;
}

export function companiesPage(
  ctx: PageContext,
  companies: AdminCompany[],
  state: FormState,
  notice?: Notice,
  document?: DocumentState,
  documentMaxMb = 10,
): string {
  const { tr, local, link } = helpers(ctx);
  const { values, errors } = state;
  const editing = state.editing ? companies.find((c) => c.id_company === state.editing) : undefined;
  const rows = companies.map(
    (
      c,
    ) => html`<tr><td><strong>${c.name}</strong></td><td>${c.stands.length === 0 ? tr(msg`None`) : c.stands.map((s) => local(s.name, s.name_en)).join(', ')}</td>
<td>${documentCell(ctx, c, document, documentMaxMb)}</td>
<td><a href="${link('admin.companies', {}, { query: { edit: c.id_company }, hash: 'form' })}" aria-label="${tr(msg`Edit ${c.name}`)}">${tr(msg`Edit`)}</a>
${removeButton(ctx, 'admin.companies', c.id_company, tr(msg`Remove ${c.name}`), {
  question: tr(msg`Delete the company “${c.name}”?`),
  detail: tr(msg`Its sheet disappears from the fair. A company with stands or leads is kept.`),
  confirm: tr(msg`Delete the company`),
})}</td></tr>`,
  );
  const heading = editing ? tr(msg`Edit the company “${editing.name}”`) : tr(msg`New company`);
  return layout(
    ctx,
    tr(msg`Companies`),
    html`${nav(ctx, 'admin.companies')}
${noticeOf(notice)}
<section class="card" aria-labelledby="companies-heading"><h2 id="companies-heading">${tr(msg`The companies`)}</h2>
<p>${tr(msg`A company that has stands or leads cannot be removed.`)}</p>
<div class="scroll"><table><thead><tr><th>${tr(msg`Name`)}</th><th>${tr(msg`Stands`)}</th><th>${tr(msg`Document (PDF)`)}</th><th>${tr(msg`Actions`)}</th></tr></thead><tbody>${rows}</tbody></table></div></section>
<section class="card" id="form" aria-labelledby="company-form-heading"><h2 id="company-form-heading">${heading}</h2>
${Object.keys(errors).length ? html`<p class="notice" role="alert">${tr(msg`The form has errors.`)}</p>` : ''}
<form method="post" action="${link('admin.companies')}#form" novalidate>
<input type="hidden" name="action" value="${editing ? 'update' : 'create'}">${editing ? html`<input type="hidden" name="id" value="${editing.id_company}">` : ''}
${field({ form: 'company', name: 'name', label: tr(msg`Name`), value: text(values.name), required: true, ...(errors.name ? { error: errors.name } : {}) })}
${textarea('company', 'description', tr(msg`Description (French)`), text(values.description), errors.description)}
${textarea('company', 'description_en', tr(msg`Description (English)`), text(values.description_en), errors.description_en)}
${COMPANY_TEXT_FIELDS.map(([name, label, type]) =>
  field({
    form: 'company',
    name,
    label: tr(label),
    type,
    value: text(values[name]),
    ...(type === 'url' ? { hint: tr(msg`http(s)://… or empty`) } : {}),
    ...(errors[name] ? { error: errors[name] } : {}),
  }),
)}
<button type="submit">${editing ? tr(msg`Save the company`) : tr(msg`Create the company`)}</button>
${editing ? html` <a href="${link('admin.companies')}#form">${tr(msg`Cancel`)}</a>` : ''}
</form></section>`,
  );
}
