import { msg } from '@lingui/core/macro';
import { html, type SafeHtml } from '../lib/html';
import { helpers, type PageContext } from './layout';

/** What a deletion's confirmation says and posts. */
export interface Confirmation {
  /** Unique in the page: the dialog's id. */
  id: string;
  /** The button that opens the dialog ("Remove", "Delete"), and its accessible name when the text alone is vague. */
  label: string;
  ariaLabel?: string;
  /** The question naming what will be deleted: "Delete the account Léa Martin (lea@example.com)?" */
  question: string;
  /** What follows from it, under the question (optional). */
  detail?: string;
  /** The confirming button's text ("Delete the account"). */
  confirm: string;
  /** The form the confirming button posts. */
  action: string;
  fields: Record<string, string>;
}

/**
 * A deletion asked in the page's own dialog (never the browser's `confirm`), without JavaScript: the button opens a
 * popover (`popovertarget`, shown in the top layer over a dimmed page), which names what will be deleted and holds
 * the form that deletes it, beside Cancel. Escape and a click outside close it too.
 */
export function confirmDeletion(ctx: PageContext, c: Confirmation): SafeHtml {
  const { tr } = helpers(ctx);
  const dialog = `confirm-${c.id}`;
  return html`<button type="button" class="secondary" popovertarget="${dialog}" aria-haspopup="dialog"${c.ariaLabel ? html` aria-label="${c.ariaLabel}"` : ''}>${c.label}</button>
<div id="${dialog}" popover class="confirm" role="alertdialog" aria-labelledby="${dialog}-question"${c.detail ? html` aria-describedby="${dialog}-detail"` : ''}>
<p id="${dialog}-question"><strong>${c.question}</strong></p>
${c.detail ? html`<p id="${dialog}-detail">${c.detail}</p>` : ''}
<form method="post" action="${c.action}">${Object.entries(c.fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<button type="submit" class="danger">${c.confirm}</button>
<button type="button" class="cancel" popovertarget="${dialog}" popovertargetaction="hide">${tr(msg`Cancel`)}</button>
</form>
</div>`;
}
