import { msg } from '@lingui/core/macro';
import { html } from '../lib/html';
import { displayName, homeRouteName } from '../services/users';
import { RESET_PATH } from '../services/password-reset';
import { field } from './forms';
import { helpers, layout, type PageContext } from './layout';

export interface HomeState {
  login?: { email?: string; error?: string };
  register?: { values?: Record<string, string>; errors?: Record<string, string>; error?: string };
  /** Form action of the registration form (not a named route yet). */
  registerAction: string;
  /** The place in the room both forms return to (`retour`, checked by `roomReturnPath`). */
  returnTo?: string;
}

export function homePage(ctx: PageContext, state: HomeState): string {
  const { tr, link } = helpers(ctx);
  const user = ctx.user;
  const values = state.register?.values ?? {};
  const errors = state.register?.errors ?? {};
  const returnField = state.returnTo
    ? html`<input type="hidden" name="retour" value="${state.returnTo}">
`
    : '';
  const loggedIn =
    user && user.anonymous === 0
      ? html`<p class="notice success">${tr(msg`You are logged in as`)} <strong>${displayName(user, ctx.locale)}</strong>.
<a href="${link(homeRouteName(user.profile))}">${tr(msg`Continue`)}</a></p>`
      : '';
  return layout(
    ctx,
    tr(msg`Welcome to the fair`),
    html`${loggedIn}<div class="cards">
<section class="card" aria-labelledby="login-title">
<h2 id="login-title">${tr(msg`Log in`)}</h2>
${state.login?.error ? html`<p class="notice" role="alert">${state.login.error}</p>` : ''}
<form method="post" action="${link('login')}">
${returnField}${field({ form: 'login', name: 'email', type: 'email', label: tr(msg`Email address`), value: state.login?.email, autocomplete: 'username', required: true })}
${field({ form: 'login', name: 'password', type: 'password', label: tr(msg`Password`), autocomplete: 'current-password', required: true })}
<button type="submit">${tr(msg`Log in`)}</button>
</form>
<p><a href="${RESET_PATH}">${tr(msg`Forgot your password?`)}</a></p>
</section>
<section class="card" aria-labelledby="register-title">
<h2 id="register-title">${tr(msg`Create a visitor account`)}</h2>
${state.register?.error ? html`<p class="notice" role="alert">${state.register.error}</p>` : ''}
<form method="post" action="${state.registerAction}" novalidate>
${returnField}${field({ form: 'register', name: 'email', type: 'email', label: tr(msg`Email address`), value: values.email, error: errors.email, autocomplete: 'email', required: true })}
${field({ form: 'register', name: 'password', type: 'password', label: tr(msg`Password (at least 8 characters)`), error: errors.password, autocomplete: 'new-password', required: true })}
${field({ form: 'register', name: 'firstname', label: tr(msg`First name`), value: values.firstname, error: errors.firstname, autocomplete: 'given-name', required: true })}
${field({ form: 'register', name: 'lastname', label: tr(msg`Last name`), value: values.lastname, error: errors.lastname, autocomplete: 'family-name', required: true })}
<button type="submit">${tr(msg`Create my account`)}</button>
</form>
</section>
<section class="card" aria-labelledby="anonymous-title">
<h2 id="anonymous-title">${tr(msg`Visit without an account`)}</h2>
<p>${tr(msg`Enter the fair anonymously: you can create an account later without losing your visit.`)}</p>
<a class="button" href="${link('room')}">${tr(msg`Enter anonymously`)}</a>
</section>
</div>`,
  );
}
