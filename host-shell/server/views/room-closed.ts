import { msg } from '@lingui/core/macro';
import { html } from '../lib/html';
import type { Legitimacy } from '../services/access';
import { helpers, layout, type PageContext } from './layout';

/** What `/salon` shows to a person who may not enter now (`services/access.ts`): when it opens, or what to do. */
export function roomClosedPage(ctx: PageContext, refusal: Exclude<Legitimacy, { legitimate: true }>, timeZone: string): string {
  const { tr, link } = helpers(ctx);
  const lang = ctx.locale === 'fr_FR' ? 'fr-FR' : 'en-GB';
  let message: string;
  if (refusal.reason === 'closed' && refusal.opens_at) {
    const at = new Date(refusal.opens_at);
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone }).format(at);
    const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone }).format(at);
    message = tr(msg`The salon opens on ${date} at ${time}.`);
  } else if (refusal.reason === 'closed') message = tr(msg`The salon is closed.`);
  else if (refusal.reason === 'login_required') message = tr(msg`The salon is open to registered visitors: log in to enter.`);
  else message = tr(msg`The salon is open to invited guests only.`);
  const staff = refusal.reason === 'closed' ? html`<p>${tr(msg`Exhibitors and organizers enter at any time once logged in.`)}</p>` : '';
  return layout(
    ctx,
    tr(msg`Welcome to the fair`),
    html`<p class="notice" role="status" id="room-closed">${message}</p>
${staff}<p><a class="button" href="${link('home')}">${tr(msg`Log in`)}</a></p>`,
  );
}
