import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { COMPANY_DOCUMENT_PATTERN, type AdminAccount, type AdminCompany, type AdminStand } from '@salon/shared/contracts/content';
import { ROUTES, buildPath, type RouteName } from '@salon/shared/contracts/routes';
import type { UserRow } from '../db/schema';
import { html, type SafeHtml } from '../lib/html';
import { checkbox, field } from './forms';
import { helpers, layout, type PageContext } from './layout';

/*
 * The organisers' pages of the event's content (issue 13, item 2): `/admin/entreprises`, `/admin/stands`,
 * `/admin/comptes`. Each lists its items (edit link, remove button) and shows one form: a new item, or the item of
 * `?edit=<id>`. Errors are shown next to their fields; every stored text is escaped by the `html` tag.
 */

export type Values = Record<string, string | string[]>;

export interface FormState {
  values: Values;
  errors: Record<string, string>;
  /** The id being edited; absent: a new item. */
  editing?: string;
}

export interface Notice {
  kind: 'success' | 'alert';
  text: string;
}

const text = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const list = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v ? [v] : []);

function nav(ctx: PageContext, current: RouteName): SafeHtml {
  const { tr, link } = helpers(ctx);
  const back: RouteName = ctx.user?.profile === 'administrator' ? 'admin' : 'promoter';
  const items: [RouteName, string][] = [
    ['admin.companies', tr(msg`Companies`)],
    ['admin.stands', tr(msg`Stands`)],
    ['admin.accounts', tr(msg`Exhibitor and organizer accounts`)],
  ];
  return html`<nav aria-label="${tr(msg`Fair content`)}"><ul>
<li><a href="${link(back)}">${back === 'admin' ? tr(msg`← Administration`) : tr(msg`← Organizer area`)}</a></li>
${items.map(([name, label]) => (name === current ? html`<li><strong aria-current="page">${label}</strong></li>` : html`<li><a href="${link(name)}">${label}</a></li>`))}
</ul></nav>`;
}

const noticeOf = (notice: Notice | undefined): SafeHtml | '' =>
  notice
    ? notice.kind === 'success'
      ? html`<p class="notice success" role="status">${notice.text}</p>`
      : html`<p class="notice" role="alert">${notice.text}</p>`
    : '';

function textarea(form: string, name: string, label: string, value: string, error?: string): SafeHtml {
  const id = `${form}-${name}`;
  return html`<label for="${id}">${label}</label>
<textarea id="${id}" name="${name}" rows="4"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${value}</textarea>
${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}`;
}

function select(
  form: string,
  name: string,
  label: string,
  current: string,
  options: [value: string, label: string][],
  error?: string,
): SafeHtml {
  const id = `${form}-${name}`;
  return html`<label for="${id}">${label}</label>
<select id="${id}" name="${name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${options.map(
    ([value, optionLabel]) => html`<option value="${value}"${value === current ? html` selected` : ''}>${optionLabel}</option>`,
  )}</select>${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}`;
}

function checkboxes(
  form: string,
  name: string,
  legend: string,
  checked: string[],
  options: [value: string, label: string][],
  empty: string,
  error?: string,
): SafeHtml {
  const id = `${form}-${name}`;
  return html`<fieldset${error ? html` aria-describedby="${id}-error"` : ''}><legend>${legend}</legend>
${options.length === 0 ? html`<p class="hint">${empty}</p>` : ''}${options.map(
    ([value, optionLabel]) =>
      html`<label class="check" for="${id}-${value}"><input id="${id}-${value}" type="checkbox" name="${name}" value="${value}"${checked.includes(value) ? html` checked` : ''}>${optionLabel}</label>`,
  )}${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}</fieldset>`;
}

function removeButton(ctx: PageContext, route: RouteName, id: string, label: string): SafeHtml {
  const { link } = helpers(ctx);
  return html`<form method="post" action="${link(route)}" class="inline"><input type="hidden" name="action" value="remove"><input type="hidden" name="id" value="${id}"><button type="submit" class="secondary">${label}</button></form>`;
}

/* ---------------------------------------------------------------- companies */

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
  description: c.description ?? '',
  description_en: c.description_en ?? '',
  ...Object.fromEntries(COMPANY_TEXT_FIELDS.map(([name]) => [name, (c as unknown as Record<string, string | null>)[name] ?? ''])),
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
    ? html`<form method="post" action="${action}"><input type="hidden" name="action" value="remove"><input type="hidden" name="id" value="${c.id_company}">
<button type="submit" class="secondary" aria-label="${tr(msg`Remove ${c.name}’s document`)}">${tr(msg`Remove the document`)}</button></form>`
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
${removeButton(ctx, 'admin.companies', c.id_company, tr(msg`Remove ${c.name}`))}</td></tr>`,
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

/* ---------------------------------------------------------------- stands */

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
${removeButton(ctx, 'admin.stands', s.id_stand, tr(msg`Remove ${local(s.niceName, s.niceNameEn)}`))}</td></tr>`,
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

/* ---------------------------------------------------------------- accounts */

export const accountValues = (a: AdminAccount): Values => ({
  profile: a.profile,
  email: a.email ?? '',
  firstname: a.firstname ?? '',
  lastname: a.lastname ?? '',
  function: a.function ?? '',
  function_en: a.function_en ?? '',
  visio_link: a.visio_link ?? '',
  hidden: a.hidden ? '1' : '',
  stands: a.stands.map((s) => s.id_stand),
});

export interface AccountChoices {
  stands: { id: string; label: string }[];
}

/** Shown once, after a creation: the account and its generated password. */
export interface Created {
  account: AdminAccount;
  password: string | null;
}

export function accountsPage(
  ctx: PageContext,
  viewer: UserRow,
  accounts: AdminAccount[],
  choices: AccountChoices,
  state: FormState,
  notice?: Notice,
  created?: Created,
): string {
  const { tr, local, link } = helpers(ctx);
  const { values, errors } = state;
  const admin = viewer.profile === 'administrator';
  const editing = state.editing ? accounts.find((a) => a.id_user === state.editing) : undefined;
  const profileLabel = (p: string) => (p === 'promoter' ? tr(msg`Organizer`) : tr(msg`Exhibitor`));
  const nameOf = (a: AdminAccount) => [a.firstname, a.lastname].filter(Boolean).join(' ') || a.email || a.id_user;
  const rows = accounts.map((a) => {
    const manageable = admin || a.profile === 'exhibitor';
    return html`<tr><td><strong>${nameOf(a)}</strong><br>${a.email ?? ''}</td><td>${profileLabel(a.profile)}${a.hidden ? html`<br><em>${tr(msg`hidden`)}</em>` : ''}</td>
<td>${a.stands.map((s) => local(s.name, s.name_en)).join(', ')}</td>
<td>${
      manageable
        ? html`<a href="${link('admin.accounts', {}, { query: { edit: a.id_user }, hash: 'form' })}" aria-label="${tr(msg`Edit ${nameOf(a)}`)}">${tr(msg`Edit`)}</a>
${removeButton(ctx, 'admin.accounts', a.id_user, tr(msg`Remove ${nameOf(a)}`))}`
        : html`<span class="hint">${tr(msg`Administrators only`)}</span>`
    }</td></tr>`;
  });
  const heading = editing ? tr(msg`Edit the account ${editing.email ?? ''}`) : tr(msg`New account`);
  const editingExhibitor = editing ? editing.profile === 'exhibitor' : true;
  return layout(
    ctx,
    tr(msg`Exhibitor and organizer accounts`),
    html`${nav(ctx, 'admin.accounts')}
${noticeOf(notice)}
<section class="card" aria-labelledby="accounts-heading"><h2 id="accounts-heading">${tr(msg`The accounts`)}</h2>
<p>${tr(msg`An account that has chats, history or visits cannot be removed: hide it instead.`)}</p>
<div class="scroll"><table><thead><tr><th>${tr(msg`Name`)}</th><th>${tr(msg`Profile`)}</th><th>${tr(msg`Stands`)}</th><th>${tr(msg`Actions`)}</th></tr></thead><tbody>${rows}</tbody></table></div></section>
${signinLinksSection(
  ctx,
  accounts.filter((a) => admin || a.profile === 'exhibitor'),
  nameOf,
)}
<section class="card" id="form" aria-labelledby="account-form-heading">
${
  created
    ? html`<div class="notice success" role="status" aria-labelledby="created-heading"><h3 id="created-heading">${tr(msg`Account created`)}</h3>
<p>${tr(msg`The account ${created.account.email ?? ''} can log in now.`)}</p>
${
  created.password
    ? html`<p>${tr(msg`Generated password, shown this once only: write it down and give it to the person.`)}</p>
<p><code id="generated-password">${created.password}</code></p>`
    : html`<p>${tr(msg`With the password you typed.`)}</p>`
}</div>`
    : ''
}
<h2 id="account-form-heading">${heading}</h2>
${Object.keys(errors).length ? html`<p class="notice" role="alert">${tr(msg`The form has errors.`)}</p>` : ''}
<form method="post" action="${link('admin.accounts')}#form" novalidate>
<input type="hidden" name="action" value="${editing ? 'update' : 'create'}">${editing ? html`<input type="hidden" name="id" value="${editing.id_user}">` : ''}
${
  editing
    ? html`<p><strong>${tr(msg`Profile`)}</strong> : ${profileLabel(editing.profile)}</p>`
    : select(
        'account',
        'profile',
        tr(msg`Profile`),
        text(values.profile) || 'exhibitor',
        [['exhibitor', tr(msg`Exhibitor`)], ...(admin ? [['promoter', tr(msg`Organizer`)] as [string, string]] : [])],
        errors.profile,
      )
}
${field({ form: 'account', name: 'email', type: 'email', label: tr(msg`Email (login)`), value: text(values.email), required: true, ...(errors.email ? { error: errors.email } : {}) })}
${field({
  form: 'account',
  name: 'password',
  type: 'password',
  label: editing ? tr(msg`New password`) : tr(msg`Initial password`),
  hint: editing
    ? tr(msg`Empty: unchanged. Otherwise at least 12 characters.`)
    : tr(msg`At least 12 characters. Empty: one is generated and shown once.`),
  autocomplete: 'new-password',
  ...(errors.password ? { error: errors.password } : {}),
})}
${field({ form: 'account', name: 'firstname', label: tr(msg`First name`), value: text(values.firstname), ...(errors.firstname ? { error: errors.firstname } : {}) })}
${field({ form: 'account', name: 'lastname', label: tr(msg`Last name`), value: text(values.lastname), ...(errors.lastname ? { error: errors.lastname } : {}) })}
${field({ form: 'account', name: 'function', label: tr(msg`Position (French)`), value: text(values.function), ...(errors.function ? { error: errors.function } : {}) })}
${field({ form: 'account', name: 'function_en', label: tr(msg`Position (English)`), value: text(values.function_en), ...(errors.function_en ? { error: errors.function_en } : {}) })}
${field({ form: 'account', name: 'visio_link', type: 'url', label: tr(msg`Video call link`), value: text(values.visio_link), hint: tr(msg`http(s)://… or empty`), ...(errors.visio_link ? { error: errors.visio_link } : {}) })}
${checkbox({ form: 'account', name: 'hidden', label: tr(msg`Hidden (visitors do not see them)`), checked: text(values.hidden) === '1' })}
${
  editingExhibitor
    ? checkboxes(
        'account',
        'stands',
        tr(msg`Stands (exhibitors)`),
        list(values.stands),
        choices.stands.map((s) => [s.id, s.label]),
        tr(msg`No stand.`),
        errors.stands,
      )
    : ''
}
<button type="submit">${editing ? tr(msg`Save the account`) : tr(msg`Create the account`)}</button>
${editing ? html` <a href="${link('admin.accounts')}#form">${tr(msg`Cancel`)}</a>` : ''}
</form></section>`,
  );
}

/**
 * Sign-in links (`services/signin-links.ts`): the product sends no e-mail, so the organiser downloads them as CSV for
 * their own mailing tool; for the ticked accounts, or for every account without a password (imported ones too).
 */
function signinLinksSection(ctx: PageContext, accounts: AdminAccount[], nameOf: (a: AdminAccount) => string): SafeHtml {
  const { tr, link } = helpers(ctx);
  const boxes = accounts.map(
    (a) =>
      html`<label class="check" for="links-${a.id_user}"><input id="links-${a.id_user}" type="checkbox" name="ids" value="${a.id_user}">${nameOf(a)}${a.email ? ` (${a.email})` : ''}</label>`,
  );
  return html`<section class="card" id="signin-links" aria-labelledby="signin-links-heading"><h2 id="signin-links-heading">${tr(msg`Sign-in links`)}</h2>
<p>${tr(
    msg`The fair sends no e-mail: download the links (CSV: email, firstname, lastname, link) and send them with your own mailing tool. Each link works once, for 14 days: the person chooses their password there and enters logged in. An imported account has no password until then.`,
  )}</p>
<form method="post" action="${link('admin.accounts')}">
<input type="hidden" name="action" value="signin-links">
<button type="submit" name="scope" value="without_password">${tr(msg`Links for every account without a password (CSV)`)}</button>
${
  boxes.length
    ? html`<fieldset><legend>${tr(msg`Or for these accounts (a new password will replace the current one)`)}</legend>${boxes}</fieldset>
<button type="submit" name="scope" value="selected">${tr(msg`Links for the ticked accounts (CSV)`)}</button>`
    : ''
}
</form></section>`;
}
