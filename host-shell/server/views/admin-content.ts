import type { RouteName } from '@salon/shared/contracts/routes';
import { html, type SafeHtml } from '../lib/html';
import { backOfficeNav } from './back-office-nav';
import { confirmDeletion } from './confirm';
import { helpers, type PageContext } from './layout';

/*
 * What the organisers' pages of the event's content share: `/admin/entreprises`
 * (`admin-companies.ts`), `/admin/stands` (`admin-stands.ts`), `/admin/comptes` (`admin-accounts.ts`). Each lists
 * its items (edit link, remove button) and shows one form: a new item, or the item of `?edit=<id>`. Errors are shown
 * next to their fields; every stored text is escaped by the `html` tag.
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

export const text = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
export const list = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v ? [v] : []);

/** A form's values from a stored item: each named text as it is, a missing one (null) as ''. */
export const textsOf = (item: object, names: readonly string[]): Values =>
  Object.fromEntries(
    names.map((name) => {
      const value = (item as Record<string, unknown>)[name];
      return [name, typeof value === 'string' ? value : ''];
    }),
  );

/** The content pages' navigation: the back office's one (`views/back-office-nav.ts`). */
export const nav = (ctx: PageContext, current: 'admin.companies' | 'admin.stands' | 'admin.accounts'): SafeHtml =>
  backOfficeNav(ctx, current);

export const noticeOf = (notice: Notice | undefined): SafeHtml | '' =>
  notice
    ? notice.kind === 'success'
      ? html`<p class="notice success" role="status">${notice.text}</p>`
      : html`<p class="notice" role="alert">${notice.text}</p>`
    : '';

export function textarea(form: string, name: string, label: string, value: string, error?: string): SafeHtml {
  const id = `${form}-${name}`;
  return html`<label for="${id}">${label}</label>
<textarea id="${id}" name="${name}" rows="4"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${value}</textarea>
${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}`;
}

export function select(
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

export function checkboxes(
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

/**
 * A row's removal: the button opens the page's own dialog, which names what will be deleted (`question`) and posts
 * `action=remove` once confirmed (`confirm`, the confirming button's text).
 */
export function removeButton(
  ctx: PageContext,
  route: RouteName,
  id: string,
  label: string,
  texts: { question: string; detail?: string; confirm: string },
): SafeHtml {
  const { link } = helpers(ctx);
  return confirmDeletion(ctx, { id: `${route}-${id}`, label, ...texts, action: link(route), fields: { action: 'remove', id } });
}
