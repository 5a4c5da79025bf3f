import { msg } from '@lingui/core/macro';
import type { Talk } from '@salon/shared/contracts/programme';
import { html } from '../lib/html';
import { list, noticeOf, select, text, textarea, type FormState, type Notice, type Values } from './admin-content';
import { ADMIN_PROGRAMME_PATH, backOfficeNav } from './back-office-nav';
import { confirmDeletion } from './confirm';
import { field } from './forms';
import { helpers, layout, type PageContext } from './layout';

/**
 * `/admin/programme` (`ADMIN_PROGRAMME_PATH`): the talks, for organisers and administrators. Times are typed and shown
 * on the salon's wall clock (`salonTimeZone`: the zone of the opening hours, on `/admin/acces`), the zone the programme
 * gives visitors.
 */

/** A talk as its form holds it; `start` and `end` on the salon's wall clock (`YYYY-MM-DDTHH:MM`), speakers one a line. */
export const talkValues = (talk: Talk, localOf: (iso: string) => string): Values => ({
  title_fr: talk.title_fr,
  title_en: talk.title_en,
  description_fr: talk.description_fr,
  description_en: talk.description_en,
  speakers: talk.speakers.join('\n'),
  start: localOf(talk.start),
  end: localOf(talk.end),
  place: talk.place,
  stand_id: talk.stand_id ?? '',
  video_url: talk.video_url ?? '',
  chat_url: talk.chat_url ?? '',
});

export interface ProgrammeChoices {
  stands: { id: string; name: string }[];
  /** The salon's time zone (IANA), said next to the times. */
  timeZone: string;
  /** A talk's time on the salon's wall clock, for the list. */
  when: (talk: Talk) => string;
}

export function programmePage(ctx: PageContext, talks: Talk[], choices: ProgrammeChoices, state: FormState, notice?: Notice): string {
  const { tr, local } = helpers(ctx);
  const { values, errors } = state;
  const editing = state.editing ? talks.find((t) => t.id === state.editing) : undefined;
  const titleOf = (t: Talk) => local(t.title_fr, t.title_en);
  const placeOf = (t: Talk) => (t.place === 'stream' ? tr(msg`Live stream`) : (t.stand_name ?? tr(msg`Stand`)));
  const error = (name: string) => (errors[name] ? { error: errors[name] } : {});
  const rows = talks.map(
    (t) => html`<tr><td>${choices.when(t)}${t.live ? html` <strong>${tr(msg`(live now)`)}</strong>` : ''}</td>
<td><strong>${t.title_fr}</strong><br><span lang="en">${t.title_en}</span></td><td>${placeOf(t)}</td><td>${t.speakers.join(', ') || tr(msg`None`)}</td>
<td><a href="${ADMIN_PROGRAMME_PATH}?edit=${t.id}#form" aria-label="${tr(msg`Edit ${titleOf(t)}`)}">${tr(msg`Edit`)}</a>
${confirmDeletion(ctx, {
  id: `talk-${t.id}`,
  label: tr(msg`Remove`),
  ariaLabel: tr(msg`Remove ${titleOf(t)}`),
  question: tr(msg`Remove the talk “${titleOf(t)}” (${choices.when(t)})?`),
  detail: tr(msg`It leaves the programme and every visitor’s agenda.`),
  confirm: tr(msg`Remove the talk`),
  action: ADMIN_PROGRAMME_PATH,
  fields: { action: 'remove', id: t.id },
})}</td></tr>`,
  );
  const heading = editing ? tr(msg`Edit the talk “${titleOf(editing)}”`) : tr(msg`New talk`);
  const zone = choices.timeZone;
  return layout(
    ctx,
    tr(msg`Programme`),
    html`${backOfficeNav(ctx, 'admin.programme')}
${noticeOf(notice)}
<section class="card" aria-labelledby="talks-heading"><h2 id="talks-heading">${tr(msg`The talks`)}</h2>
<p>${tr(msg`Times are the salon’s (${zone}), the time zone an administrator sets with the opening hours. A talk on the live stream switches the stream on by itself from its start to its end, unless an administrator switches it by hand meanwhile.`)}</p>
${
  talks.length === 0
    ? html`<p>${tr(msg`No talk yet.`)}</p>`
    : html`<div class="scroll"><table><thead><tr><th>${tr(msg`When`)}</th><th>${tr(msg`Title (French / English)`)}</th><th>${tr(msg`Where`)}</th><th>${tr(msg`Speakers`)}</th><th>${tr(msg`Actions`)}</th></tr></thead><tbody>${rows}</tbody></table></div>`
}</section>
<section class="card" id="form" aria-labelledby="talk-form-heading"><h2 id="talk-form-heading">${heading}</h2>
${Object.keys(errors).length ? html`<p class="notice" role="alert">${tr(msg`The form has errors.`)}</p>` : ''}
<form method="post" action="${ADMIN_PROGRAMME_PATH}#form" novalidate>
<input type="hidden" name="action" value="${editing ? 'update' : 'create'}">${editing ? html`<input type="hidden" name="id" value="${editing.id}">` : ''}
${field({ form: 'talk', name: 'title_fr', label: tr(msg`Title (French)`), value: text(values.title_fr), required: true, ...error('title_fr') })}
${field({ form: 'talk', name: 'title_en', label: tr(msg`Title (English)`), value: text(values.title_en), required: true, ...error('title_en') })}
${textarea('talk', 'description_fr', tr(msg`Description (French)`), text(values.description_fr), errors.description_fr)}
${textarea('talk', 'description_en', tr(msg`Description (English)`), text(values.description_en), errors.description_en)}
${textarea('talk', 'speakers', tr(msg`Speakers (one a line)`), list(values.speakers).join('\n'), errors.speakers)}
${field({ form: 'talk', name: 'start', type: 'datetime-local', label: tr(msg`Starts at (${zone})`), value: text(values.start), required: true, ...error('start') })}
${field({ form: 'talk', name: 'end', type: 'datetime-local', label: tr(msg`Ends at (${zone})`), value: text(values.end), required: true, ...error('end') })}
${select(
  'talk',
  'place',
  tr(msg`Where`),
  text(values.place) || 'stream',
  [
    ['stream', tr(msg`On the live stream (the conference room)`)],
    ['stand', tr(msg`On a stand`)],
  ],
  errors.place,
)}
${field({ form: 'talk', name: 'video_url', type: 'url', label: tr(msg`Video address`), value: text(values.video_url), hint: tr(msg`On the live stream: required, http(s)://…`), ...error('video_url') })}
${field({ form: 'talk', name: 'chat_url', type: 'url', label: tr(msg`Chat address`), value: text(values.chat_url), hint: tr(msg`On the live stream: optional.`), ...error('chat_url') })}
${select('talk', 'stand_id', tr(msg`Stand`), text(values.stand_id), [['', tr(msg`None`)], ...choices.stands.map((s): [string, string] => [s.id, s.name])], errors.stand_id)}
<button type="submit">${editing ? tr(msg`Save the talk`) : tr(msg`Add the talk`)}</button>
${editing ? html` <a href="${ADMIN_PROGRAMME_PATH}#form">${tr(msg`Cancel`)}</a>` : ''}
</form></section>`,
  );
}
