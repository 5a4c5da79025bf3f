import { msg } from '@lingui/core/macro';
import type { AdminAccount } from '@salon/shared/contracts/content';
import type { UserRow } from '../db/schema';
import { html, type SafeHtml } from '../lib/html';
import {
  checkboxes,
  list,
  nav,
  noticeOf,
  removeButton,
  select,
  text,
  textsOf,
  type FormState,
  type Notice,
  type Values,
} from './admin-content';
import { checkbox, field } from './forms';
import { helpers, layout, type PageContext } from './layout';

/* `/admin/comptes`: the exhibitor and promoter accounts, and their sign-in links; see `admin-content.ts`. */

export const accountValues = (a: AdminAccount): Values => ({
  profile: a.profile,
  ...textsOf(a, ['email', 'firstname', 'lastname', 'function', 'function_en', 'visio_link']),
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
${removeButton(ctx, 'admin.accounts', a.id_user, tr(msg`Remove ${nameOf(a)}`), {
  question: a.email ? tr(msg`Delete the account of ${nameOf(a)} (${a.email})?`) : tr(msg`Delete the account of ${nameOf(a)}?`),
  detail: tr(msg`They can no longer log in. An account that holds chats, history or visits is kept.`),
  confirm: tr(msg`Delete the account`),
})}`
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
 * Sign-in links (`services/signin-links.ts`): e-mailed to each person, or downloaded as CSV for the organiser's own
 * mailing tool; for the ticked accounts, or for every account without a password (imported ones too).
 */
function signinLinksSection(ctx: PageContext, accounts: AdminAccount[], nameOf: (a: AdminAccount) => string): SafeHtml {
  const { tr, link } = helpers(ctx);
  const boxes = accounts.map(
    (a) =>
      html`<label class="check" for="links-${a.id_user}"><input id="links-${a.id_user}" type="checkbox" name="ids" value="${a.id_user}">${nameOf(a)}${a.email ? ` (${a.email})` : ''}</label>`,
  );
  return html`<section class="card" id="signin-links" aria-labelledby="signin-links-heading"><h2 id="signin-links-heading">${tr(msg`Sign-in links`)}</h2>
<p>${tr(
    msg`E-mail each person their link, or download the links (CSV: email, firstname, lastname, link) for your own mailing tool. Each link works once, for 14 days: the person chooses their password there and enters logged in. An imported account has no password until then.`,
  )}</p>
<form method="post" action="${link('admin.accounts')}">
<input type="hidden" name="action" value="signin-links">
<button type="submit" name="scope" value="without_password">${tr(msg`Links for every account without a password (CSV)`)}</button>
<button type="submit" name="send" value="without_password">${tr(msg`E-mail their links to every account without a password`)}</button>
${
  boxes.length
    ? html`<fieldset><legend>${tr(msg`Or for these accounts (a new password will replace the current one)`)}</legend>${boxes}</fieldset>
<button type="submit" name="scope" value="selected">${tr(msg`Links for the ticked accounts (CSV)`)}</button>
<button type="submit" name="send" value="selected">${tr(msg`E-mail their links to the ticked accounts`)}</button>`
    : ''
}
</form></section>`;
}
