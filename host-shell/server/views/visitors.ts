import { backOfficeNav } from './back-office-nav';
import { msg } from '@lingui/core/macro';
import type { ListedVisitor, VisitorSort, VisitorsData } from '@salon/shared/contracts/analytics';
import { html, type SafeHtml } from '../lib/html';
import { helpers, layout, type PageContext } from './layout';

/** `/organisateur/visiteurs`: registered visitors, searchable, sortable, paged, with the CSV of the same search. */
/** The longest search (`VisitorsQuery`'s). */
export const VISITORS_SEARCH_MAX = 100;

/** A parameter of the address the list did not understand, and what it held: its default was used instead. */
export interface VisitorsCorrection {
  param: 'search' | 'sort' | 'page';
  value: string;
}

export function visitorListPage(
  ctx: PageContext,
  list: VisitorsData,
  query: { search: string; sort: VisitorSort },
  corrected: VisitorsCorrection[] = [],
): string {
  const { tr, link } = helpers(ctx);
  const short = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
  const correction = (c: VisitorsCorrection): string =>
    c.param === 'search'
      ? tr(msg`The search is limited to ${VISITORS_SEARCH_MAX} characters: only the first ${VISITORS_SEARCH_MAX} were used.`)
      : c.param === 'sort'
        ? tr(msg`There is no order “${short(c.value)}”: the list is sorted by registration, newest first.`)
        : tr(msg`There is no page “${short(c.value)}”: the first page is shown.`);
  const sorts: [VisitorSort, string][] = [
    ['-created_at', tr(msg`Registration, newest first`)],
    ['created_at', tr(msg`Registration, oldest first`)],
    ['name', tr(msg`Name, A → Z`)],
    ['-name', tr(msg`Name, Z → A`)],
    ['city', tr(msg`City, A → Z`)],
    ['-city', tr(msg`City, Z → A`)],
  ];
  const keep = { ...(query.search ? { search: query.search } : {}), sort: query.sort };
  const pageLink = (page: number) => link('promoter.visitors', {}, { query: { ...keep, page } });
  const csv = `${ctx.origin}/api/users/visitors.csv?${new URLSearchParams(keep).toString()}`;
  const cell = (value: string | null): SafeHtml | string => value ?? html`<span class="muted" title="${tr(msg`Not published`)}">–</span>`;
  const name = (v: ListedVisitor) => [v.firstname, v.lastname].filter(Boolean).join(' ') || null;
  const { page, pages, total } = list;
  return layout(
    ctx,
    tr(msg`Visitors`),
    html`${backOfficeNav(ctx, 'promoter.visitors')}${corrected.map((c) => html`<p class="notice" role="alert">${correction(c)}</p>`)}
<form method="get" action="${link('promoter.visitors')}" class="card" role="search">
<label for="visitors-search">${tr(msg`Search`)}</label>
<input id="visitors-search" name="search" type="search" maxlength="${VISITORS_SEARCH_MAX}" value="${query.search}">
<label for="visitors-sort">${tr(msg`Sort by`)}</label>
<select id="visitors-sort" name="sort">${sorts.map(([value, label]) => (value === query.sort ? html`<option value="${value}" selected>${label}</option>` : html`<option value="${value}">${label}</option>`))}</select>
<button type="submit">${tr(msg`Show`)}</button>
</form>
<p role="status">${query.search ? tr(msg`${total} visitors found for “${query.search}”.`) : tr(msg`${total} registered visitors.`)}
 <a href="${csv}" download>${tr(msg`Download the list (CSV)`)}</a></p>
<p>${tr(msg`Each person shows only with the fields they published; the search and the order use those only.`)}</p>
<div class="table-scroll"><table><thead><tr><th scope="col">${tr(msg`Name`)}</th><th scope="col">${tr(msg`Nickname`)}</th><th scope="col">${tr(msg`Email`)}</th><th scope="col">${tr(msg`Phone`)}</th><th scope="col">${tr(msg`City`)}</th><th scope="col">${tr(msg`Registered on`)}</th></tr></thead>
<tbody>${list.visitors.map(
      (v) =>
        html`<tr><td>${cell(name(v))}</td><td>${cell(v.pseudo)}</td><td>${cell(v.email)}</td><td>${cell(v.mobile)}</td><td>${cell([v.postal_code, v.city].filter(Boolean).join(' ') || null)}</td><td>${v.created_at.slice(0, 10)}</td></tr>`,
    )}</tbody></table></div>
<nav aria-label="${tr(msg`Pages`)}"><p>${page > 1 ? html`<a href="${pageLink(page - 1)}" rel="prev">${tr(msg`Previous`)}</a> ` : ''}${tr(msg`Page ${page} of ${pages}`)}${page < pages ? html` <a href="${pageLink(page + 1)}" rel="next">${tr(msg`Next`)}</a>` : ''}</p></nav>`,
  );
}
