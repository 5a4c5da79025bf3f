import { msg } from '@lingui/core/macro';
import { html } from '../lib/html';
import { field } from './forms';
import { helpers, layout, type PageContext } from './layout';

/** `/connexion/oubli`: the address to send the link to, or the one answer given whatever the address. */
export interface ResetPageState {
  action: string;
  email?: string;
  error?: string;
  alert?: string;
  sent?: true;
}

export function passwordResetPage(ctx: PageContext, state: ResetPageState): string {
  const { tr, link } = helpers(ctx);
  const title = tr(msg`Forgot your password?`);
  if (state.sent)
    return layout(
      ctx,
      title,
      html`<p class="notice success" role="status">${tr(
        msg`If an account uses this address, an e-mail is on its way with a link to choose a new password. The link works once, for one hour.`,
      )}</p>
<p><a href="${link('home')}">${tr(msg`Log in`)}</a></p>`,
    );
  return layout(
    ctx,
    title,
    html`<section class="card" aria-labelledby="reset-title"><h2 id="reset-title">${tr(msg`Choose a new password`)}</h2>
<p>${tr(msg`Give the e-mail address of your account: we send it a link to choose a new password.`)}</p>
${state.alert ? html`<p class="notice" role="alert">${state.alert}</p>` : ''}
<form method="post" action="${state.action}" novalidate>
${field({ form: 'reset', name: 'email', type: 'email', label: tr(msg`Email address`), value: state.email, autocomplete: 'username', required: true, ...(state.error ? { error: state.error } : {}) })}
<button type="submit">${tr(msg`Send me a link`)}</button>
</form></section>`,
  );
}
