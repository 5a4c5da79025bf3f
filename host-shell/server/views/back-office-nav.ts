import { msg } from '@lingui/core/macro';
import type { RouteName } from '@salon/shared/contracts/routes';
import { html, type SafeHtml } from '../lib/html';
import { helpers, type PageContext } from './layout';

/** The back-office pages, in the order of the navigation; the administration for administrators only. */
export type BackOfficePage =
  'admin' | 'promoter' | 'promoter.visitors' | 'admin.companies' | 'admin.stands' | 'admin.accounts' | 'admin.panoramas' | 'admin.imports';

/**
 * The one navigation of every back-office page (administration, organiser area, visitors, the event's content,
 * panoramas, imports): the same links in the same order, the current page marked (`aria-current`), above the title's
 * content.
 */
export function backOfficeNav(ctx: PageContext, current: BackOfficePage): SafeHtml {
  const { tr, link } = helpers(ctx);
  const items: [RouteName, string][] = [
    ...(ctx.user?.profile === 'administrator' ? [['admin', tr(msg`Administration`)] as [RouteName, string]] : []),
    ['promoter', tr(msg`Organizer area`)],
    ['promoter.visitors', tr(msg`Visitors`)],
    ['admin.companies', tr(msg`Companies`)],
    ['admin.stands', tr(msg`Stands`)],
    ['admin.accounts', tr(msg`Accounts`)],
    ['admin.panoramas', tr(msg`Panoramas`)],
    ['admin.imports', tr(msg`CSV imports`)],
  ];
  return html`<nav class="back-office" aria-label="${tr(msg`Back office`)}"><ul>
${items.map(([name, label]) => (name === current ? html`<li><a href="${link(name)}" aria-current="page"><strong>${label}</strong></a></li>` : html`<li><a href="${link(name)}">${label}</a></li>`))}
</ul></nav>`;
}
