import { html, type SafeHtml } from '../lib/html';
import { helpers, layout, type PageContext } from './layout';

/** The short editorial pages of the route table, in both languages. */
export type ContentPage = 'faq' | 'legal-notice' | 'privacy-policy' | 'contest-rules' | 'cookie-policy';

function faq(ctx: PageContext): [string, SafeHtml] {
  const { tr, link } = helpers(ctx);
  const qa: [string, string][] = [
    [tr('Faut-il un compte pour visiter le salon ?', 'Do I need an account to visit?'), tr('Non : vous pouvez entrer anonymement. Un compte vous permet de discuter avec les exposants sous votre nom et de garder votre parcours.', 'No: you can enter anonymously. An account lets you chat with exhibitors under your name and keep your journey.')],
    [tr('Comment parler à un exposant ?', 'How do I talk to an exhibitor?'), tr('Sur un stand, ouvrez le point de contact : vous voyez les exposants disponibles et pouvez démarrer une discussion ou demander un rappel.', 'On a stand, open the contact point: you see the available exhibitors and can start a chat or ask to be called back.')],
    [tr('Quels navigateurs sont pris en charge ?', 'Which browsers are supported?'), tr('Les versions récentes de Firefox, Chrome, Edge et Safari, sur ordinateur comme sur mobile.', 'Recent versions of Firefox, Chrome, Edge and Safari, on desktop and mobile.')],
    [tr('Comment modifier ou supprimer mes données ?', 'How do I change or delete my data?'), tr('Depuis votre profil, ou en écrivant à l’organisateur avec le sujet « Rectifier ou supprimer mes données ».', 'From your profile, or by writing to the organizer with the subject "Rectify or delete my data".')],
  ];
  return [
    tr('Questions fréquentes', 'Frequently asked questions'),
    html`${qa.map(([q, a]) => html`<h2>${q}</h2><p>${a}</p>`)}<p><a href="${link('contact')}">${tr('Une autre question ? Contactez l’organisateur.', 'Another question? Contact the organizer.')}</a></p>`,
  ];
}

function legal(ctx: PageContext): [string, SafeHtml] {
  const { tr } = helpers(ctx);
  return [
    tr('Mentions légales', 'Legal notice'),
    html`<h2>${tr('Éditeur', 'Publisher')}</h2>
<p>${tr('Le salon virtuel est édité par l’organisateur de l’événement, société par actions simplifiée, dont le siège est indiqué dans le règlement du salon.', 'The virtual fair is published by the event organizer, a simplified joint-stock company whose registered office is given in the fair rules.')}</p>
<h2>${tr('Hébergement', 'Hosting')}</h2>
<p>${tr('Le service est hébergé dans l’Union européenne.', 'The service is hosted in the European Union.')}</p>
<h2>${tr('Propriété intellectuelle', 'Intellectual property')}</h2>
<p>${tr('Les contenus des stands appartiennent à leurs exposants respectifs et ne peuvent être reproduits sans leur accord.', 'Stand contents belong to their respective exhibitors and may not be reproduced without their consent.')}</p>`,
  ];
}

function privacy(ctx: PageContext): [string, SafeHtml] {
  const { tr } = helpers(ctx);
  return [
    tr('Politique de confidentialité', 'Privacy policy'),
    html`<p>${tr('Nous traitons les données nécessaires à votre visite : compte, messages, demandes de contact et statistiques de fréquentation des stands.', 'We process the data needed for your visit: account, messages, contact requests and stand attendance statistics.')}</p>
<h2>${tr('Destinataires', 'Recipients')}</h2>
<p>${tr('Vos coordonnées ne sont transmises à un exposant que si vous le demandez (demande de contact, partage de coordonnées).', 'Your contact details are passed to an exhibitor only when you ask for it (contact request, sharing your details).')}</p>
<h2>${tr('Vos droits', 'Your rights')}</h2>
<p>${tr('Vous pouvez accéder à vos données, les rectifier ou les faire supprimer en contactant l’organisateur. Les données sont conservées un an après l’événement.', 'You can access, rectify or have your data deleted by contacting the organizer. Data is kept for one year after the event.')}</p>`,
  ];
}

function contest(ctx: PageContext): [string, SafeHtml] {
  const { tr } = helpers(ctx);
  return [
    tr('Règlement du jeu concours', 'Contest rules'),
    html`<ol>
<li>${tr('Le jeu est gratuit et ouvert aux visiteurs inscrits, majeurs, pendant la durée du salon.', 'The contest is free and open to registered adult visitors for the duration of the fair.')}</li>
<li>${tr('Pour participer, répondez aux 5 questions et remplissez le formulaire. Une seule participation par personne.', 'To take part, answer the 5 questions and fill in the form. One entry per person.')}</li>
<li>${tr('Les gagnants sont tirés au sort parmi les meilleures réponses et prévenus par courriel sous quinze jours.', 'Winners are drawn among the best answers and notified by email within two weeks.')}</li>
<li>${tr('Les données collectées servent uniquement à la gestion du jeu.', 'The data collected is used only to run the contest.')}</li>
</ol>`,
  ];
}

function cookies(ctx: PageContext): [string, SafeHtml] {
  const { tr } = helpers(ctx);
  return [
    tr('Politique de cookies', 'Cookie policy'),
    html`<table><thead><tr><th>${tr('Cookie', 'Cookie')}</th><th>${tr('Rôle', 'Purpose')}</th><th>${tr('Durée', 'Lifetime')}</th></tr></thead><tbody>
<tr><td>salon_session</td><td>${tr('Garde votre session ouverte (nécessaire).', 'Keeps you logged in (required).')}</td><td>${tr('30 jours', '30 days')}</td></tr>
<tr><td>salon_locale</td><td>${tr('Retient la langue choisie.', 'Remembers your language.')}</td><td>${tr('1 an', '1 year')}</td></tr>
<tr><td>nps</td><td>${tr('Évite de vous redemander votre avis.', 'Avoids asking for your opinion again.')}</td><td>${tr('1 an', '1 year')}</td></tr>
<tr><td>${tr('mesure d’audience', 'analytics')}</td><td>${tr('Statistiques de visite, seulement avec votre accord.', 'Visit statistics, only with your consent.')}</td><td>${tr('7 ans au plus', 'up to 7 years')}</td></tr>
</tbody></table>`,
  ];
}

const PAGES: Record<ContentPage, (ctx: PageContext) => [string, SafeHtml]> = {
  faq,
  'legal-notice': legal,
  'privacy-policy': privacy,
  'contest-rules': contest,
  'cookie-policy': cookies,
};

export function contentPage(ctx: PageContext, page: ContentPage): string {
  const [title, body] = PAGES[page](ctx);
  return layout(ctx, title, body);
}
