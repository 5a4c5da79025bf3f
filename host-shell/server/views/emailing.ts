import { msg } from '@lingui/core/macro';
import { html, type SafeHtml } from '../lib/html';
import { encodeId } from '../lib/ids';
import type { EmailingProgress } from '../services/emailings';
import { helpers, type PageContext } from './layout';

/** The e-mailing form's post (not in the route table of spec §2.1). */
export const EMAILING_FORM_PATH = '/organisateur/emailing';

export interface EmailingSectionState {
  stands: { id: string; label: string }[];
  recent: EmailingProgress[];
  values?: Record<string, string>;
  errors?: string[];
}

/** `/organisateur`'s e-mailing: the form (test to oneself, or to the audience) and the last e-mailings' progress. */
export function emailingSection(ctx: PageContext, state: EmailingSectionState): SafeHtml {
  const { tr } = helpers(ctx);
  const v = state.values ?? {};
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
    html`<label for="emailing-${name}">${label} *</label><textarea id="emailing-${name}" name="${name}" rows="5" required>${v[name] ?? ''}</textarea>`;
  const line = (name: string, label: string) =>
    html`<label for="emailing-${name}">${label} *</label><input id="emailing-${name}" name="${name}" value="${v[name] ?? ''}" required>`;
  return html`<section class="card" id="emailing" aria-labelledby="emailing-title"><h2 id="emailing-title">${tr(msg`E-mailing`)}</h2>
${state.errors?.length ? html`<div class="notice" role="alert">${state.errors.map((e) => html`<p>${e}</p>`)}</div>` : ''}
<form method="post" action="${EMAILING_FORM_PATH}" novalidate>
${line('subject_fr', tr(msg`Subject (French)`))}${line('subject_en', tr(msg`Subject (English)`))}
${area('body_fr', tr(msg`Message (French)`))}${area('body_en', tr(msg`Message (English)`))}
<label for="emailing-audience">${tr(msg`To`)}</label><select id="emailing-audience" name="audience">${audiences.map(
    ([value, label]) => html`<option value="${value}"${v.audience === value ? html` selected` : ''}>${label}</option>`,
  )}</select>
<label for="emailing-stand">${tr(msg`Stand (for its visitors)`)}</label><select id="emailing-stand" name="stand"><option value=""></option>${state.stands.map(
    (s) => html`<option value="${s.id}"${v.stand === s.id ? html` selected` : ''}>${s.label}</option>`,
  )}</select>
<p><button type="submit" name="test" value="1">${tr(msg`Send a test to me`)}</button> <button type="submit" name="send" value="1">${tr(msg`Send the e-mailing`)}</button></p>
</form>
${
  state.recent.length === 0
    ? ''
    : html`<table><caption>${tr(msg`Latest e-mailings`)}</caption><thead><tr><th scope="col">${tr(msg`Subject`)}</th><th scope="col">${tr(msg`To`)}</th><th scope="col">${tr(msg`Sent`)}</th><th scope="col">${tr(msg`Waiting`)}</th><th scope="col">${tr(msg`Failed`)}</th><th scope="col">${tr(msg`Skipped (unsubscribed)`)}</th></tr></thead>
<tbody>${state.recent.map(
        (p) =>
          html`<tr data-emailing="${encodeId(p.id)}"><td>${ctx.locale === 'fr_FR' ? p.subject.fr : p.subject.en}${p.test ? html` <em>(${tr(msg`test`)})</em>` : ''}</td><td>${p.test ? tr(msg`Me`) : audienceText(p)}</td><td>${p.sent}</td><td>${p.queued}</td><td>${p.failed}</td><td>${p.skipped}</td></tr>`,
      )}</tbody></table>`
}</section>`;
}
