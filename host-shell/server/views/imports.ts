import { backOfficeNav } from './back-office-nav';
import { msg } from '@lingui/core/macro';
import type { PageData } from '@salon/shared/contracts/page-data';
import { html } from '../lib/html';
import { salonMarkup } from '../salon-page/markup';
import { helpers, layout, type PageContext } from './layout';

/**
 * `/admin/imports`: the CSV imports of spec §5, drawn by the `admin-imports` widget (file pickers, the
 * preview with the lines to skip, the progress, the report) mounted through the host-page contract.
 */
export function importsPage(ctx: PageContext, data: PageData, spaUrl: string): string {
  const { tr } = helpers(ctx);
  return layout(
    ctx,
    tr(msg`CSV imports`),
    html`${backOfficeNav(ctx, 'admin.imports')}
<noscript><p class="notice">${tr(msg`Imports need JavaScript.`)}</p></noscript>
${salonMarkup(data, { widgets: ['admin-imports'], loaderSrc: `${spaUrl}/loader.js` })}`,
  );
}
