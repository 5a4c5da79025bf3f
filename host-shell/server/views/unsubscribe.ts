import { msg } from '@lingui/core/macro';
import { html } from '../lib/html';
import { helpers, layout, type PageContext } from './layout';

/** `/desabonnement/{token}`: the confirmation button, or that it is done, or that the link is unknown. */
export function unsubscribePage(ctx: PageContext, state: { kind: 'ask'; action: string } | { kind: 'done' | 'unknown' }): string {
  const { tr } = helpers(ctx);
  const title = tr(msg`Unsubscribe`);
  if (state.kind === 'unknown')
    return layout(ctx, title, html`<p class="notice" role="alert">${tr(msg`This unsubscribe link is not valid.`)}</p>`);
  if (state.kind !== 'ask')
    return layout(
      ctx,
      title,
      html`<p class="notice success" role="status">${tr(msg`Done: you will receive no more e-mailings from the fair’s organizers.`)}</p>`,
    );
  return layout(
    ctx,
    title,
    html`<p>${tr(msg`Receive no more e-mailings from the fair’s organizers? E-mails you ask for (a new password, your meetings) still come.`)}</p>
<form method="post" action="${state.action}"><button type="submit">${tr(msg`Unsubscribe`)}</button></form>`,
  );
}
