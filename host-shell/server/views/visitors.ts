import type { ListedVisitor, VisitorSort, VisitorsData } from '@salon/shared/contracts/analytics';
import { html, type SafeHtml } from '../lib/html';
import { helpers, layout, type PageContext } from './layout';

/** `/organisateur/visiteurs`: registered visitors, searchable, sortable, paged, with the CSV of the same search. */
export function visitorListPage(ctx: PageContext, list: VisitorsData, query: { search: string; sort: VisitorSort }): string {
  const { tr, link } = helpers(ctx);
  const sorts: [VisitorSort, string][] = [
    ['-created_at', tr('Inscription, plus récente d’abord', 'Registration, newest first')],
    ['created_at', tr('Inscription, plus ancienne d’abord', 'Registration, oldest first')],
    ['name', tr('Nom, A → Z', 'Name, A → Z')],
    ['-name', tr('Nom, Z → A', 'Name, Z → A')],
    ['city', tr('Ville, A → Z', 'City, A → Z')],
    ['-city', tr('Ville, Z → A', 'City, Z → A')],
  ];
  const keep = { ...(query.search ? { search: query.search } : {}), sort: query.sort };
  const pageLink = (page: number) => link('promoter.visitors', {}, { query: { ...keep, page } });
  const csv = `${ctx.origin}/api/users/visitors.csv?${new URLSearchParams(keep).toString()}`;
  const cell = (value: string | null): SafeHtml | string => value ?? html`<span class="muted" title="${tr('Non publié', 'Not published')}">–</span>`;
  const name = (v: ListedVisitor) => [v.firstname, v.lastname].filter(Boolean).join(' ') || null;
  const { page, pages, total } = list;
  return layout(
    ctx,
    tr('Visiteurs', 'Visitors'),
    html`<form method="get" action="${link('promoter.visitors')}" class="card" role="search">
<label for="visitors-search">${tr('Rechercher', 'Search')}</label>
<input id="visitors-search" name="search" type="search" maxlength="100" value="${query.search}">
<label for="visitors-sort">${tr('Trier par', 'Sort by')}</label>
<select id="visitors-sort" name="sort">${sorts.map(([value, label]) => (value === query.sort ? html`<option value="${value}" selected>${label}</option>` : html`<option value="${value}">${label}</option>`))}</select>
<button type="submit">${tr('Afficher', 'Show')}</button>
</form>
<p role="status">${query.search ? tr(`${total} visiteurs trouvés pour « ${query.search} ».`, `${total} visitors found for “${query.search}”.`) : tr(`${total} visiteurs inscrits.`, `${total} registered visitors.`)}
 <a href="${csv}" download>${tr('Télécharger la liste (CSV)', 'Download the list (CSV)')}</a></p>
<p>${tr('Chaque personne n’apparaît qu’avec les champs qu’elle a publiés ; la recherche et le tri n’utilisent que ceux-là.', 'Each person shows only with the fields they published; the search and the order use those only.')}</p>
<div class="table-scroll"><table><thead><tr><th scope="col">${tr('Nom', 'Name')}</th><th scope="col">${tr('Pseudo', 'Nickname')}</th><th scope="col">${tr('E-mail', 'Email')}</th><th scope="col">${tr('Téléphone', 'Phone')}</th><th scope="col">${tr('Ville', 'City')}</th><th scope="col">${tr('Inscrit le', 'Registered on')}</th></tr></thead>
<tbody>${list.visitors.map(
      (v) =>
        html`<tr><td>${cell(name(v))}</td><td>${cell(v.pseudo)}</td><td>${cell(v.email)}</td><td>${cell(v.mobile)}</td><td>${cell([v.postal_code, v.city].filter(Boolean).join(' ') || null)}</td><td>${v.created_at.slice(0, 10)}</td></tr>`,
    )}</tbody></table></div>
<nav aria-label="${tr('Pages', 'Pages')}"><p>${page > 1 ? html`<a href="${pageLink(page - 1)}" rel="prev">${tr('Précédente', 'Previous')}</a> ` : ''}${tr(`Page ${page} sur ${pages}`, `Page ${page} of ${pages}`)}${page < pages ? html` <a href="${pageLink(page + 1)}" rel="next">${tr('Suivante', 'Next')}</a>` : ''}</p></nav>`,
  );
}
