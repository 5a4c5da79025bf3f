import { msg } from '@lingui/core/macro';
import { html, type SafeHtml } from '../lib/html';
import { helpers, layout, type PageContext } from './layout';

/** The short editorial pages of the route table, in both languages. */
export type ContentPage = 'faq' | 'legal-notice' | 'privacy-policy' | 'contest-rules' | 'cookie-policy';

function faq(ctx: PageContext): [string, SafeHtml] {
  const { tr, link } = helpers(ctx);
  const qa: [string, string][] = [
    [
      tr(msg`Do I need an account to visit?`),
      tr(msg`No: you can enter anonymously. An account lets you chat with exhibitors under your name and keep your journey.`),
    ],
    [
      tr(msg`How do I talk to an exhibitor?`),
      tr(msg`On a stand, open the contact point: you see the available exhibitors and can start a chat or ask to be called back.`),
    ],
    [tr(msg`Which browsers are supported?`), tr(msg`Recent versions of Firefox, Chrome, Edge and Safari, on desktop and mobile.`)],
    [
      tr(msg`How do I change or delete my data?`),
      tr(msg`From your profile, or by writing to the organizer with the subject "Rectify or delete my data".`),
    ],
  ];
  return [
    tr(msg`Frequently asked questions`),
    html`${qa.map(([q, a]) => html`<h2>${q}</h2><p>${a}</p>`)}<p><a href="${link('contact')}">${tr(msg`Another question? Contact the organizer.`)}</a></p>`,
  ];
}

function legal(ctx: PageContext): [string, SafeHtml] {
  const { tr } = helpers(ctx);
  return [
    tr(msg`Legal notice`),
    html`<h2>${tr(msg`Publisher`)}</h2>
<p>${tr(msg`The virtual fair is published by the event organizer, a simplified joint-stock company whose registered office is given in the fair rules.`)}</p>
<h2>${tr(msg`Hosting`)}</h2>
<p>${tr(msg`The service is hosted in the European Union.`)}</p>
<h2>${tr(msg`Intellectual property`)}</h2>
<p>${tr(msg`Stand contents belong to their respective exhibitors and may not be reproduced without their consent.`)}</p>`,
  ];
}

function privacy(ctx: PageContext): [string, SafeHtml] {
  const { tr } = helpers(ctx);
  return [
    tr(msg`Privacy policy`),
    html`<p>${tr(msg`We process the data needed for your visit: account, messages, contact requests and stand attendance statistics.`)}</p>
<h2>${tr(msg`Recipients`)}</h2>
<p>${tr(msg`Your contact details are passed to an exhibitor only when you ask for it (contact request, sharing your details).`)}</p>
<h2>${tr(msg`Your rights`)}</h2>
<p>${tr(msg`You can access, rectify or have your data deleted by contacting the organizer. Data is kept for one year after the event.`)}</p>`,
  ];
}

function contest(ctx: PageContext): [string, SafeHtml] {
  const { tr } = helpers(ctx);
  return [
    tr(msg`Contest rules`),
    html`<ol>
<li>${tr(msg`The contest is free and open to registered adult visitors for the duration of the fair.`)}</li>
<li>${tr(msg`To take part, answer the 5 questions and fill in the form. One entry per person.`)}</li>
<li>${tr(msg`Winners are drawn among the best answers and notified by email within two weeks.`)}</li>
<li>${tr(msg`The data collected is used only to run the contest.`)}</li>
</ol>`,
  ];
}

function cookies(ctx: PageContext): [string, SafeHtml] {
  const { tr } = helpers(ctx);
  return [
    tr(msg`Cookie policy`),
    html`<table><thead><tr><th>${tr(msg`Cookie`)}</th><th>${tr(msg`Purpose`)}</th><th>${tr(msg`Lifetime`)}</th></tr></thead><tbody>
<tr><td>salon_session</td><td>${tr(msg`Keeps you logged in (required).`)}</td><td>${tr(msg`30 days`)}</td></tr>
<tr><td>salon_locale</td><td>${tr(msg`Remembers your language.`)}</td><td>${tr(msg`1 year`)}</td></tr>
<tr><td>nps</td><td>${tr(msg`Avoids asking for your opinion again.`)}</td><td>${tr(msg`1 year`)}</td></tr>
<tr><td>${tr(msg`analytics`)}</td><td>${tr(msg`Visit statistics, only with your consent.`)}</td><td>${tr(msg`up to 7 years`)}</td></tr>
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
