import type { Selectable } from 'kysely';
import type { ContactRequestsTable, UserRow } from '../db/schema';
import { html, httpUrl, type SafeHtml } from '../lib/html';
import { encodeId } from '../lib/ids';
import type { Counts } from '../services/backoffice';
import type { StandWithCompany } from '../services/stands';
import { fullName, isPublished, parseFieldsParam, profileLabel } from '../services/users';
import { helpers, layout, type PageContext } from './layout';

function standList(ctx: PageContext, stands: StandWithCompany[]): SafeHtml {
  const { tr } = helpers(ctx);
  if (stands.length === 0) return html`<p>${tr('Aucun stand.', 'No stand.')}</p>`;
  return html`<ul>${stands.map(
    ({ stand, company }) => html`<li><strong>${tr(stand.name, stand.name_en)}</strong> – ${company.name}</li>`,
  )}</ul>`;
}

export function exhibitorArea(ctx: PageContext, user: UserRow, stands: StandWithCompany[], leads: SafeHtml = html``): string {
  const { tr, link } = helpers(ctx);
  return layout(
    ctx,
    tr('Espace exposant', 'Exhibitor area'),
    html`${user.hidden ? html`<p class="notice">${tr('Votre profil n’est pas publié : les visiteurs ne vous voient pas.', 'Your profile is not published: visitors cannot see you.')} <a href="${link('profile')}">${tr('Le publier', 'Publish it')}</a></p>` : ''}
<div class="cards">
<section class="card"><h2>${tr('Mes stands', 'My stands')}</h2>${standList(ctx, stands)}
<a class="button" href="${link('room')}">${tr('Entrer dans le salon', 'Enter the fair')}</a></section>
<section class="card"><h2>${tr('Ma disponibilité', 'My availability')}</h2>
<p>${user.availability ? tr('Vous êtes affiché comme disponible.', 'You are shown as available.') : tr('Vous êtes affiché comme indisponible.', 'You are shown as unavailable.')}</p>
<p>${tr('Changez-la depuis le fil d’activité, dans le salon.', 'Change it from the activity stream, in the fair.')}</p></section>
<section class="card"><h2>${tr('Mon profil', 'My profile')}</h2>
<p><a href="${link('exhibitor.profile.me')}">${tr('Modifier ma fiche exposant', 'Edit my exhibitor card')}</a></p>
<p><a href="${link('profile')}">${tr('Modifier mes informations', 'Edit my details')}</a></p></section>
</div>
${leads}`,
  );
}

/** An exhibitor's public sheet; each contact detail respects its publication flag (spec §5). */
export function exhibitorProfilePage(ctx: PageContext, exhibitor: UserRow, stands: StandWithCompany[], own: boolean): string {
  const { tr, link } = helpers(ctx);
  const fp = parseFieldsParam(exhibitor.fields_param);
  const show = (field: string, value: string | null) => (isPublished(fp, field, value) ? value : null);
  const first = show('firstname', exhibitor.firstname);
  const last = show('lastname', exhibitor.lastname);
  const name = fullName({ firstname: first, lastname: last }) || exhibitor.pseudo || profileLabel(exhibitor, ctx.locale);
  const linkedin = httpUrl(show('linkedin', exhibitor.linkedin));
  const visio = httpUrl(show('visio_link', exhibitor.visio_link));
  const details: [string, SafeHtml | string | null][] = [
    [tr('Fonction', 'Position'), tr(exhibitor.function ?? '', exhibitor.function_en ?? exhibitor.function ?? '') || null],
    [tr('Entreprise', 'Company'), stands[0]?.company.name ?? null],
    [tr('E-mail', 'Email'), show('contact_email', exhibitor.contact_email)],
    [tr('Téléphone', 'Phone'), show('mobile', exhibitor.mobile)],
    [tr('Ville', 'City'), show('city', exhibitor.city)],
    ['LinkedIn', linkedin ? html`<a href="${linkedin}" rel="noopener noreferrer" target="_blank">${linkedin}</a>` : null],
    [tr('Visio', 'Video call'), visio ? html`<a href="${visio}" rel="noopener noreferrer" target="_blank">${tr('Rejoindre', 'Join')}</a>` : null],
  ];
  return layout(
    ctx,
    name,
    html`${own && exhibitor.hidden ? html`<p class="notice">${tr('Votre profil n’est pas publié : seul vous voyez cette fiche.', 'Your profile is not published: only you can see this sheet.')} <a href="${link('profile')}">${tr('Le publier', 'Publish it')}</a></p>` : ''}
<article class="card">
${exhibitor.picture_path ? html`<img class="avatar" src="${new URL(exhibitor.picture_path, ctx.origin).toString()}" alt="" width="96" height="96">` : ''}
<p>${tr(exhibitor.presentation ?? '', exhibitor.presentation_en ?? exhibitor.presentation ?? '')}</p>
<dl>${details.filter(([, value]) => value).map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>
<h2>${tr('Stands', 'Stands')}</h2>${standList(ctx, stands)}
${own ? html`<p><a href="${link('exhibitor.profile', { id_user: encodeId(exhibitor.id) })}">${tr('Adresse publique de cette fiche', 'Public address of this sheet')}</a></p>` : ''}
</article>`,
  );
}

/** The event's content pages (issue 13 item 2), for administrators and promoters. */
function contentLinks(ctx: PageContext): SafeHtml {
  const { tr, link } = helpers(ctx);
  return html`<section class="card" aria-labelledby="content-heading"><h2 id="content-heading">${tr('Contenu du salon', 'Fair content')}</h2><ul>
<li><a href="${link('admin.companies')}">${tr('Entreprises', 'Companies')}</a></li>
<li><a href="${link('admin.stands')}">${tr('Stands', 'Stands')}</a></li>
<li><a href="${link('admin.accounts')}">${tr('Comptes exposants et organisateurs', 'Exhibitor and organizer accounts')}</a></li>
<li><a href="${link('admin.panoramas')}">${tr('Panoramas de la salle', 'Room panoramas')}</a></li>
<li><a href="${link('admin.imports')}">${tr('Imports CSV (utilisateurs, liens visio)', 'CSV imports (users, video links)')}</a></li>
</ul></section>`;
}

function countCards(ctx: PageContext, c: Counts): SafeHtml {
  const { tr } = helpers(ctx);
  const rows: [string, number][] = [
    [tr('Visiteurs inscrits', 'Registered visitors'), c.byProfile.visitor],
    [tr('Visiteurs anonymes', 'Anonymous visitors'), c.anonymous],
    [tr('Exposants', 'Exhibitors'), c.byProfile.exhibitor],
    [tr('Stands', 'Stands'), c.stands],
    [tr('Entreprises', 'Companies'), c.companies],
    [tr('Demandes de contact', 'Contact requests'), c.contactRequests],
    [tr('Notifications', 'Notifications'), c.notifications],
  ];
  return html`<table><tbody>${rows.map(([label, n]) => html`<tr><th scope="row">${label}</th><td>${n}</td></tr>`)}</tbody></table>`;
}

export function promoterArea(ctx: PageContext, c: Counts, requests: Selectable<ContactRequestsTable>[], news: SafeHtml | '' = ''): string {
  const { tr, link } = helpers(ctx);
  return layout(
    ctx,
    tr('Espace organisateur', 'Organizer area'),
    html`<div class="cards"><section class="card"><h2>${tr('Chiffres du salon', 'Fair figures')}</h2>${countCards(ctx, c)}
<p><a href="${link('promoter.visitors')}">${tr('Liste des visiteurs', 'Visitor list')}</a></p></section>
${contentLinks(ctx)}
<section class="card"><h2>${tr('Derniers messages', 'Latest messages')}</h2>
${requests.length === 0 ? html`<p>${tr('Aucun message.', 'No message.')}</p>` : html`<ul>${requests.map((r) => html`<li><strong>${r.subject === 'question' ? tr('Question', 'Question') : tr('Données', 'Data')}</strong> – ${r.email ?? ''}<br>${r.message}</li>`)}</ul>`}
</section></div>
${news}`,
  );
}

/** The administrator's area: the figures, then the live stream switch, the salon's settings (`views/admin-settings.ts`) and the change log (`views/audit.ts`). */
export function adminArea(ctx: PageContext, c: Counts, stream: SafeHtml, settings: SafeHtml, audit: SafeHtml | '' = ''): string {
  const { tr, link } = helpers(ctx);
  return layout(
    ctx,
    tr('Administration', 'Administration'),
    html`<div class="cards"><section class="card"><h2>${tr('Chiffres', 'Figures')}</h2>${countCards(ctx, c)}
<p><a href="${link('promoter')}">${tr('Espace organisateur', 'Organizer area')}</a></p></section>
${contentLinks(ctx)}
${stream}</div>
${settings}
${audit}`,
  );
}
