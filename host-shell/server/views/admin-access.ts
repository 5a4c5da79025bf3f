import { msg } from '@lingui/core/macro';
import { html } from '../lib/html';
import type { AccessMode } from '../services/access';
import { backOfficeNav } from './back-office-nav';
import { field } from './forms';
import { helpers, layout, type PageContext } from './layout';

/** The administrators' page of the opening hours and the access mode (not in the route table of spec §2.1). */
export const ADMIN_ACCESS_PATH = '/admin/acces';

export interface AdminAccessState {
  values: { time_zone: string; opens_at: string; closes_at: string; mode: AccessMode };
  errors: Partial<Record<'time_zone' | 'opens_at' | 'closes_at' | 'mode', string>>;
  saved?: boolean;
}

export function adminAccessPage(ctx: PageContext, state: AdminAccessState): string {
  const { tr } = helpers(ctx);
  const modes: [AccessMode, string][] = [
    ['anyone', tr(msg`Anyone, with or without an account`)],
    ['registered', tr(msg`Registered accounts`)],
    ['invited', tr(msg`Invited only (accounts imported or created by an organizer)`)],
  ];
  const v = state.values;
  return layout(
    ctx,
    tr(msg`Opening hours and access`),
    html`${backOfficeNav(ctx, 'admin')}
${state.saved ? html`<p class="notice success" role="status">${tr(msg`Saved.`)}</p>` : ''}
<section class="card" aria-labelledby="access-title"><h2 id="access-title">${tr(msg`Who enters the room, and when`)}</h2>
<p>${tr(msg`Outside the opening hours visitors see when the salon opens; exhibitors, organizers and administrators enter at any time.`)}</p>
<form method="post" action="${ADMIN_ACCESS_PATH}" novalidate>
${field({ form: 'access', name: 'time_zone', label: tr(msg`The salon’s time zone`), value: v.time_zone, hint: tr(msg`For example Europe/Paris. The opening hours, the programme and the meetings’ times are in this zone.`), required: true, ...(state.errors.time_zone ? { error: state.errors.time_zone } : {}) })}
${field({ form: 'access', name: 'opens_at', type: 'datetime-local', label: tr(msg`Opens at`), value: v.opens_at, hint: tr(msg`Empty: open now.`), ...(state.errors.opens_at ? { error: state.errors.opens_at } : {}) })}
${field({ form: 'access', name: 'closes_at', type: 'datetime-local', label: tr(msg`Closes at`), value: v.closes_at, hint: tr(msg`Empty: never closes.`), ...(state.errors.closes_at ? { error: state.errors.closes_at } : {}) })}
<fieldset><legend>${tr(msg`Access`)}</legend>
${modes.map(([mode, label]) => html`<label class="check"><input type="radio" name="mode" value="${mode}"${v.mode === mode ? html` checked` : ''}> ${label}</label>`)}
${state.errors.mode ? html`<p class="error">${state.errors.mode}</p>` : ''}</fieldset>
<button type="submit">${tr(msg`Save`)}</button>
</form></section>`,
  );
}
