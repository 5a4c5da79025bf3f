import { msg } from '@lingui/core/macro';
import { LEAD_MAIL_PATH } from '../services/lead-mail';
import { checkbox } from './forms';
import type { PageData } from '@salon/shared/contracts/page-data';
import type { UserRow } from '../db/schema';
import { html } from '../lib/html';
import { encodeId } from '../lib/ids';
import { salonMarkup } from '../salon-page/markup';
import { helpers, layout, type PageContext } from './layout';

/**
 * `/exposant/profil`: the exhibitor's card editor, a widget (`widgets/exhibitor-profile`) mounted through the
 * host-page contract, with the links around it; without JavaScript, the public sheet's address.
 */
export function exhibitorProfileEditor(ctx: PageContext, user: UserRow, data: PageData, spaUrl: string, saved = false): string {
  const { tr, link } = helpers(ctx);
  return layout(
    ctx,
    tr(msg`My exhibitor card`),
    html`<p>${tr(msg`What you write here is what visitors see of you on your stands.`)}
<a href="${link('exhibitor')}">${tr(msg`Back to the exhibitor area`)}</a> ·
<a href="${link('exhibitor.profile', { id_user: encodeId(user.id) })}">${tr(msg`My public sheet`)}</a></p>
${user.hidden ? html`<p class="notice">${tr(msg`Your profile is not published: visitors cannot see you.`)} <a href="${link('profile')}">${tr(msg`Publish it`)}</a></p>` : ''}
<noscript><p class="notice">${tr(msg`Editing your card needs JavaScript.`)}</p></noscript>
${salonMarkup(data, { widgets: ['exhibitor-profile'], loaderSrc: `${spaUrl}/loader.js` })}
<section class="card" id="lead-emails" aria-labelledby="lead-emails-title"><h2 id="lead-emails-title">${tr(msg`E-mail for new contacts`)}</h2>
${saved ? html`<p class="notice success" role="status">${tr(msg`Saved.`)}</p>` : ''}
<form method="post" action="${LEAD_MAIL_PATH}">
${checkbox({ form: 'leads', name: 'lead_emails', label: tr(msg`E-mail me for each new contact on my stands (the e-mail names the stand only)`), checked: user.lead_emails === 1 })}
<button type="submit">${tr(msg`Save`)}</button>
</form></section>`,
  );
}
