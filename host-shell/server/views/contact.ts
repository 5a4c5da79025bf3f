import { msg } from '@lingui/core/macro';
import { html } from '../lib/html';
import { field } from './forms';
import { helpers, layout, type PageContext } from './layout';

export interface ContactState {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  sent?: boolean;
  /** Why the message was not sent (a rate limit), above the form. */
  error?: string;
  /** The email field is shown (and required) only to visitors without an account. */
  askEmail: boolean;
}

export function contactPage(ctx: PageContext, state: ContactState): string {
  const { tr, link } = helpers(ctx);
  const v = state.values ?? {};
  const e = state.errors ?? {};
  const subject = v.subject ?? 'question';
  return layout(
    ctx,
    tr(msg`Contact the organizer`),
    html`${state.sent ? html`<p class="notice success" role="status">${tr(msg`Your message has been sent to the organizer.`)}</p>` : ''}
${state.error ? html`<p class="notice" role="alert">${state.error}</p>` : ''}
<form method="post" action="${link('contact')}" novalidate class="card">
${state.askEmail ? field({ form: 'contact', name: 'email', type: 'email', label: tr(msg`Your email address`), value: v.email, error: e.email, autocomplete: 'email', required: true }) : ''}
<label for="contact-subject">${tr(msg`Subject`)} *</label>
<select id="contact-subject" name="subject">
<option value="question"${subject === 'question' ? html` selected` : ''}>${tr(msg`Ask a question`)}</option>
<option value="edit_delete"${subject === 'edit_delete' ? html` selected` : ''}>${tr(msg`Rectify or delete my data`)}</option>
</select>
${e.subject ? html`<p class="error">${e.subject}</p>` : ''}
<label for="contact-message">${tr(msg`Message`)} *</label>
<textarea id="contact-message" name="message" rows="6" required${e.message ? html` aria-invalid="true" aria-describedby="contact-message-error"` : ''}>${v.message ?? ''}</textarea>
${e.message ? html`<p class="error" id="contact-message-error">${e.message}</p>` : ''}
<button type="submit">${tr(msg`Send`)}</button>
</form>`,
  );
}
