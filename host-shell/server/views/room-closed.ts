import { msg } from '@lingui/core/macro';
import { html } from '../lib/html';
import { refusalMessage, type Legitimacy } from '../services/access';
import { helpers, layout, type PageContext } from './layout';

/** What `/salon` shows to a person who may not enter now (`services/access.ts`): when it opens, or what to do. */
export function roomClosedPage(ctx: PageContext, refusal: Exclude<Legitimacy, { legitimate: true }>, timeZone: string): string {
  const { tr, link } = helpers(ctx);
  const message = refusalMessage(refusal, timeZone, ctx.locale);
  const staff = refusal.reason === 'closed' ? html`<p>${tr(msg`Exhibitors and organizers enter at any time once logged in.`)}</p>` : '';
  return layout(
    ctx,
    tr(msg`Welcome to the fair`),
    html`<p class="notice" role="status" id="room-closed">${message}</p>
${staff}<p><a class="button" href="${link('home')}">${tr(msg`Log in`)}</a></p>`,
  );
}
