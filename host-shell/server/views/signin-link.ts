import { msg } from '@lingui/core/macro';
import { html } from '../lib/html';
import { RESET_PATH } from '../services/password-reset';
import { field } from './forms';
import { helpers, layout, type PageContext } from './layout';

/** What `/connexion/lien/{token}` shows: the password form of a valid link, or why the link no longer opens. */
export type SigninLinkState =
  | { kind: 'form'; action: string; email: string; firstname: string | null; error?: string; alert?: string; reset?: boolean }
  | { kind: 'used' | 'expired' | 'unknown' };

export function signinLinkPage(ctx: PageContext, state: SigninLinkState): string {
  const { tr, link } = helpers(ctx);
  if (state.kind !== 'form') {
    const reason =
      state.kind === 'used'
        ? tr(msg`This sign-in link has already been used: it works only once.`)
        : state.kind === 'expired'
          ? tr(msg`This sign-in link has expired.`)
          : tr(msg`This sign-in link is not valid.`);
    return layout(
      ctx,
      tr(msg`Sign-in link`),
      html`<p class="notice" role="alert">${reason}</p>
<section class="card" aria-labelledby="link-title"><h2 id="link-title">${tr(msg`What to do`)}</h2>
<p>${tr(msg`Ask the fair’s organizer for a new link. If you have already chosen a password, log in with your email address.`)}</p>
<p>${tr(msg`Forgot your password?`)} <a href="${RESET_PATH}">${tr(msg`Ask for a new link`)}</a></p>
<p><a class="button" href="${link('contact')}">${tr(msg({ message: 'Contact the organizer', context: 'a sign-in link that no longer works' }))}</a> <a href="${link('home')}">${tr(msg`Log in`)}</a></p></section>`,
    );
  }
  const title = state.reset ? tr(msg`Choose a new password`) : tr(msg`Choose your password`);
  const greeting = state.firstname ? tr(msg`Welcome, ${state.firstname}!`) : tr(msg`Welcome!`);
  return layout(
    ctx,
    title,
    html`<section class="card" aria-labelledby="link-title"><h2 id="link-title">${tr(msg`Your account`)}</h2>
<p>${greeting} ${tr(
      msg`Choose the password of your account: you will be logged in at once, and then use it with your email address. This link works only once.`,
    )}</p>
${state.alert ? html`<p class="notice" role="alert">${state.alert}</p>` : ''}
<form method="post" action="${state.action}" novalidate>
<p>${tr(msg`Your login:`)} <strong id="link-email">${state.email}</strong></p>
<input type="hidden" name="username" autocomplete="username" value="${state.email}">
${field({ form: 'link', name: 'password', type: 'password', label: tr(msg`Password (at least 8 characters)`), autocomplete: 'new-password', required: true, ...(state.error ? { error: state.error } : {}) })}
<button type="submit">${tr(msg`Save and enter`)}</button>
</form></section>`,
  );
}
