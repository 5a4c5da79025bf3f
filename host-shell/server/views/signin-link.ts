import { html } from '../lib/html';
import { field } from './forms';
import { helpers, layout, type PageContext } from './layout';

/** What `/connexion/lien/{token}` shows: the password form of a valid link, or why the link no longer opens. */
export type SigninLinkState =
  | { kind: 'form'; action: string; email: string; firstname: string | null; error?: string; alert?: string }
  | { kind: 'used' | 'expired' | 'unknown' };

export function signinLinkPage(ctx: PageContext, state: SigninLinkState): string {
  const { tr, link } = helpers(ctx);
  const title = tr('Choisir votre mot de passe', 'Choose your password');
  if (state.kind !== 'form') {
    const reason =
      state.kind === 'used'
        ? tr('Ce lien de connexion a déjà servi : il ne fonctionne qu’une fois.', 'This sign-in link has already been used: it works only once.')
        : state.kind === 'expired'
          ? tr('Ce lien de connexion a expiré.', 'This sign-in link has expired.')
          : tr('Ce lien de connexion n’est pas valide.', 'This sign-in link is not valid.');
    return layout(
      ctx,
      tr('Lien de connexion', 'Sign-in link'),
      html`<p class="notice" role="alert">${reason}</p>
<section class="card" aria-labelledby="link-title"><h2 id="link-title">${tr('Que faire ?', 'What to do')}</h2>
<p>${tr(
        'Demandez un nouveau lien à l’organisateur du salon. Si vous avez déjà choisi un mot de passe, connectez-vous avec votre adresse e-mail.',
        'Ask the fair’s organizer for a new link. If you have already chosen a password, log in with your email address.',
      )}</p>
<p><a class="button" href="${link('contact')}">${tr('Écrire à l’organisateur', 'Contact the organizer')}</a> <a href="${link('home')}">${tr('Se connecter', 'Log in')}</a></p></section>`,
    );
  }
  const greeting = state.firstname ? tr(`Bienvenue, ${state.firstname} !`, `Welcome, ${state.firstname}!`) : tr('Bienvenue !', 'Welcome!');
  return layout(
    ctx,
    title,
    html`<section class="card" aria-labelledby="link-title"><h2 id="link-title">${tr('Votre compte', 'Your account')}</h2>
<p>${greeting} ${tr(
      'Choisissez le mot de passe de votre compte : vous serez connecté aussitôt, et vous l’utiliserez ensuite avec votre adresse e-mail. Ce lien ne sert qu’une fois.',
      'Choose the password of your account: you will be logged in at once, and then use it with your email address. This link works only once.',
    )}</p>
${state.alert ? html`<p class="notice" role="alert">${state.alert}</p>` : ''}
<form method="post" action="${state.action}" novalidate>
<p>${tr('Votre identifiant :', 'Your login:')} <strong id="link-email">${state.email}</strong></p>
<input type="hidden" name="username" autocomplete="username" value="${state.email}">
${field({ form: 'link', name: 'password', type: 'password', label: tr('Mot de passe (8 caractères minimum)', 'Password (at least 8 characters)'), autocomplete: 'new-password', required: true, ...(state.error ? { error: state.error } : {}) })}
<button type="submit">${tr('Enregistrer et entrer', 'Save and enter')}</button>
</form></section>`,
  );
}
