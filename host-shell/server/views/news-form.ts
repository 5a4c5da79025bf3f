import { msg } from '@lingui/core/macro';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX, type Notification } from '@salon/shared/contracts/notifications';
import { html, type SafeHtml } from '../lib/html';
import { confirmDeletion } from './confirm';
import { field } from './forms';
import { helpers, type PageContext } from './layout';

/** The organiser area's "send a notification" section (spec §2.11, §4.7): what the form shows. */
export interface NewsFormState {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  /** What the last post did (after its redirect): a notification sent, corrected or deleted. */
  sent?: 'news' | 'corrected' | 'deleted';
  /** The notification being corrected (`?news={id}`): the form shows its texts and saves them in its place. */
  editing?: Notification;
  /** The newest notifications, to see what visitors got. */
  latest: Notification[];
  /** The organiser's time zone (the `salon_tz` cookie the widgets write), else UTC. */
  timeZone: string;
}

function textarea(o: { name: string; label: string; value?: string; error?: string; required?: boolean; hint?: string }): SafeHtml {
  const id = `news-${o.name}`;
  const described = [o.hint ? `${id}-hint` : '', o.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<label for="${id}">${o.label}${o.required ? ' *' : ''}</label>
<textarea id="${id}" name="${o.name}" rows="3" maxlength="${NOTIFICATION_MESSAGE_MAX}"${o.required ? html` required` : ''}${o.error ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}>${o.value ?? ''}</textarea>
${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : ''}${o.error ? html`<p class="error" id="${id}-error">${o.error}</p>` : ''}`;
}

const DONE = {
  news: msg`The notification has been sent to every visitor.`,
  corrected: msg`The notification has been corrected: visitors see the new text.`,
  deleted: msg`The notification has been deleted.`,
} as const;

/** A form posted to the organiser area itself (same-origin form guard), then a redirect (post/redirect/get). */
export function newsSection(ctx: PageContext, state: NewsFormState): SafeHtml {
  const { tr, local, link } = helpers(ctx);
  const editing = state.editing;
  const v =
    state.values ??
    (editing
      ? { title: editing.title, title_en: editing.title_en, message: editing.message, message_en: editing.message_en, at: editing.at }
      : {});
  const e = state.errors ?? {};
  const fallback = tr(msg`Empty: the French text is used.`);
  const format = new Intl.DateTimeFormat(ctx.locale === 'en_EN' ? 'en-GB' : 'fr-FR', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: state.timeZone,
    timeZoneName: 'short',
  });
  return html`<section class="card" id="news" aria-labelledby="news-heading">
<h2 id="news-heading">${tr(msg`Send a notification`)}</h2>
<p>${tr(msg`Visitors in the fair get it at once; it joins today’s news.`)}</p>
${state.sent ? html`<p class="notice success" role="status">${tr(DONE[state.sent])}</p>` : ''}
${e._ ? html`<p class="notice" role="alert">${e._}</p>` : Object.keys(e).length > 0 ? html`<p class="notice" role="alert">${tr(msg`The form has errors.`)}</p>` : ''}
${editing ? html`<h3>${tr(msg`Correct the notification “${local(editing.title, editing.title_en)}”`)}</h3>` : ''}
<form method="post" action="${link('promoter')}#news" novalidate>
${editing ? html`<input type="hidden" name="id" value="${String(editing.id_notification)}">` : ''}
${field({ form: 'news', name: 'title', label: tr(msg`Title (French)`), value: v.title, error: e.title, required: true })}
${field({ form: 'news', name: 'title_en', label: tr(msg`Title (English)`), value: v.title_en, error: e.title_en, hint: fallback })}
${textarea({ name: 'message', label: tr(msg`Message (French)`), value: v.message, error: e.message, required: true })}
${textarea({ name: 'message_en', label: tr(msg`Message (English)`), value: v.message_en, error: e.message_en, hint: fallback })}
${field({ form: 'news', name: 'at', label: tr(msg`When`), value: v.at, error: e.at, hint: tr(msg`The time it takes place, as 17h30 (hours, h, minutes): visitors see “When: 17h30” in both languages. Empty: the time it is sent.`) })}
<p class="hint">${tr(msg`Title: at most ${NOTIFICATION_TITLE_MAX} characters; message: ${NOTIFICATION_MESSAGE_MAX}.`)}</p>
${
  editing
    ? html`<button type="submit">${tr(msg`Save the correction`)}</button> <a href="${link('promoter')}#news">${tr(msg`Cancel`)}</a>`
    : html`<button type="submit">${tr(msg`Send to every visitor`)}</button>`
}
</form>
<h3>${tr(msg`Latest notifications`)}</h3>
${
  state.latest.length === 0
    ? html`<p>${tr(msg`No notification.`)}</p>`
    : html`<ul class="news">${state.latest.map((n) => {
        const title = local(n.title, n.title_en);
        return html`<li><strong>${title}</strong> <small><time datetime="${n.sent_at}">${format.format(new Date(n.sent_at))}</time></small><br>${local(n.message, n.message_en)}
<br><a href="${link('promoter', {}, { query: { news: n.id_notification }, hash: 'news' })}" aria-label="${tr(msg`Correct “${title}”`)}">${tr(msg`Correct`)}</a>
${confirmDeletion(ctx, {
  id: `news-${n.id_notification}`,
  label: tr(msg`Delete`),
  ariaLabel: tr(msg`Delete “${title}”`),
  question: tr(msg`Delete the notification “${title}”?`),
  detail: tr(msg`It disappears from every visitor’s news; the change log keeps what it said.`),
  confirm: tr(msg`Delete the notification`),
  action: `${link('promoter')}#news`,
  fields: { delete: String(n.id_notification) },
})}</li>`;
      })}</ul>`
}
</section>`;
}
