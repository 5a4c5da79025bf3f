import { msg } from '@lingui/core/macro';
import { html, type SafeHtml } from '../lib/html';
import { encodeId } from '../lib/ids';
import type { EmailingProgress } from '../services/emailings';
import { helpers, type PageContext } from './layout';
import { FORM_TEXTS } from './messages';

/** The e-mailing form's post (not in the route table of spec §2.1). */
export const EMAILING_FORM_PATH = '/organisateur/emailing';
/** The script that keeps the progress of the e-mailings being sent up to date (`EMAILING_PROGRESS_SCRIPT`). */
export const EMAILING_SCRIPT_PATH = '/organisateur/emailing.js';
/** The form's choices of `audience` (`stand`: the visitors of the stand chosen in `stand`). */
export const AUDIENCES: readonly string[] = ['visitors', 'exhibitors', 'everyone', 'stand'];
/** How often the page asks for the progress of an e-mailing being sent, at first (ms); slower while nothing moves. */
const POLL_MS = 2000;

/**
 * `EMAILING_SCRIPT_PATH`: a same-origin script (the pages' CSP runs no inline one) that reads each e-mailing still
 * being sent (`tr[data-in-progress]`) from `GET /api/emailing/{id}` and writes its counts into its row: every 2 s,
 * slowing down to every 15 s while nothing changes (e-mails waiting for a retry). A row with nothing left waiting is
 * done; once all are, it stops. The section links it only while one is being sent.
 */
export const EMAILING_PROGRESS_SCRIPT = `'use strict';
(function () {
  var FIELDS = ['sent', 'queued', 'failed', 'skipped'];
  var delay = ${POLL_MS};
  function pending() { return Array.prototype.slice.call(document.querySelectorAll('tr[data-emailing][data-in-progress]')); }
  function update(row) {
    return fetch('/api/emailing/' + encodeURIComponent(row.getAttribute('data-emailing')), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    }).then(function (response) {
      if (response.status >= 400 && response.status < 500) { row.removeAttribute('data-in-progress'); return false; }
      if (!response.ok) return false;
      return response.json().then(function (body) {
        var data = body && body.data;
        var changed = false;
        if (!data) return false;
        FIELDS.forEach(function (name) {
          var cell = row.querySelector('[data-field="' + name + '"]');
          if (cell && typeof data[name] === 'number' && cell.textContent !== String(data[name])) { cell.textContent = String(data[name]); changed = true; }
        });
        if (data.queued === 0) row.removeAttribute('data-in-progress');
        return changed;
      });
    }).catch(function () { return false; });
  }
  function tick() {
    var rows = pending();
    if (rows.length === 0) return;
    Promise.all(rows.map(update)).then(function (changes) {
      delay = changes.indexOf(true) >= 0 ? ${POLL_MS} : Math.min(delay * 2, 15000);
      if (pending().length > 0) setTimeout(tick, delay);
    });
  }
  setTimeout(tick, delay);
})();
`;

export interface EmailingSectionState {
  stands: { id: string; label: string }[];
  recent: EmailingProgress[];
  values?: Record<string, string>;
  /** Under each field (`subject_fr`, `body_en`, `audience`, `stand`…). */
  errors?: Record<string, string>;
}

/** `/organisateur`'s e-mailing: the form (test to oneself, or to the audience) and the last e-mailings' progress. */
export function emailingSection(ctx: PageContext, state: EmailingSectionState): SafeHtml {
  const { tr } = helpers(ctx);
  const v = state.values ?? {};
  const e = state.errors ?? {};
  const described = (name: string) => (e[name] ? html` aria-invalid="true" aria-describedby="emailing-${name}-error"` : '');
  const error = (name: string) => (e[name] ? html`<p class="error" id="emailing-${name}-error">${e[name]}</p>` : '');
  const audiences: [string, string][] = [
    ['visitors', tr(msg`All visitors`)],
    ['exhibitors', tr(msg`All exhibitors`)],
    ['everyone', tr(msg`Everyone`)],
    ['stand', tr(msg`The visitors of one stand`)],
  ];
  const audienceText = (p: EmailingProgress) =>
    typeof p.audience === 'object'
      ? (state.stands.find((s) => s.id === encodeId((p.audience as { standId: number }).standId))?.label ??
        tr(msg`The visitors of one stand`))
      : (audiences.find(([value]) => value === p.audience)?.[1] ?? '');
  const area = (name: string, label: string) =>
    html`<label for="emailing-${name}">${label} *</label><textarea id="emailing-${name}" name="${name}" rows="5" required${described(name)}>${v[name] ?? ''}</textarea>${error(name)}`;
  const line = (name: string, label: string) =>
    html`<label for="emailing-${name}">${label} *</label><input id="emailing-${name}" name="${name}" value="${v[name] ?? ''}" required${described(name)}>${error(name)}`;
  const inProgress = state.recent.some((p) => p.queued > 0);
  return html`<section class="card" id="emailing" aria-labelledby="emailing-title"><h2 id="emailing-title">${tr(msg`E-mailing`)}</h2>
${Object.keys(e).length > 0 ? html`<p class="notice" role="alert">${tr(FORM_TEXTS.hasErrors)}</p>` : ''}
<form method="post" action="${EMAILING_FORM_PATH}" novalidate>
${line('subject_fr', tr(msg`Subject (French)`))}${line('subject_en', tr(msg`Subject (English)`))}
${area('body_fr', tr(msg`Message (French)`))}${area('body_en', tr(msg`Message (English)`))}
<label for="emailing-audience">${tr(msg`To`)}</label><select id="emailing-audience" name="audience"${described('audience')}>${audiences.map(
    ([value, label]) => html`<option value="${value}"${v.audience === value ? html` selected` : ''}>${label}</option>`,
  )}</select>${error('audience')}
<label for="emailing-stand">${tr(msg`Stand (for its visitors)`)}</label><select id="emailing-stand" name="stand"${described('stand')}><option value=""></option>${state.stands.map(
    (s) => html`<option value="${s.id}"${v.stand === s.id ? html` selected` : ''}>${s.label}</option>`,
  )}</select>${error('stand')}
<p><button type="submit" name="test" value="1">${tr(msg`Send a test to me`)}</button> <button type="submit" name="send" value="1">${tr(msg`Send the e-mailing`)}</button></p>
</form>
${
  state.recent.length === 0
    ? ''
    : html`<table><caption>${tr(msg`Latest e-mailings`)}</caption><thead><tr><th scope="col">${tr(msg`Subject`)}</th><th scope="col">${tr(msg`To`)}</th><th scope="col">${tr(msg`Sent`)}</th><th scope="col">${tr(msg`Waiting`)}</th><th scope="col">${tr(msg`Failed`)}</th><th scope="col">${tr(msg`Skipped (unsubscribed)`)}</th></tr></thead>
<tbody>${state.recent.map(
        (p) =>
          html`<tr data-emailing="${encodeId(p.id)}"${p.queued > 0 ? html` data-in-progress` : ''}><td>${ctx.locale === 'fr_FR' ? p.subject.fr : p.subject.en}${p.test ? html` <em>(${tr(msg`test`)})</em>` : ''}</td><td>${p.test ? tr(msg`Me`) : audienceText(p)}</td><td data-field="sent">${p.sent}</td><td data-field="queued">${p.queued}</td><td data-field="failed">${p.failed}</td><td data-field="skipped">${p.skipped}</td></tr>`,
      )}</tbody></table>`
}${inProgress ? html`<script src="${EMAILING_SCRIPT_PATH}" defer></script>` : ''}</section>`;
}
