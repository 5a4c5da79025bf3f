import { msg } from '@lingui/core/macro';
import { html } from '../lib/html';
import { helpers, layout, type PageContext } from './layout';

export function errorPage(ctx: PageContext, status: number, message?: string): string {
  const { tr, link } = helpers(ctx);
  const titles: Record<number, string> = {
    400: tr(msg`Bad request`),
    401: tr(msg`Login required`),
    403: tr(msg`Access denied`),
    404: tr(msg`Page not found`),
    429: tr(msg`Too many requests`),
  };
  const title = titles[status] ?? (status >= 500 ? tr(msg`Something went wrong`) : tr(msg`Request refused`));
  return layout(
    ctx,
    title,
    html`${message ? html`<p class="notice">${message}</p>` : ''}
<p><a href="${link('home')}">${tr(msg`Back to the home page`)}</a> · <a href="${link('room')}">${tr(msg`Enter the fair`)}</a></p>`,
  );
}

export function notFoundPage(ctx: PageContext): string {
  const { tr } = helpers(ctx);
  return errorPage(ctx, 404, tr(msg`This address does not match any page of the fair.`));
}

export function forbiddenPage(ctx: PageContext, reason: 'profile' | 'anonymous'): string {
  const { tr } = helpers(ctx);
  return errorPage(
    ctx,
    403,
    reason === 'anonymous'
      ? tr(msg`This page is for registered accounts. Create an account from the home page.`)
      : tr(msg`Your profile does not give access to this page.`),
  );
}
