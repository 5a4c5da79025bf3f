import { msg } from '@lingui/core/macro';
import type { RouteName } from '@salon/shared/contracts/routes';
import { html, type SafeHtml } from '../lib/html';
import { helpers, type PageContext } from './layout';

/** The programme's page (issue 38; not in the route table of spec §2.1). */
export const ADMIN_PROGRAMME_PATH = '/admin/programme';

/** The back-office pages, in the order of the navigation; the administration for administrators only. */
export type BackOfficePage =
  | 'admin'
  | 'promoter'
  | 'promoter.visitors'
  | 'admin.companies'
  | 'admin.stands'
  | 'admin.accounts'
  | 'admin.programme'
  | 'admin.panoramas'
  | 'admin.imports';

/**
 * The one navigation of every back-office page (administration, organiser area, visitors, the event's content,
 * panoramas, imports): the same links in the same order, the current page marked (`aria-current`), above the title's
 * content.
 */
export function backOfficeNav(ctx: PageContext, current: BackOfficePage): SafeHtml {
  const { tr, link } = helpers(ctx);
  const page = (name: RouteName, label: string): [BackOfficePage, string, string] => [name as BackOfficePage, link(name), label];
  const items: [BackOfficePage, string, string][] = [
    ...(ctx.user?.profile === 'administrator' ? [page('admin', tr(msg`Administration`))] : []),
    page('promoter', tr(msg`Organizer area`)),
    page('promoter.visitors', tr(msg`Visitors`)),
    page('admin.companies', tr(msg`Companies`)),
    page('admin.stands', tr(msg`Stands`)),
    page('admin.accounts', tr(msg`Accounts`)),
    ['admin.programme', ADMIN_PROGRAMME_PATH, tr(msg`Programme`)],
    page('admin.panoramas', tr(msg`Panoramas`)),
    page('admin.imports', tr(msg`CSV imports`)),
  ];
  return html`<nav class="back-office" aria-label="${tr(msg`Back office`)}"><ul>
${items.map(([name, href, label]) => (name === current ? html`<li><a href="${href}" aria-current="page"><strong>${label}</strong></a></li>` : html`<li><a href="${href}">${label}</a></li>`))}
</ul></nav>`;
}
