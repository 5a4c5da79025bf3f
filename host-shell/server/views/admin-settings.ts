import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ParameterKey } from '@salon/shared/contracts/settings';
import type { StreamData } from '@salon/shared/contracts/room';
import { html, type SafeHtml } from '../lib/html';
import { checkbox, field } from './forms';
import { helpers, type PageContext } from './layout';

/** A form's values as posted (or as stored, for a first display): one text per field, a list for the checkbox groups. */
export type FormValues = Record<string, string | string[]>;

type Kind = 'line' | 'url' | 'text' | 'bool' | 'int' | 'percent' | 'permissions' | 'choice' | 'list';

export interface ParameterField {
  /** The parameter, or a path inside one (`styles.sidebar.opacity`): also the input's name. */
  name: ParameterKey | 'styles.sidebar.opacity' | 'styles.sidebar.blur';
  kind: Kind;
  label: MessageDescriptor;
  hint?: MessageDescriptor;
}

export const SEARCH_PERMISSION_LABELS: [value: string, label: MessageDescriptor][] = [
  ['exhibitor', msg`Exhibitors`],
  ['visitor', msg`Visitors`],
  ['promoter', msg`Organizers`],
  ['connected', msg`Connected people`],
  ['stand_vistor', msg`Visitors on the same stand`],
  ['stand_exhibitor', msg`Exhibitors on the same stand`],
  ['stand_promoter', msg`Organizers on the same stand`],
  ['stand_connected', msg`Connected people on the same stand`],
];

export const PRIORITY_ACTION_LABELS: [value: string, label: MessageDescriptor][] = [
  ['chat', msg`Chat`],
  ['mail', msg`Email`],
  ['mobile', msg`Phone`],
  ['linkedin', msg`LinkedIn`],
];

/** Every app parameter of spec §3, in the order the form shows them, grouped. */
export const PARAMETER_GROUPS: { label: MessageDescriptor; fields: ParameterField[] }[] = [
  {
    label: msg`The fair`,
    fields: [
      { name: 'room_name', kind: 'line', label: msg`Fair name (French)`, hint: msg`Required, at most 120 characters.` },
      { name: 'room_name_en', kind: 'line', label: msg`Fair name (English)`, hint: msg`Required, at most 120 characters.` },
      { name: 'room_desc', kind: 'text', label: msg`Fair description (French)` },
      { name: 'room_desc_en', kind: 'text', label: msg`Fair description (English)` },
      { name: 'form_text', kind: 'text', label: msg`Text under the forms` },
    ],
  },
  {
    label: msg`Social sharing`,
    fields: [
      { name: 'social_title', kind: 'line', label: msg`Sharing title (French)` },
      { name: 'social_title_en', kind: 'line', label: msg`Sharing title (English)` },
      { name: 'social_description', kind: 'text', label: msg`Sharing description (French)` },
      { name: 'social_description_en', kind: 'text', label: msg`Sharing description (English)` },
      {
        name: 'social_image',
        kind: 'url',
        label: msg`Sharing image`,
        hint: msg`An http(s) address or a path of this site (/media/…), or empty.`,
      },
    ],
  },
  {
    label: msg`Appearance`,
    fields: [
      { name: 'styles.sidebar.opacity', kind: 'percent', label: msg`Panel opacity (%)`, hint: msg`From 0 to 100.` },
      { name: 'styles.sidebar.blur', kind: 'percent', label: msg`Blur behind the panels`, hint: msg`From 0 to 100.` },
    ],
  },
  {
    label: msg`Chat and exhibitors`,
    fields: [
      { name: 'exhibitor_search_permissions', kind: 'permissions', label: msg`Exhibitors can search for` },
      { name: 'visitor_search_permissions', kind: 'permissions', label: msg`Visitors can search for` },
      { name: 'last_activity_period', kind: 'int', label: msg`“Connected” period (seconds)`, hint: msg`From 1 to 86400; 900 by default.` },
      {
        name: 'exhibitor_activity_period_before_hide',
        kind: 'int',
        label: msg`Exhibitor hidden after inactivity (seconds)`,
        hint: msg`From 1 to 86400.`,
      },
      { name: 'exhibitor_force_visio_link', kind: 'bool', label: msg`Exhibitor’s video link as the main action` },
      { name: 'exhibitor_upc_priority_action', kind: 'choice', label: msg`Contact point main action` },
    ],
  },
  {
    label: msg`Forms, contest, opinion`,
    fields: [
      { name: 'stands_optin_marketing', kind: 'bool', label: msg`Marketing consent box on the stand forms` },
      { name: 'contest_optin_marketing', kind: 'bool', label: msg`Marketing consent box in the contest` },
      {
        name: 'contests',
        kind: 'list',
        label: msg`Contests`,
        hint: msg`Names separated by commas (letters, digits, - and _), at least one.`,
      },
      {
        name: 'feedback_delay',
        kind: 'int',
        label: msg`Delay before the opinion popup (seconds)`,
        hint: msg`0 turns it off; at most 604800.`,
      },
    ],
  },
  {
    label: msg`Services`,
    fields: [
      { name: 'ga_ua', kind: 'line', label: msg`Google Analytics id`, hint: msg`Letters, digits and dashes, or empty.` },
      { name: 'gif_key', kind: 'line', label: msg`GIF service key` },
    ],
  },
];

const asText = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(',') : (value ?? ''));
const asList = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : value ? [value] : []);

function textarea(o: { name: string; label: string; value: string; error?: string }): SafeHtml {
  const id = `settings-${o.name}`;
  return html`<label for="${id}">${o.label}</label>
<textarea id="${id}" name="${o.name}" rows="3"${o.error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${o.value}</textarea>
${o.error ? html`<p class="error" id="${id}-error">${o.error}</p>` : ''}`;
}

function parameterField(ctx: PageContext, f: ParameterField, values: FormValues, errors: Record<string, string>): SafeHtml {
  const { tr } = helpers(ctx);
  const label = tr(f.label);
  const error = errors[f.name];
  const hint = f.hint ? tr(f.hint) : undefined;
  const id = `settings-${f.name}`;
  switch (f.kind) {
    case 'bool':
      return html`${checkbox({ form: 'settings', name: f.name, label, checked: asText(values[f.name]) === '1' })}${error ? html`<p class="error">${error}</p>` : ''}`;
    case 'text':
      return textarea({ name: f.name, label, value: asText(values[f.name]), ...(error ? { error } : {}) });
    case 'permissions': {
      const checked = asList(values[f.name]);
      return html`<fieldset${error ? html` aria-describedby="${id}-error"` : ''}><legend>${label}</legend>
${SEARCH_PERMISSION_LABELS.map(
  ([value, text]) =>
    html`<label class="check" for="${id}-${value}"><input id="${id}-${value}" type="checkbox" name="${f.name}" value="${value}"${checked.includes(value) ? html` checked` : ''}>${tr(text)}</label>`,
)}
<p class="hint">${tr(msg`No box: search is off.`)}</p>${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}</fieldset>`;
    }
    case 'choice': {
      const current = asText(values[f.name]);
      return html`<label for="${id}">${label}</label>
<select id="${id}" name="${f.name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${PRIORITY_ACTION_LABELS.map(
        ([value, text]) => html`<option value="${value}"${current === value ? html` selected` : ''}>${tr(text)}</option>`,
      )}</select>${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}`;
    }
    default:
      return field({
        form: 'settings',
        name: f.name,
        label,
        value: asText(values[f.name]),
        ...(error ? { error } : {}),
        ...(hint ? { hint } : {}),
        ...(f.kind === 'url' ? { type: 'url' as const } : {}),
      });
  }
}

/** The parameters and feature flags: one form, every field, errors next to each. */
export function settingsSection(
  ctx: PageContext,
  state: { values: FormValues; errors?: Record<string, string>; saved?: boolean },
): SafeHtml {
  const { tr, link } = helpers(ctx);
  const errors = state.errors ?? {};
  return html`<section class="card" id="settings" aria-labelledby="settings-heading">
<h2 id="settings-heading">${tr(msg`Fair settings`)}</h2>
<p>${tr(msg`Connected visitors get the changes at once (fair name, appearance, journey…).`)}</p>
${state.saved ? html`<p class="notice success" role="status">${tr(msg`The settings have been saved.`)}</p>` : ''}
${Object.keys(errors).length > 0 ? html`<p class="notice" role="alert">${tr(msg`The form has errors.`)}</p>` : ''}
<form method="post" action="${link('admin')}#settings" novalidate>
<input type="hidden" name="form" value="settings">
<fieldset><legend>${tr(msg`Feature flags`)}</legend>
${checkbox({ form: 'settings', name: 'feature.journey', label: tr(msg`Personal journey (journey)`), checked: asText(state.values['feature.journey']) === '1' })}
</fieldset>
${PARAMETER_GROUPS.map(
  (group) => html`<fieldset><legend>${tr(group.label)}</legend>
${group.fields.map((f) => parameterField(ctx, f, state.values, errors))}
</fieldset>`,
)}
<fieldset id="settings-auth"><legend>${tr(msg`Authentication (auth)`)}</legend>
<p>${tr(msg`Not a setting: each page gives it per person, “yes” for a logged-in visitor and “no” for an anonymous one. It changes the forms: the organizer’s contact form asks for an email only when the person is not logged in.`)}</p>
</fieldset>
<button type="submit">${tr(msg`Save the settings`)}</button>
</form>
</section>`;
}

/** The live stream switch (spec §2.2): on, it replaces every visitor's room. */
export function streamSection(
  ctx: PageContext,
  state: { current: StreamData; values?: FormValues; errors?: Record<string, string>; saved?: boolean },
): SafeHtml {
  const { tr, link } = helpers(ctx);
  const errors = state.errors ?? {};
  const values: FormValues = state.values ?? {
    active: state.current.active ? '1' : '',
    video_url: state.current.video_url ?? '',
    chat_url: state.current.chat_url ?? '',
  };
  return html`<section class="card" id="stream" aria-labelledby="stream-heading">
<h2 id="stream-heading">${tr(msg`Live stream`)}</h2>
<p id="stream-state"><strong>${state.current.active ? tr(msg`The live stream is on: it replaces every visitor’s room.`) : tr(msg`No live stream: visitors see the room.`)}</strong></p>
${state.saved ? html`<p class="notice success" role="status">${tr(msg`The live stream has been saved; visitors’ rooms follow within seconds.`)}</p>` : ''}
${Object.keys(errors).length > 0 ? html`<p class="notice" role="alert">${tr(msg`The form has errors.`)}</p>` : ''}
<form method="post" action="${link('admin')}#stream" novalidate>
<input type="hidden" name="form" value="stream">
${checkbox({ form: 'stream', name: 'active', label: tr(msg`Live stream on (replaces the room)`), checked: asText(values.active) === '1' })}
${errors.active ? html`<p class="error">${errors.active}</p>` : ''}
${field({ form: 'stream', name: 'video_url', type: 'url', label: tr(msg`Video address`), value: asText(values.video_url), hint: tr(msg`http(s)://…; required to switch the stream on.`), ...(errors.video_url ? { error: errors.video_url } : {}) })}
${field({ form: 'stream', name: 'chat_url', type: 'url', label: tr(msg`Chat address (optional)`), value: asText(values.chat_url), hint: tr(msg`http(s)://…; empty: no chat beside the video.`), ...(errors.chat_url ? { error: errors.chat_url } : {}) })}
<button type="submit">${tr(msg`Save the live stream`)}</button>
</form>
</section>`;
}
