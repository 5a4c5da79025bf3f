import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction, AuditData } from '@salon/shared/contracts/backoffice';
import { html, type SafeHtml } from '../lib/html';
import { compact } from '../services/audit';
import { helpers, type PageContext } from './layout';

const ACTIONS: Record<AuditAction, MessageDescriptor> = {
  'parameters.update': msg`Parameters changed`,
  'features.update': msg`Features changed`,
  'stream.update': msg`Live stream changed`,
  'notification.send': msg`Notification sent`,
  'notification.update': msg`Notification corrected`,
  'notification.remove': msg`Notification deleted`,
  'availability.update': msg`Exhibitor availability changed`,
  'panorama.update': msg`Panorama replaced by an image`,
  'panorama.remove': msg`Panorama image removed`,
  'users.import': msg`Users import (CSV)`,
  'visio_links.import': msg`Video links import (CSV)`,
  'company.create': msg`Company created`,
  'company.update': msg`Company changed`,
  'company.remove': msg`Company removed`,
  'stand.create': msg`Stand created`,
  'stand.update': msg`Stand changed`,
  'stand.remove': msg`Stand removed`,
  'account.create': msg`Account created`,
  'account.update': msg`Account changed`,
  'account.remove': msg`Account removed`,
  'signin_links.create': msg`Sign-in links created`,
  'talk.create': msg`Talk added to the programme`,
  'talk.update': msg`Talk changed`,
  'talk.remove': msg`Talk removed from the programme`,
  'access.update': msg`Opening hours and access changed`,
  'emailing.send': msg`E-mailing sent`,
};

/** "2026-11-25 14:05:09 UTC" from an ISO 8601 UTC timestamp. */
const when = (iso: string): string => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/**
 * `/admin`'s change log: the latest changes by administrators and promoters, newest first, paged with
 * `?audit_page=`. Every stored text (names, e-mails, values) is escaped by `html`.
 */
export function auditSection(ctx: PageContext, log: AuditData): SafeHtml {
  const { tr, link } = helpers(ctx);
  const page = (n: number) => link('admin', {}, { query: { audit_page: n }, hash: 'audit' });
  const rows = log.entries.map((e) => {
    const action = ACTIONS[e.action];
    return html`<tr><td><time datetime="${e.at}">${when(e.at)}</time></td><td>${e.actor.name}${e.actor.email ? html`<br>${e.actor.email}` : ''}</td><td>${action ? tr(action) : e.action}${e.target ? html`<br>${e.target}` : ''}</td><td>${compact(e.before)} → ${compact(e.after)}</td></tr>`;
  });
  return html`<section class="card" id="audit"><h2>${tr(msg`Change log`)}</h2>
${
  log.entries.length === 0
    ? html`<p>${tr(msg`No change recorded.`)}</p>`
    : html`<div class="table-scroll"><table><thead><tr><th>${tr(msg`When`)}</th><th>${tr(msg`Who`)}</th><th>${tr(msg`What`)}</th><th>${tr(msg`Before → after`)}</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
<nav aria-label="${tr(msg`Change log pages`)}"><p>${log.page > 1 ? html`<a href="${page(log.page - 1)}">${tr(msg`Newer`)}</a> ` : ''}${tr(msg`Page ${log.page} of ${log.pages}`)}${log.page < log.pages ? html` <a href="${page(log.page + 1)}">${tr(msg`Older`)}</a>` : ''}</p></nav>
</section>`;
}
