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
    ['admin.companies', tr('Entreprises', 'Companies')],
    ['admin.stands', tr('Stands', 'Stands')],
    ['admin.accounts', tr('Comptes exposants et organisateurs', 'Exhibitor and organizer accounts')],
  ];
  return html`<nav aria-label="${tr('Contenu du salon', 'Fair content')}"><ul>
<li><a href="${link(back)}">${back === 'admin' ? tr('← Administration', '← Administration') : tr('← Espace organisateur', '← Organizer area')}</a></li>
${items.map(([name, label]) => (name === current ? html`<li><strong aria-current="page">${label}</strong></li>` : html`<li><a href="${link(name)}">${label}</a></li>`))}
</ul></nav>`;
}

const noticeOf = (notice: Notice | undefined): SafeHtml | '' =>
  notice ? (notice.kind === 'success' ? html`<p class="notice success" role="status">${notice.text}</p>` : html`<p class="notice" role="alert">${notice.text}</p>`) : '';

function textarea(form: string, name: string, label: string, value: string, error?: string): SafeHtml {
  const id = `${form}-${name}`;
  return html`<label for="${id}">${label}</label>
<textarea id="${id}" name="${name}" rows="4"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${value}</textarea>
${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}`;
}

function select(form: string, name: string, label: string, current: string, options: [value: string, label: string][], error?: string): SafeHtml {
  const id = `${form}-${name}`;
  return html`<label for="${id}">${label}</label>
<select id="${id}" name="${name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${options.map(
    ([value, optionLabel]) => html`<option value="${value}"${value === current ? html` selected` : ''}>${optionLabel}</option>`,
  )}</select>${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}`;
}

function checkboxes(form: string, name: string, legend: string, checked: string[], options: [value: string, label: string][], empty: string, error?: string): SafeHtml {
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

export const COMPANY_TEXT_FIELDS: [name: string, fr: string, en: string, type: 'text' | 'url' | 'email' | 'tel'][] = [
  ['website_link', 'Site web', 'Website', 'url'],
  ['storage_link', 'Documents (lien de stockage)', 'Documents (storage link)', 'url'],
  ['mobile', 'Téléphone', 'Phone', 'tel'],
  ['email', 'E-mail', 'Email', 'email'],
  ['facebook_link', 'Facebook', 'Facebook', 'url'],
  ['linkedin_link', 'LinkedIn', 'LinkedIn', 'url'],
  ['twitter_link', 'Twitter', 'Twitter', 'url'],
  ['youtube_link', 'YouTube', 'YouTube', 'url'],
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
export const isCompanyDocument = (link: string | null | undefined): link is string => typeof link === 'string' && COMPANY_DOCUMENT.test(link);

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
    ? html`<p><a href="${ctx.origin}${c.storage_link}" download>${tr(`Document de ${c.name} (PDF)`, `${c.name}’s document (PDF)`)}</a></p>`
    : c.storage_link
      ? html`<p class="hint">${tr('Lien :', 'Link:')} ${c.storage_link}</p>`
      : html`<p class="hint">${tr('Aucun document', 'No document')}</p>`;
  return html`<div id="${id}">
${mine?.error ? html`<p class="notice" role="alert">${mine.error}</p>` : ''}
${mine?.saved === 'uploaded' ? html`<p class="notice success" role="status">${tr('Document enregistré : la fiche entreprise le propose.', 'Document saved: the company sheet offers it.')}</p>` : ''}
${mine?.saved === 'removed' ? html`<p class="notice success" role="status">${tr('Document retiré : la fiche entreprise n’a plus de lien de documents.', 'Document removed: the company sheet has no documents link any more.')}</p>` : ''}
${current}
<form method="post" action="${action}" enctype="multipart/form-data">
<input type="hidden" name="id" value="${c.id_company}">
<label for="${id}-file">${tr('Document (PDF)', 'Document (PDF)')}</label>
<input id="${id}-file" type="file" name="file" accept="application/pdf" required aria-describedby="${id}-hint">
<p class="hint" id="${id}-hint">${tr(`PDF, ${maxMb} Mo au plus. Remplace le lien de documents de ${c.name}.`, `PDF, ${maxMb} MB at most. Replaces ${c.name}’s documents link.`)}</p>
<button type="submit" aria-label="${tr(`Envoyer le document de ${c.name}`, `Upload ${c.name}’s document`)}">${tr('Envoyer le document', 'Upload the document')}</button>
</form>
${
  uploaded
    ? html`<form method="post" action="${action}"><input type="hidden" name="action" value="remove"><input type="hidden" name="id" value="${c.id_company}">
<button type="submit" class="secondary" aria-label="${tr(`Retirer le document de ${c.name}`, `Remove ${c.name}’s document`)}">${tr('Retirer le document', 'Remove the document')}</button></form>`
    : ''
}
</div>`;
}

export function companiesPage(ctx: PageContext, companies: AdminCompany[], state: FormState, notice?: Notice, document?: DocumentState, documentMaxMb = 10): string {
  const { tr, link } = helpers(ctx);
  const { values, errors } = state;
  const editing = state.editing ? companies.find((c) => c.id_company === state.editing) : undefined;
  const rows = companies.map(
    (c) => html`<tr><td><strong>${c.name}</strong></td><td>${c.stands.length === 0 ? tr('Aucun', 'None') : c.stands.map((s) => tr(s.name, s.name_en)).join(', ')}</td>
<td>${documentCell(ctx, c, document, documentMaxMb)}</td>
<td><a href="${link('admin.companies', {}, { query: { edit: c.id_company }, hash: 'form' })}" aria-label="${tr(`Modifier ${c.name}`, `Edit ${c.name}`)}">${tr('Modifier', 'Edit')}</a>
${removeButton(ctx, 'admin.companies', c.id_company, tr(`Supprimer ${c.name}`, `Remove ${c.name}`))}</td></tr>`,
  );
  const heading = editing ? tr(`Modifier l’entreprise « ${editing.name} »`, `Edit the company “${editing.name}”`) : tr('Nouvelle entreprise', 'New company');
  return layout(
    ctx,
    tr('Entreprises', 'Companies'),
    html`${nav(ctx, 'admin.companies')}
${noticeOf(notice)}
<section class="card" aria-labelledby="companies-heading"><h2 id="companies-heading">${tr('Les entreprises', 'The companies')}</h2>
<p>${tr('Une entreprise qui a des stands ou des contacts ne peut pas être supprimée.', 'A company that has stands or leads cannot be removed.')}</p>
<div class="scroll"><table><thead><tr><th>${tr('Nom', 'Name')}</th><th>${tr('Stands', 'Stands')}</th><th>${tr('Document (PDF)', 'Document (PDF)')}</th><th>${tr('Actions', 'Actions')}</th></tr></thead><tbody>${rows}</tbody></table></div></section>
<section class="card" id="form" aria-labelledby="company-form-heading"><h2 id="company-form-heading">${heading}</h2>
${Object.keys(errors).length ? html`<p class="notice" role="alert">${tr('Le formulaire contient des erreurs.', 'The form has errors.')}</p>` : ''}
<form method="post" action="${link('admin.companies')}#form" novalidate>
<input type="hidden" name="action" value="${editing ? 'update' : 'create'}">${editing ? html`<input type="hidden" name="id" value="${editing.id_company}">` : ''}
${field({ form: 'company', name: 'name', label: tr('Nom', 'Name'), value: text(values.name), required: true, ...(errors.name ? { error: errors.name } : {}) })}
${textarea('company', 'description', tr('Description (français)', 'Description (French)'), text(values.description), errors.description)}
${textarea('company', 'description_en', tr('Description (anglais)', 'Description (English)'), text(values.description_en), errors.description_en)}
${COMPANY_TEXT_FIELDS.map(([name, fr, en, type]) =>
  field({ form: 'company', name, label: tr(fr, en), type, value: text(values[name]), ...(type === 'url' ? { hint: tr('http(s)://… ou vide', 'http(s)://… or empty') } : {}), ...(errors[name] ? { error: errors[name] } : {}) }),
)}
<button type="submit">${editing ? tr('Enregistrer l’entreprise', 'Save the company') : tr('Créer l’entreprise', 'Create the company')}</button>
${editing ? html` <a href="${link('admin.companies')}#form">${tr('Annuler', 'Cancel')}</a>` : ''}
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
  const { tr, link } = helpers(ctx);
  const { values, errors } = state;
  const editing = state.editing ? stands.find((s) => s.id_stand === state.editing) : undefined;
  const optinLabel = (s: AdminStand) => (s.optin_marketing === null ? tr('réglage général', 'general setting') : s.optin_marketing ? tr('oui', 'yes') : tr('non', 'no'));
  const rows = stands.map(
    (s) => html`<tr><td><strong>${s.niceName}</strong><br><span lang="en">${s.niceNameEn}</span></td><td>${s.company.name}</td><td>${s.owners.map((o) => o.name).join(', ') || tr('Aucun', 'None')}</td>
<td>${optinLabel(s)}</td><td><code>${s.panoramaSlug}</code></td>
<td><a href="${link('admin.stands', {}, { query: { edit: s.id_stand }, hash: 'form' })}" aria-label="${tr(`Modifier ${s.niceName}`, `Edit ${s.niceNameEn}`)}">${tr('Modifier', 'Edit')}</a>
${removeButton(ctx, 'admin.stands', s.id_stand, tr(`Supprimer ${s.niceName}`, `Remove ${s.niceNameEn}`))}</td></tr>`,
  );
  const heading = editing ? tr(`Modifier le stand « ${editing.niceName} »`, `Edit the stand “${editing.niceNameEn}”`) : tr('Nouveau stand', 'New stand');
  return layout(
    ctx,
    tr('Stands', 'Stands'),
    html`${nav(ctx, 'admin.stands')}
${noticeOf(notice)}
<section class="card" aria-labelledby="stands-heading"><h2 id="stands-heading">${tr('Les stands', 'The stands')}</h2>
<p>${tr('Un stand qui a des visites, un historique ou des contacts ne peut pas être supprimé. Les visiteurs voient les changements au prochain chargement du salon.', 'A stand that has visits, history or leads cannot be removed. Visitors see the changes at their next load of the fair.')}</p>
<div class="scroll"><table><thead><tr><th>${tr('Nom (français / anglais)', 'Name (French / English)')}</th><th>${tr('Entreprise', 'Company')}</th><th>${tr('Exposants', 'Exhibitors')}</th><th>${tr('Accord marketing', 'Marketing consent')}</th><th>${tr('Panorama', 'Panorama')}</th><th>${tr('Actions', 'Actions')}</th></tr></thead><tbody>${rows}</tbody></table></div></section>
<section class="card" id="form" aria-labelledby="stand-form-heading"><h2 id="stand-form-heading">${heading}</h2>
${Object.keys(errors).length ? html`<p class="notice" role="alert">${tr('Le formulaire contient des erreurs.', 'The form has errors.')}</p>` : ''}
<form method="post" action="${link('admin.stands')}#form" novalidate>
<input type="hidden" name="action" value="${editing ? 'update' : 'create'}">${editing ? html`<input type="hidden" name="id" value="${editing.id_stand}">` : ''}
${field({ form: 'stand', name: 'name', label: tr('Nom (français)', 'Name (French)'), value: text(values.name), required: true, ...(errors.name ? { error: errors.name } : {}) })}
${field({ form: 'stand', name: 'name_en', label: tr('Nom (anglais)', 'Name (English)'), value: text(values.name_en), required: true, ...(errors.name_en ? { error: errors.name_en } : {}) })}
${select(
  'stand',
  'company_id',
  tr('Entreprise', 'Company'),
  text(values.company_id),
  choices.companies.map((c) => [c.id, c.name]),
  errors.company_id,
)}
${select(
  'stand',
  'optin_marketing',
  tr('Case d’accord marketing sur ses formulaires', 'Marketing consent box on its forms'),
  text(values.optin_marketing) || 'inherit',
  [
    ['inherit', tr(`Réglage général (${choices.globalOptin ? 'oui' : 'non'})`, `General setting (${choices.globalOptin ? 'yes' : 'no'})`)],
    ['yes', tr('Oui', 'Yes')],
    ['no', tr('Non', 'No')],
  ],
  errors.optin_marketing,
)}
${checkboxes('stand', 'owners', tr('Exposants du stand', 'The stand’s exhibitors'), list(values.owners), choices.exhibitors.map((e) => [e.id, e.label]), tr('Aucun compte exposant.', 'No exhibitor account.'), errors.owners)}
${editing ? html`<p><strong>${tr('Panorama', 'Panorama')}</strong> : <code>${editing.panoramaSlug}</code> <span class="hint">${tr('(son image se change dans la page des panoramas)', '(its picture is changed on the panoramas page)')}</span></p>` : ''}
<button type="submit">${editing ? tr('Enregistrer le stand', 'Save the stand') : tr('Créer le stand', 'Create the stand')}</button>
${editing ? html` <a href="${link('admin.stands')}#form">${tr('Annuler', 'Cancel')}</a>` : ''}
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

export function accountsPage(ctx: PageContext, viewer: UserRow, accounts: AdminAccount[], choices: AccountChoices, state: FormState, notice?: Notice, created?: Created): string {
  const { tr, link } = helpers(ctx);
  const { values, errors } = state;
  const admin = viewer.profile === 'administrator';
  const editing = state.editing ? accounts.find((a) => a.id_user === state.editing) : undefined;
  const profileLabel = (p: string) => (p === 'promoter' ? tr('Organisateur', 'Organizer') : tr('Exposant', 'Exhibitor'));
  const nameOf = (a: AdminAccount) => [a.firstname, a.lastname].filter(Boolean).join(' ') || a.email || a.id_user;
  const rows = accounts.map((a) => {
    const manageable = admin || a.profile === 'exhibitor';
    return html`<tr><td><strong>${nameOf(a)}</strong><br>${a.email ?? ''}</td><td>${profileLabel(a.profile)}${a.hidden ? html`<br><em>${tr('masqué', 'hidden')}</em>` : ''}</td>
<td>${a.stands.map((s) => tr(s.name, s.name_en)).join(', ')}</td>
<td>${
      manageable
        ? html`<a href="${link('admin.accounts', {}, { query: { edit: a.id_user }, hash: 'form' })}" aria-label="${tr(`Modifier ${nameOf(a)}`, `Edit ${nameOf(a)}`)}">${tr('Modifier', 'Edit')}</a>
${removeButton(ctx, 'admin.accounts', a.id_user, tr(`Supprimer ${nameOf(a)}`, `Remove ${nameOf(a)}`))}`
        : html`<span class="hint">${tr('Réservé aux administrateurs', 'Administrators only')}</span>`
    }</td></tr>`;
  });
  const heading = editing ? tr(`Modifier le compte ${editing.email ?? ''}`, `Edit the account ${editing.email ?? ''}`) : tr('Nouveau compte', 'New account');
  const editingExhibitor = editing ? editing.profile === 'exhibitor' : true;
  return layout(
    ctx,
    tr('Comptes exposants et organisateurs', 'Exhibitor and organizer accounts'),
    html`${nav(ctx, 'admin.accounts')}
${noticeOf(notice)}
<section class="card" aria-labelledby="accounts-heading"><h2 id="accounts-heading">${tr('Les comptes', 'The accounts')}</h2>
<p>${tr('Un compte qui a des conversations, un historique ou des visites ne peut pas être supprimé : masquez-le plutôt.', 'An account that has chats, history or visits cannot be removed: hide it instead.')}</p>
<div class="scroll"><table><thead><tr><th>${tr('Nom', 'Name')}</th><th>${tr('Profil', 'Profile')}</th><th>${tr('Stands', 'Stands')}</th><th>${tr('Actions', 'Actions')}</th></tr></thead><tbody>${rows}</tbody></table></div></section>
${signinLinksSection(ctx, accounts.filter((a) => admin || a.profile === 'exhibitor'), nameOf)}
<section class="card" id="form" aria-labelledby="account-form-heading">
${
  created
    ? html`<div class="notice success" role="status" aria-labelledby="created-heading"><h3 id="created-heading">${tr('Compte créé', 'Account created')}</h3>
<p>${tr(`Le compte ${created.account.email ?? ''} peut se connecter dès maintenant.`, `The account ${created.account.email ?? ''} can log in now.`)}</p>
${
  created.password
    ? html`<p>${tr('Mot de passe généré, affiché une seule fois : notez-le et transmettez-le à la personne.', 'Generated password, shown this once only: write it down and give it to the person.')}</p>
<p><code id="generated-password">${created.password}</code></p>`
    : html`<p>${tr('Avec le mot de passe que vous avez saisi.', 'With the password you typed.')}</p>`
}</div>`
    : ''
}
<h2 id="account-form-heading">${heading}</h2>
${Object.keys(errors).length ? html`<p class="notice" role="alert">${tr('Le formulaire contient des erreurs.', 'The form has errors.')}</p>` : ''}
<form method="post" action="${link('admin.accounts')}#form" novalidate>
<input type="hidden" name="action" value="${editing ? 'update' : 'create'}">${editing ? html`<input type="hidden" name="id" value="${editing.id_user}">` : ''}
${
  editing
    ? html`<p><strong>${tr('Profil', 'Profile')}</strong> : ${profileLabel(editing.profile)}</p>`
    : select(
        'account',
        'profile',
        tr('Profil', 'Profile'),
        text(values.profile) || 'exhibitor',
        [['exhibitor', tr('Exposant', 'Exhibitor')], ...(admin ? [['promoter', tr('Organisateur', 'Organizer')] as [string, string]] : [])],
        errors.profile,
      )
}
${field({ form: 'account', name: 'email', type: 'email', label: tr('E-mail (identifiant)', 'Email (login)'), value: text(values.email), required: true, ...(errors.email ? { error: errors.email } : {}) })}
${field({
  form: 'account',
  name: 'password',
  type: 'password',
  label: editing ? tr('Nouveau mot de passe', 'New password') : tr('Mot de passe initial', 'Initial password'),
  hint: editing
    ? tr('Vide : inchangé. Sinon au moins 12 caractères.', 'Empty: unchanged. Otherwise at least 12 characters.')
    : tr('Au moins 12 caractères. Vide : un mot de passe est généré et affiché une seule fois.', 'At least 12 characters. Empty: one is generated and shown once.'),
  autocomplete: 'new-password',
  ...(errors.password ? { error: errors.password } : {}),
})}
${field({ form: 'account', name: 'firstname', label: tr('Prénom', 'First name'), value: text(values.firstname), ...(errors.firstname ? { error: errors.firstname } : {}) })}
${field({ form: 'account', name: 'lastname', label: tr('Nom', 'Last name'), value: text(values.lastname), ...(errors.lastname ? { error: errors.lastname } : {}) })}
${field({ form: 'account', name: 'function', label: tr('Fonction (français)', 'Position (French)'), value: text(values.function), ...(errors.function ? { error: errors.function } : {}) })}
${field({ form: 'account', name: 'function_en', label: tr('Fonction (anglais)', 'Position (English)'), value: text(values.function_en), ...(errors.function_en ? { error: errors.function_en } : {}) })}
${field({ form: 'account', name: 'visio_link', type: 'url', label: tr('Lien visio', 'Video call link'), value: text(values.visio_link), hint: tr('http(s)://… ou vide', 'http(s)://… or empty'), ...(errors.visio_link ? { error: errors.visio_link } : {}) })}
${checkbox({ form: 'account', name: 'hidden', label: tr('Masqué (les visiteurs ne le voient pas)', 'Hidden (visitors do not see them)'), checked: text(values.hidden) === '1' })}
${editingExhibitor ? checkboxes('account', 'stands', tr('Stands (exposants)', 'Stands (exhibitors)'), list(values.stands), choices.stands.map((s) => [s.id, s.label]), tr('Aucun stand.', 'No stand.'), errors.stands) : ''}
<button type="submit">${editing ? tr('Enregistrer le compte', 'Save the account') : tr('Créer le compte', 'Create the account')}</button>
${editing ? html` <a href="${link('admin.accounts')}#form">${tr('Annuler', 'Cancel')}</a>` : ''}
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
    (a) => html`<label class="check" for="links-${a.id_user}"><input id="links-${a.id_user}" type="checkbox" name="ids" value="${a.id_user}">${nameOf(a)}${a.email ? ` (${a.email})` : ''}</label>`,
  );
  return html`<section class="card" id="signin-links" aria-labelledby="signin-links-heading"><h2 id="signin-links-heading">${tr('Liens de connexion', 'Sign-in links')}</h2>
<p>${tr(
    'Le salon n’envoie pas d’e-mail : téléchargez les liens (CSV : email, firstname, lastname, link) et envoyez-les avec votre outil d’envoi. Chaque lien sert une seule fois, pendant 14 jours : la personne y choisit son mot de passe et entre connectée. Un compte importé n’a pas de mot de passe avant cela.',
    'The fair sends no e-mail: download the links (CSV: email, firstname, lastname, link) and send them with your own mailing tool. Each link works once, for 14 days: the person chooses their password there and enters logged in. An imported account has no password until then.',
  )}</p>
<form method="post" action="${link('admin.accounts')}">
<input type="hidden" name="action" value="signin-links">
<button type="submit" name="scope" value="without_password">${tr('Liens pour tous les comptes sans mot de passe (CSV)', 'Links for every account without a password (CSV)')}</button>
${
  boxes.length
    ? html`<fieldset><legend>${tr('Ou pour ces comptes (un nouveau mot de passe remplacera l’actuel)', 'Or for these accounts (a new password will replace the current one)')}</legend>${boxes}</fieldset>
<button type="submit" name="scope" value="selected">${tr('Liens pour les comptes cochés (CSV)', 'Links for the ticked accounts (CSV)')}</button>`
    : ''
}
</form></section>`;
}
