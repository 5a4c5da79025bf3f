import { msg } from '@lingui/core/macro';
import type { AdminStand } from '@salon/shared/contracts/content';
import { html } from '../lib/html';
import { checkboxes, list, nav, noticeOf, removeButton, select, text, type FormState, type Notice, type Values } from './admin-content';
import { field } from './forms';
import { helpers, layout, type PageContext } from './layout';

/* `/admin/stands`: the stands, their company, exhibitors and marketing consent; see `admin-content.ts`. */

export const OPTIN_CHOICES = ['inherit', 'yes', 'no'] as const;

export const standValues = (s: AdminStand): Values => ({
  name: s.niceName,
  name_en: s.niceNameEn,
  company_id: s.company.id_company,
  optin_marketing: s.optin_marketing === null ? 'inherit' : s.optin_marketing ? 'yes' : 'no',
  owners: s.owners.map((o) => o.id_user),
});

export interface StandChoices {
  companies: { id: string; name: string }[];
  exhibitors: { id: string; label: string }[];
  /** The global `stands_optin_marketing`, said next to "inherit". */
  globalOptin: boolean;
}

export function standsPage(ctx: PageContext, stands: AdminStand[], choices: StandChoices, state: FormState, notice?: Notice): string {
  const { tr, local, link } = helpers(ctx);
  const { values, errors } = state;
  const editing = state.editing ? stands.find((s) => s.id_stand === state.editing) : undefined;
  const optinLabel = (s: AdminStand) =>
    s.optin_marketing === null ? tr(msg`general setting`) : s.optin_marketing ? tr(msg`yes`) : tr(msg`no`);
  const rows = stands.map(
    (
      s,
    ) => html`<tr><td><strong>${s.niceName}</strong><br><span lang="en">${s.niceNameEn}</span></td><td>${s.company.name}</td><td>${s.owners.map((o) => o.name).join(', ') || tr(msg`None`)}</td>
<td>${optinLabel(s)}</td><td><code>${s.panoramaSlug}</code></td>
<td><a href="${link('admin.stands', {}, { query: { edit: s.id_stand }, hash: 'form' })}" aria-label="${tr(msg`Edit ${local(s.niceName, s.niceNameEn)}`)}">${tr(msg`Edit`)}</a>
${removeButton(ctx, 'admin.stands', s.id_stand, tr(msg`Remove ${local(s.niceName, s.niceNameEn)}`), {
  question: tr(msg`Delete the stand “${local(s.niceName, s.niceNameEn)}” (${s.company.name})?`),
  detail: tr(msg`It disappears from the room. A stand with visits, history or leads is kept.`),
  confirm: tr(msg`Delete the stand`),
})}</td></tr>`,
  );
  const editingName = editing ? local(editing.niceName, editing.niceNameEn) : '';
  const heading = editing ? tr(msg`Edit the stand “${editingName}”`) : tr(msg`New stand`);
  return layout(
    ctx,
    tr(msg`Stands`),
    html`${nav(ctx, 'admin.stands')}
${noticeOf(notice)}
<section class="card" aria-labelledby="stands-heading"><h2 id="stands-heading">${tr(msg`The stands`)}</h2>
<p>${tr(msg`A stand that has visits, history or leads cannot be removed. Visitors see the changes at their next load of the fair.`)}</p>
<div class="scroll"><table><thead><tr><th>${tr(msg`Name (French / English)`)}</th><th>${tr(msg`Company`)}</th><th>${tr(msg`Exhibitors`)}</th><th>${tr(msg`Marketing consent`)}</th><th>${tr(msg`Panorama`)}</th><th>${tr(msg`Actions`)}</th></tr></thead><tbody>${rows}</tbody></table></div></section>
<section class="card" id="form" aria-labelledby="stand-form-heading"><h2 id="stand-form-heading">${heading}</h2>
${Object.keys(errors).length ? html`<p class="notice" role="alert">${tr(msg`The form has errors.`)}</p>` : ''}
<form method="post" action="${link('admin.stands')}#form" novalidate>
<input type="hidden" name="action" value="${editing ? 'update' : 'create'}">${editing ? html`<input type="hidden" name="id" value="${editing.id_stand}">` : ''}
${field({ form: 'stand', name: 'name', label: tr(msg`Name (French)`), value: text(values.name), required: true, ...(errors.name ? { error: errors.name } : {}) })}
${field({ form: 'stand', name: 'name_en', label: tr(msg`Name (English)`), value: text(values.name_en), required: true, ...(errors.name_en ? { error: errors.name_en } : {}) })}
${select(
  'stand',
  'company_id',
  tr(msg`Company`),
  text(values.company_id),
  choices.companies.map((c) => [c.id, c.name]),
  errors.company_id,
)}
${select(
  'stand',
  'optin_marketing',
  tr(msg`Marketing consent box on its forms`),
  text(values.optin_marketing) || 'inherit',
  [
    ['inherit', choices.globalOptin ? tr(msg`General setting (yes)`) : tr(msg`General setting (no)`)],
    ['yes', tr(msg`Yes`)],
    ['no', tr(msg`No`)],
  ],
  errors.optin_marketing,
)}
${checkboxes(
  'stand',
  'owners',
  tr(msg`The stand’s exhibitors`),
  list(values.owners),
  choices.exhibitors.map((e) => [e.id, e.label]),
  tr(msg`No exhibitor account.`),
  errors.owners,
)}
${editing ? html`<p><strong>${tr(msg`Panorama`)}</strong> : <code>${editing.panoramaSlug}</code> <span class="hint">${tr(msg`(its picture is changed on the panoramas page)`)}</span></p>` : ''}
<button type="submit">${editing ? tr(msg`Save the stand`) : tr(msg`Create the stand`)}</button>
${editing ? html` <a href="${link('admin.stands')}#form">${tr(msg`Cancel`)}</a>` : ''}
</form></section>`,
  );
}
