import type { AuditAction, AuditData } from '@salon/shared/contracts/backoffice';
import { html, type SafeHtml } from '../lib/html';
import { compact } from '../services/audit';
import { helpers, type PageContext } from './layout';

const ACTIONS: Record<AuditAction, [fr: string, en: string]> = {
  'parameters.update': ['Paramètres modifiés', 'Parameters changed'],
  'features.update': ['Fonctionnalités modifiées', 'Features changed'],
  'stream.update': ['Direct modifié', 'Live stream changed'],
  'notification.send': ['Notification envoyée', 'Notification sent'],
  'availability.update': ['Disponibilité d’un exposant modifiée', 'Exhibitor availability changed'],
  'panorama.update': ['Panorama remplacé par une image', 'Panorama replaced by an image'],
  'panorama.remove': ['Image de panorama retirée', 'Panorama image removed'],
  'users.import': ['Import d’utilisateurs (CSV)', 'Users import (CSV)'],
  'visio_links.import': ['Import de liens visio (CSV)', 'Video links import (CSV)'],
  'company.create': ['Entreprise créée', 'Company created'],
  'company.update': ['Entreprise modifiée', 'Company changed'],
  'company.remove': ['Entreprise supprimée', 'Company removed'],
  'stand.create': ['Stand créé', 'Stand created'],
  'stand.update': ['Stand modifié', 'Stand changed'],
  'stand.remove': ['Stand supprimé', 'Stand removed'],
  'account.create': ['Compte créé', 'Account created'],
  'account.update': ['Compte modifié', 'Account changed'],
  'account.remove': ['Compte supprimé', 'Account removed'],
  'signin_links.create': ['Liens de connexion créés', 'Sign-in links created'],
};

/** "2026-11-25 14:05:09 UTC" from an ISO 8601 UTC timestamp. */
const when = (iso: string): string => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/**
 * `/admin`'s change log (issue 13): the latest changes by administrators and promoters, newest first, paged with
 * `?audit_page=`. Every stored text (names, e-mails, values) is escaped by `html`.
 */
export function auditSection(ctx: PageContext, log: AuditData): SafeHtml {
  const { tr, link } = helpers(ctx);
  const page = (n: number) => link('admin', {}, { query: { audit_page: n }, hash: 'audit' });
  const rows = log.entries.map((e) => {
    const [fr, en] = ACTIONS[e.action] ?? [e.action, e.action];
    return html`<tr><td><time datetime="${e.at}">${when(e.at)}</time></td><td>${e.actor.name}${e.actor.email ? html`<br>${e.actor.email}` : ''}</td><td>${tr(fr, en)}${e.target ? html`<br>${e.target}` : ''}</td><td>${compact(e.before)} → ${compact(e.after)}</td></tr>`;
  });
  return html`<section class="card" id="audit"><h2>${tr('Journal des modifications', 'Change log')}</h2>
${
  log.entries.length === 0
    ? html`<p>${tr('Aucune modification enregistrée.', 'No change recorded.')}</p>`
    : html`<table><thead><tr><th>${tr('Quand', 'When')}</th><th>${tr('Qui', 'Who')}</th><th>${tr('Quoi', 'What')}</th><th>${tr('Avant → après', 'Before → after')}</th></tr></thead>
<tbody>${rows}</tbody></table>`
}
<nav aria-label="${tr('Pages du journal', 'Change log pages')}"><p>${log.page > 1 ? html`<a href="${page(log.page - 1)}">${tr('Plus récentes', 'Newer')}</a> ` : ''}${tr(`Page ${log.page} sur ${log.pages}`, `Page ${log.page} of ${log.pages}`)}${log.page < log.pages ? html` <a href="${page(log.page + 1)}">${tr('Plus anciennes', 'Older')}</a>` : ''}</p></nav>
</section>`;
}
