import { msg } from '@lingui/core/macro';
import { html, type SafeHtml } from '../lib/html';
import type { CaughtMail } from '../services/mail-catcher';
import type { OutboxCounts, pendingMails } from '../services/mail-outbox';
import { backOfficeNav } from './back-office-nav';
import { helpers, layout, type PageContext } from './layout';

/** The administrators' page of the e-mails (not in the route table of spec §2.1). */
export const ADMIN_MAIL_PATH = '/admin/courriels';
/** A caught mail's attached file (the demo only): `GET /admin/courriels/{seq}/{index}`. */
export const caughtAttachmentPath = (seq: number, index: number): string => `${ADMIN_MAIL_PATH}/${seq}/${index}`;

export interface AdminMailState {
  configured: boolean;
  counts: OutboxCounts;
  pending: Awaited<ReturnType<typeof pendingMails>>;
  /** The demo's catch-all SMTP server's mails, newest first; null outside the demo. */
  caught: CaughtMail[] | null;
}

/** A mail's text with its http(s) addresses as links (every part escaped). */
function linkified(text: string): SafeHtml {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return html`${parts.map((part, i) => (i % 2 === 1 ? html`<a href="${part}" rel="noreferrer">${part}</a>` : part))}`;
}

export function adminMailPage(ctx: PageContext, state: AdminMailState): string {
  const { tr } = helpers(ctx);
  const statusText = (status: string) =>
    status === 'failed' ? tr(msg`Failed`) : status === 'sending' ? tr(msg`Being sent`) : tr(msg`Queued, will be retried`);
  const pending =
    state.pending.length === 0
      ? html`<p>${tr(msg`Every e-mail has been sent.`)}</p>`
      : html`<table><caption>${tr(msg`E-mails not sent yet`)}</caption>
<thead><tr><th scope="col">${tr(msg`Recipient`)}</th><th scope="col">${tr(msg`Subject`)}</th><th scope="col">${tr(msg`State`)}</th><th scope="col">${tr(msg`Attempts`)}</th><th scope="col">${tr(msg`Server’s answer`)}</th></tr></thead>
<tbody>${state.pending.map(
          (m) =>
            html`<tr><td>${m.to_address}</td><td>${m.subject}</td><td>${statusText(m.status)}</td><td>${m.attempts}</td><td>${m.last_error ?? ''}</td></tr>`,
        )}</tbody></table>`;
  const caught =
    state.caught === null
      ? ''
      : html`<section class="card" aria-labelledby="caught-title"><h2 id="caught-title">${tr(msg`E-mails caught by the demo’s mail server`)}</h2>
<p>${tr(msg`The demo sends every e-mail to a local mail server that keeps them here: nobody outside receives them.`)}</p>
${
  state.caught.length === 0
    ? html`<p>${tr(msg`No e-mail caught yet.`)}</p>`
    : state.caught.map(
        (m) => html`<article class="caught-mail" aria-label="${m.subject}">
<h3>${m.subject}</h3>
<p>${tr(msg`To:`)} <span class="caught-to">${m.to.join(', ')}</span> · ${m.receivedAt}</p>
<pre>${linkified(m.text)}</pre>
${
  m.attachments.length === 0
    ? ''
    : html`<p>${tr(msg`Attached:`)} ${m.attachments.map(
        (a, i) => html`${i > 0 ? ', ' : ''}<a href="${caughtAttachmentPath(m.seq, i)}" download="${a.filename}">${a.filename}</a>`,
      )}</p>`
}
</article>`,
      )
}</section>`;
  return layout(
    ctx,
    tr(msg`E-mails`),
    html`${backOfficeNav(ctx, 'admin')}
<section class="card" aria-labelledby="outbox-title"><h2 id="outbox-title">${tr(msg`Outbox`)}</h2>
${state.configured ? '' : html`<p class="notice" role="status">${tr(msg`No mail server is set (SMTP_URL): e-mails are kept queued until one is.`)}</p>`}
<p>${tr(msg`Sent:`)} <strong id="outbox-sent">${state.counts.sent}</strong> · ${tr(msg`Queued:`)} <strong id="outbox-queued">${state.counts.queued}</strong> · ${tr(msg`Failed:`)} <strong id="outbox-failed">${state.counts.failed}</strong></p>
${pending}</section>
${caught}`,
  );
}
