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
  fr: string;
  en: string;
  hint?: [fr: string, en: string];
}

export const SEARCH_PERMISSION_LABELS: [value: string, fr: string, en: string][] = [
  ['exhibitor', 'Exposants', 'Exhibitors'],
  ['visitor', 'Visiteurs', 'Visitors'],
  ['promoter', 'Organisateurs', 'Organizers'],
  ['connected', 'Personnes connectées', 'Connected people'],
  ['stand_vistor', 'Visiteurs du même stand', 'Visitors on the same stand'],
  ['stand_exhibitor', 'Exposants du même stand', 'Exhibitors on the same stand'],
  ['stand_promoter', 'Organisateurs du même stand', 'Organizers on the same stand'],
  ['stand_connected', 'Personnes connectées du même stand', 'Connected people on the same stand'],
];

export const PRIORITY_ACTION_LABELS: [value: string, fr: string, en: string][] = [
  ['chat', 'Chat', 'Chat'],
  ['mail', 'E-mail', 'Email'],
  ['mobile', 'Téléphone', 'Phone'],
  ['linkedin', 'LinkedIn', 'LinkedIn'],
];

/** Every app parameter of spec §3, in the order the form shows them, grouped. */
export const PARAMETER_GROUPS: { fr: string; en: string; fields: ParameterField[] }[] = [
  {
    fr: 'Le salon',
    en: 'The fair',
    fields: [
      { name: 'room_name', kind: 'line', fr: 'Nom du salon (français)', en: 'Fair name (French)', hint: ['Obligatoire, 120 caractères au plus.', 'Required, at most 120 characters.'] },
      { name: 'room_name_en', kind: 'line', fr: 'Nom du salon (anglais)', en: 'Fair name (English)', hint: ['Obligatoire, 120 caractères au plus.', 'Required, at most 120 characters.'] },
      { name: 'room_desc', kind: 'text', fr: 'Description du salon (français)', en: 'Fair description (French)' },
      { name: 'room_desc_en', kind: 'text', fr: 'Description du salon (anglais)', en: 'Fair description (English)' },
      { name: 'form_text', kind: 'text', fr: 'Texte sous les formulaires', en: 'Text under the forms' },
    ],
  },
  {
    fr: 'Partage sur les réseaux sociaux',
    en: 'Social sharing',
    fields: [
      { name: 'social_title', kind: 'line', fr: 'Titre de partage (français)', en: 'Sharing title (French)' },
      { name: 'social_title_en', kind: 'line', fr: 'Titre de partage (anglais)', en: 'Sharing title (English)' },
      { name: 'social_description', kind: 'text', fr: 'Description de partage (français)', en: 'Sharing description (French)' },
      { name: 'social_description_en', kind: 'text', fr: 'Description de partage (anglais)', en: 'Sharing description (English)' },
      { name: 'social_image', kind: 'url', fr: 'Image de partage', en: 'Sharing image', hint: ['Adresse http(s) ou chemin du site (/media/…), ou vide.', 'An http(s) address or a path of this site (/media/…), or empty.'] },
    ],
  },
  {
    fr: 'Apparence',
    en: 'Appearance',
    fields: [
      { name: 'styles.sidebar.opacity', kind: 'percent', fr: 'Opacité des panneaux (%)', en: 'Panel opacity (%)', hint: ['De 0 à 100.', 'From 0 to 100.'] },
      { name: 'styles.sidebar.blur', kind: 'percent', fr: 'Flou derrière les panneaux', en: 'Blur behind the panels', hint: ['De 0 à 100.', 'From 0 to 100.'] },
    ],
  },
  {
    fr: 'Chat et exposants',
    en: 'Chat and exhibitors',
    fields: [
      { name: 'exhibitor_search_permissions', kind: 'permissions', fr: 'Les exposants peuvent chercher', en: 'Exhibitors can search for' },
      { name: 'visitor_search_permissions', kind: 'permissions', fr: 'Les visiteurs peuvent chercher', en: 'Visitors can search for' },
      { name: 'last_activity_period', kind: 'int', fr: 'Délai « connecté » (secondes)', en: '“Connected” period (seconds)', hint: ['De 1 à 86400 ; 900 par défaut.', 'From 1 to 86400; 900 by default.'] },
      {
        name: 'exhibitor_activity_period_before_hide',
        kind: 'int',
        fr: 'Exposant masqué après inactivité (secondes)',
        en: 'Exhibitor hidden after inactivity (seconds)',
        hint: ['De 1 à 86400.', 'From 1 to 86400.'],
      },
      { name: 'exhibitor_force_visio_link', kind: 'bool', fr: 'Lien visio de l’exposant en action principale', en: 'Exhibitor’s video link as the main action' },
      { name: 'exhibitor_upc_priority_action', kind: 'choice', fr: 'Action principale du point de contact', en: 'Contact point main action' },
    ],
  },
  {
    fr: 'Formulaires, jeu concours, avis',
    en: 'Forms, contest, opinion',
    fields: [
      { name: 'stands_optin_marketing', kind: 'bool', fr: 'Case d’accord marketing sur les formulaires des stands', en: 'Marketing consent box on the stand forms' },
      { name: 'contest_optin_marketing', kind: 'bool', fr: 'Case d’accord marketing au jeu concours', en: 'Marketing consent box in the contest' },
      {
        name: 'contests',
        kind: 'list',
        fr: 'Jeux concours',
        en: 'Contests',
        hint: ['Noms séparés par des virgules (lettres, chiffres, - et _), au moins un.', 'Names separated by commas (letters, digits, - and _), at least one.'],
      },
      { name: 'feedback_delay', kind: 'int', fr: 'Délai avant la fenêtre d’avis (secondes)', en: 'Delay before the opinion popup (seconds)', hint: ['0 la désactive ; 604800 au plus.', '0 turns it off; at most 604800.'] },
    ],
  },
  {
    fr: 'Services',
    en: 'Services',
    fields: [
      { name: 'ga_ua', kind: 'line', fr: 'Identifiant Google Analytics', en: 'Google Analytics id', hint: ['Lettres, chiffres et tirets, ou vide.', 'Letters, digits and dashes, or empty.'] },
      { name: 'gif_key', kind: 'line', fr: 'Clé du service de GIF', en: 'GIF service key' },
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
  const label = tr(f.fr, f.en);
  const error = errors[f.name];
  const hint = f.hint ? tr(...f.hint) : undefined;
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
  ([value, fr, en]) =>
    html`<label class="check" for="${id}-${value}"><input id="${id}-${value}" type="checkbox" name="${f.name}" value="${value}"${checked.includes(value) ? html` checked` : ''}>${tr(fr, en)}</label>`,
)}
<p class="hint">${tr('Aucune case : la recherche est désactivée.', 'No box: search is off.')}</p>${error ? html`<p class="error" id="${id}-error">${error}</p>` : ''}</fieldset>`;
    }
    case 'choice': {
      const current = asText(values[f.name]);
      return html`<label for="${id}">${label}</label>
<select id="${id}" name="${f.name}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${PRIORITY_ACTION_LABELS.map(
        ([value, fr, en]) => html`<option value="${value}"${current === value ? html` selected` : ''}>${tr(fr, en)}</option>`,
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
export function settingsSection(ctx: PageContext, state: { values: FormValues; errors?: Record<string, string>; saved?: boolean }): SafeHtml {
  const { tr, link } = helpers(ctx);
  const errors = state.errors ?? {};
  return html`<section class="card" id="settings" aria-labelledby="settings-heading">
<h2 id="settings-heading">${tr('Paramètres du salon', 'Fair settings')}</h2>
<p>${tr('Les visiteurs connectés reçoivent les changements aussitôt (nom du salon, apparence, parcours…).', 'Connected visitors get the changes at once (fair name, appearance, journey…).')}</p>
${state.saved ? html`<p class="notice success" role="status">${tr('Les paramètres ont été enregistrés.', 'The settings have been saved.')}</p>` : ''}
${Object.keys(errors).length > 0 ? html`<p class="notice" role="alert">${tr('Le formulaire contient des erreurs.', 'The form has errors.')}</p>` : ''}
<form method="post" action="${link('admin')}#settings" novalidate>
<input type="hidden" name="form" value="settings">
<fieldset><legend>${tr('Fonctionnalités', 'Feature flags')}</legend>
${checkbox({ form: 'settings', name: 'feature.journey', label: tr('Parcours personnalisé (journey)', 'Personal journey (journey)'), checked: asText(state.values['feature.journey']) === '1' })}
</fieldset>
${PARAMETER_GROUPS.map(
  (group) => html`<fieldset><legend>${tr(group.fr, group.en)}</legend>
${group.fields.map((f) => parameterField(ctx, f, state.values, errors))}
</fieldset>`,
)}
<button type="submit">${tr('Enregistrer les paramètres', 'Save the settings')}</button>
</form>
</section>`;
}

/** The live stream switch (spec §2.2): on, it replaces every visitor's room. */
export function streamSection(ctx: PageContext, state: { current: StreamData; values?: FormValues; errors?: Record<string, string>; saved?: boolean }): SafeHtml {
  const { tr, link } = helpers(ctx);
  const errors = state.errors ?? {};
  const values: FormValues = state.values ?? {
    active: state.current.active ? '1' : '',
    video_url: state.current.video_url ?? '',
    chat_url: state.current.chat_url ?? '',
  };
  return html`<section class="card" id="stream" aria-labelledby="stream-heading">
<h2 id="stream-heading">${tr('Direct vidéo', 'Live stream')}</h2>
<p id="stream-state"><strong>${state.current.active ? tr('Le direct est en cours : il remplace le salon de chaque visiteur.', 'The live stream is on: it replaces every visitor’s room.') : tr('Pas de direct : les visiteurs voient le salon.', 'No live stream: visitors see the room.')}</strong></p>
${state.saved ? html`<p class="notice success" role="status">${tr('Le direct a été enregistré ; les salles des visiteurs suivent en quelques secondes.', 'The live stream has been saved; visitors’ rooms follow within seconds.')}</p>` : ''}
${Object.keys(errors).length > 0 ? html`<p class="notice" role="alert">${tr('Le formulaire contient des erreurs.', 'The form has errors.')}</p>` : ''}
<form method="post" action="${link('admin')}#stream" novalidate>
<input type="hidden" name="form" value="stream">
${checkbox({ form: 'stream', name: 'active', label: tr('Direct en cours (remplace le salon)', 'Live stream on (replaces the room)'), checked: asText(values.active) === '1' })}
${errors.active ? html`<p class="error">${errors.active}</p>` : ''}
${field({ form: 'stream', name: 'video_url', type: 'url', label: tr('Adresse de la vidéo', 'Video address'), value: asText(values.video_url), hint: tr('http(s)://… ; obligatoire pour lancer le direct.', 'http(s)://…; required to switch the stream on.'), ...(errors.video_url ? { error: errors.video_url } : {}) })}
${field({ form: 'stream', name: 'chat_url', type: 'url', label: tr('Adresse du chat (facultative)', 'Chat address (optional)'), value: asText(values.chat_url), hint: tr('http(s)://… ; vide : pas de chat à côté de la vidéo.', 'http(s)://…; empty: no chat beside the video.'), ...(errors.chat_url ? { error: errors.chat_url } : {}) })}
<button type="submit">${tr('Enregistrer le direct', 'Save the live stream')}</button>
</form>
</section>`;
}
