import { html } from '../lib/html';
import { helpers, layout, type PageContext } from './layout';

export function errorPage(ctx: PageContext, status: number, message?: string): string {
  const { tr, link } = helpers(ctx);
  const titles: Record<number, string> = {
    400: tr('Requête invalide', 'Bad request'),
    401: tr('Connexion requise', 'Login required'),
    403: tr('Accès refusé', 'Access denied'),
    404: tr('Page introuvable', 'Page not found'),
    429: tr('Trop de requêtes', 'Too many requests'),
  };
  const title = titles[status] ?? (status >= 500 ? tr('Une erreur est survenue', 'Something went wrong') : tr('Requête refusée', 'Request refused'));
  return layout(
    ctx,
    title,
    html`${message ? html`<p class="notice">${message}</p>` : ''}
<p><a href="${link('home')}">${tr('Retour à l’accueil', 'Back to the home page')}</a> · <a href="${link('room')}">${tr('Entrer dans le salon', 'Enter the fair')}</a></p>`,
  );
}

export function notFoundPage(ctx: PageContext): string {
  const { tr } = helpers(ctx);
  return errorPage(ctx, 404, tr('Cette adresse ne correspond à aucune page du salon.', 'This address does not match any page of the fair.'));
}

export function forbiddenPage(ctx: PageContext, reason: 'profile' | 'anonymous'): string {
  const { tr } = helpers(ctx);
  return errorPage(
    ctx,
    403,
    reason === 'anonymous'
      ? tr('Cette page est réservée aux comptes inscrits. Créez un compte depuis la page d’accueil.', 'This page is for registered accounts. Create an account from the home page.')
      : tr('Votre profil ne donne pas accès à cette page.', 'Your profile does not give access to this page.'),
  );
}
