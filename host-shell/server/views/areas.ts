import { msg } from '@lingui/core/macro';
import { ADMIN_MAIL_PATH } from './admin-mail';
import { ADMIN_PROGRAMME_PATH, backOfficeNav } from './back-office-nav';
import { ADMIN_ACCESS_PATH } from './admin-access';
import type { Selectable } from 'kysely';
import type { ContactRequestsTable, UserRow } from '../db/schema';
import { html, httpUrl, type SafeHtml } from '../lib/html';
import { encodeId } from '../lib/ids';
import type { Counts } from '../services/backoffice';
import type { StandWithCompany } from '../services/stands';
import { fullName, isPublished, parseFieldsParam, profileLabel } from '../services/users';
import { helpers, layout, type PageContext } from './layout';

function standList(ctx: PageContext, stands: StandWithCompany[]): SafeHtml {
  const { tr, local } = helpers(ctx);
  if (stands.length === 0) return html`<p>${tr(msg`No stand.`)}</p>`;
  return html`<ul>${stands.map(
    ({ stand, company }) => html`<li><strong>${local(stand.name, stand.name_en)}</strong> – ${company.name}</li>`,
  )}</ul>`;
}

export function exhibitorArea(ctx: PageContext, user: UserRow, stands: StandWithCompany[], leads: SafeHtml = html``): string {
  const { tr, link } = helpers(ctx);
  return layout(
    ctx,
    tr(msg`Exhibitor area`),
    html`${user.hidden ? html`<p class="notice">${tr(msg`Your profile is not published: visitors cannot see you.`)} <a href="${link('profile')}">${tr(msg`Publish it`)}</a></p>` : ''}
<div class="cards">
<section class="card"><h2>${tr(msg`My stands`)}</h2>${standList(ctx, stands)}
<a class="button" href="${link('room')}">${tr(msg`Enter the fair`)}</a></section>
<section class="card"><h2>${tr(msg`My availability`)}</h2>
<p>${user.availability ? tr(msg`You are shown as available.`) : tr(msg`You are shown as unavailable.`)}</p>
<p>${tr(msg`Change it from the activity stream, in the fair.`)}</p></section>
<section class="card"><h2>${tr(msg`My profile`)}</h2>
<p><a href="${link('exhibitor.profile.me')}">${tr(msg`Edit my exhibitor card`)}</a></p>
<p><a href="${link('profile')}">${tr(msg`Edit my details`)}</a></p></section>
</div>
${leads}`,
  );
}

/** An exhibitor's public sheet; each contact detail respects its publication flag (spec §5). */
export function exhibitorProfilePage(ctx: PageContext, exhibitor: UserRow, stands: StandWithCompany[], own: boolean): string {
  const { tr, local, link } = helpers(ctx);
  const fp = parseFieldsParam(exhibitor.fields_param);
  const show = (field: string, value: string | null) => (isPublished(fp, field, value) ? value : null);
  const first = show('firstname', exhibitor.firstname);
  const last = show('lastname', exhibitor.lastname);
  const name = fullName({ firstname: first, lastname: last }) || exhibitor.pseudo || profileLabel(exhibitor, ctx.locale);
  const linkedin = httpUrl(show('linkedin', exhibitor.linkedin));
  const visio = httpUrl(show('visio_link', exhibitor.visio_link));
  const details: [string, SafeHtml | string | null][] = [
    [tr(msg`Position`), local(exhibitor.function ?? '', exhibitor.function_en ?? exhibitor.function ?? '') || null],
    [tr(msg`Company`), stands[0]?.company.name ?? null],
    [tr(msg`Email`), show('contact_email', exhibitor.contact_email)],
    [tr(msg`Phone`), show('mobile', exhibitor.mobile)],
    [tr(msg`City`), show('city', exhibitor.city)],
    ['LinkedIn', linkedin ? html`<a href="${linkedin}" rel="noopener noreferrer" target="_blank">${linkedin}</a>` : null],
    [tr(msg`Video call`), visio ? html`<a href="${visio}" rel="noopener noreferrer" target="_blank">${tr(msg`Join`)}</a>` : null],
  ];
  return layout(
    ctx,
    name,
    html`${own && exhibitor.hidden ? html`<p class="notice">${tr(msg`Your profile is not published: only you can see this sheet.`)} <a href="${link('profile')}">${tr(msg`Publish it`)}</a></p>` : ''}
<article class="card">
${exhibitor.picture_path ? html`<img class="avatar" src="${new URL(exhibitor.picture_path, ctx.origin).toString()}" alt="" width="96" height="96">` : ''}
<p>${local(exhibitor.presentation ?? '', exhibitor.presentation_en ?? exhibitor.presentation ?? '')}</p>
<dl>${details.filter(([, value]) => value).map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>
<h2>${tr(msg`Stands`)}</h2>${standList(ctx, stands)}
${own ? html`<p><a href="${link('exhibitor.profile', { id_user: encodeId(exhibitor.id) })}">${tr(msg`Public address of this sheet`)}</a></p>` : ''}
</article>`,
  );
}

/** The event's content pages, for administrators and promoters. */
function contentLinks(ctx: PageContext): SafeHtml {
  const { tr, link } = helpers(ctx);
  return html`<section class="card" aria-labelledby="content-heading"><h2 id="content-heading">${tr(msg`Fair content`)}</h2><ul>
<li><a href="${link('admin.companies')}">${tr(msg`Companies`)}</a></li>
<li><a href="${link('admin.stands')}">${tr(msg`Stands`)}</a></li>
<li><a href="${link('admin.accounts')}">${tr(msg`Exhibitor and organizer accounts`)}</a></li>
<li><a href="${ADMIN_PROGRAMME_PATH}">${tr(msg`Programme of talks`)}</a></li>
<li><a href="${link('admin.panoramas')}">${tr(msg`Room panoramas`)}</a></li>
<li><a href="${link('admin.imports')}">${tr(msg`CSV imports (users, video links)`)}</a></li>
</ul></section>`;
}

function countCards(ctx: PageContext, c: Counts): SafeHtml {
  const { tr } = helpers(ctx);
  const rows: [string, number][] = [
    [tr(msg`Registered visitors`), c.byProfile.visitor],
    [tr(msg`Anonymous visitors`), c.anonymous],
    [tr(msg`Exhibitors`), c.byProfile.exhibitor],
    [tr(msg`Stands`), c.stands],
    [tr(msg`Companies`), c.companies],
    [tr(msg`Contact requests`), c.contactRequests],
    [tr(msg`Notifications`), c.notifications],
  ];
  return html`<table><tbody>${rows.map(([label, n]) => html`<tr><th scope="row">${label}</th><td>${n}</td></tr>`)}</tbody></table>`;
}

export function promoterArea(ctx: PageContext, c: Counts, requests: Selectable<ContactRequestsTable>[], news: SafeHtml | '' = ''): string {
  const { tr, link } = helpers(ctx);
  return layout(
    ctx,
    tr(msg`Organizer area`),
    html`${backOfficeNav(ctx, 'promoter')}<div class="cards"><section class="card"><h2>${tr(msg`Fair figures`)}</h2>${countCards(ctx, c)}
<p><a href="${link('promoter.visitors')}">${tr(msg`Visitor list`)}</a></p></section>
${contentLinks(ctx)}
<section class="card"><h2>${tr(msg`Latest messages`)}</h2>
${requests.length === 0 ? html`<p>${tr(msg`No message.`)}</p>` : html`<ul>${requests.map((r) => html`<li><strong>${r.subject === 'question' ? tr(msg`Question`) : tr(msg`Data`)}</strong> – ${r.email ?? ''}<br>${r.message}</li>`)}</ul>`}
</section></div>
${news}`,
  );
}

/** The administrator's area: the figures, then the live stream switch, the salon's settings (`views/admin-settings.ts`) and the change log (`views/audit.ts`). */
export function adminArea(ctx: PageContext, c: Counts, stream: SafeHtml, settings: SafeHtml, audit: SafeHtml | '' = ''): string {
  const { tr, link } = helpers(ctx);
  return layout(
    ctx,
    tr(msg`Administration`),
    html`${backOfficeNav(ctx, 'admin')}<div class="cards"><section class="card"><h2>${tr(msg`Figures`)}</h2>${countCards(ctx, c)}
<p><a href="${link('promoter')}">${tr(msg`Organizer area`)}</a></p>
<p><a href="${ADMIN_MAIL_PATH}">${tr(msg`E-mails`)}</a> · <a href="${ADMIN_ACCESS_PATH}">${tr(msg`Opening hours and access`)}</a></p></section>
${contentLinks(ctx)}
${stream}</div>
${settings}
${audit}`,
  );
}
