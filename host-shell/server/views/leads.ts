import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StandRow } from '../db/schema';
import { html, type SafeHtml } from '../lib/html';
import { encodeId } from '../lib/ids';
import type { LeadListRow } from '../services/leads';
import { helpers, type PageContext } from './layout';

/** How many leads the area pages list (the CSV has them all). */
export const LEADS_SHOWN = 10;

const csvOfStand = (ctx: PageContext, standId: number) => `${ctx.origin}/api/stands/${encodeId(standId)}/leads.csv`;

function kindLabel(ctx: PageContext, kind: LeadListRow['kind']): string {
  const { tr } = helpers(ctx);
  if (kind === 'contact_request') return tr(msg`Contact request`);
  if (kind === 'offer_form') return tr(msg`Offer`);
  if (kind === 'meeting') return tr(msg`Meeting`);
  return tr(msg`Contest`);
}

const CONSENT_LABELS: Record<string, MessageDescriptor> = {
  data_sharing: msg`sharing with the stand`,
  opt_in: msg`sharing with the stand`,
  contest_rules: msg`contest rules`,
  meeting_sharing: msg`sharing for the meeting`,
  privacy: msg`contest data`,
  marketing: msg`commercial offers`,
};

/** "✓ sharing with the stand · ✗ commercial offers": each consent recorded with the lead, given or not. */
function consentsSummary(ctx: PageContext, stored: string): string {
  const { tr } = helpers(ctx);
  let consents: unknown;
  try {
    consents = JSON.parse(stored);
  } catch {
    return '';
  }
  if (!Array.isArray(consents)) return '';
  return consents
    .filter(
      (c): c is { key: string; given: boolean } => typeof c === 'object' && c !== null && typeof (c as { key?: unknown }).key === 'string',
    )
    .map((c) => {
      const label = CONSENT_LABELS[c.key];
      return `${c.given ? '✓' : '✗'} ${label ? tr(label) : c.key}`;
    })
    .join(' · ');
}

/** `YYYY-MM-DD HH:MM UTC` from the stored ISO timestamp. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function leadsTable(ctx: PageContext, rows: readonly LeadListRow[], withStand: boolean): SafeHtml {
  const { tr, local } = helpers(ctx);
  if (rows.length === 0) return html`<p>${tr(msg`No leads yet.`)}</p>`;
  return html`<div class="table-scroll"><table><thead><tr><th>${tr(msg`Date`)}</th><th>${tr(msg`Name`)}</th><th>${tr(msg`Contact details`)}</th><th>${tr(msg`Kind`)}</th><th>${tr(msg`Consents`)}</th>${withStand ? html`<th>${tr(msg`Stand`)}</th>` : ''}</tr></thead>
<tbody>${rows.map(
    (row) =>
      html`<tr><td>${when(row.created_at)}</td><td>${row.firstname} ${row.lastname}</td><td>${[row.email, row.phone, [row.postal_code, row.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ')}</td><td>${kindLabel(ctx, row.kind)}${row.subject ? html` (${row.subject})` : ''}</td><td>${consentsSummary(ctx, row.consents)}</td>${withStand ? html`<td>${row.stand_name === null ? '' : local(row.stand_name, row.stand_name_en ?? row.stand_name)}</td>` : ''}</tr>`,
  )}</tbody></table></div>`;
}

/** The exhibitor area's leads: one block per owned stand with its latest leads and its CSV. */
export function exhibitorLeads(ctx: PageContext, stands: readonly { stand: StandRow; leads: readonly LeadListRow[] }[]): SafeHtml {
  const { tr, local } = helpers(ctx);
  if (stands.length === 0) return html``;
  return html`<section class="card leads" aria-labelledby="leads-title"><h2 id="leads-title">${tr(msg`My leads`)}</h2>
${stands.map(({ stand, leads }) => {
  const name = local(stand.name, stand.name_en);
  return html`<h3>${name}</h3>${leadsTable(ctx, leads, false)}
<p><a href="${csvOfStand(ctx, stand.id)}" download>${tr(msg`Download CSV (${name})`)}</a></p>`;
})}</section>`;
}

/** The organiser's leads: the latest of all stands and contests, every stand's CSV, and one CSV of everything. */
export function organiserLeads(
  ctx: PageContext,
  latest: readonly LeadListRow[],
  stands: readonly { stand: StandRow; count: number }[],
): SafeHtml {
  const { tr, local } = helpers(ctx);
  return html`<section class="card leads" aria-labelledby="leads-title"><h2 id="leads-title">${tr(msg`Leads`)}</h2>
${leadsTable(ctx, latest, true)}
<p><a href="${ctx.origin}/api/leads.csv" download>${tr(msg`Download all leads (CSV)`)}</a></p>
<ul>${stands.map(({ stand, count }) => {
    const name = local(stand.name, stand.name_en);
    return html`<li>${name} – ${count} <a href="${csvOfStand(ctx, stand.id)}" download>${tr(msg`Download CSV (${name})`)}</a></li>`;
  })}</ul></section>`;
}
