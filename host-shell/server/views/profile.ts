import { msg } from '@lingui/core/macro';
import { PUBLISHABLE_FIELDS, type PublishableField } from '@salon/shared/contracts/users';
import type { UserRow } from '../db/schema';
import { html } from '../lib/html';
import { TALK_REMINDER_PATH } from '../services/talk-reminder-mail';
import { parseFieldsParam } from '../services/users';
import { checkbox, field } from './forms';
import { helpers, layout, type PageContext } from './layout';

export interface ProfileState {
  /** Values as typed (after a failed POST) or as stored. */
  values: Record<string, string>;
  /** Publication checkboxes: field → published. */
  published: Partial<Record<PublishableField, boolean>>;
  publishProfile: boolean;
  errors?: Record<string, string>;
  saved?: boolean;
  /** The talk reminders' choice was just saved. */
  remindersSaved?: boolean;
}

export function profileStateOf(user: UserRow): ProfileState {
  const fp = parseFieldsParam(user.fields_param);
  const empty = Object.keys(fp).length === 0;
  return {
    values: {
      pseudo: user.pseudo ?? '',
      firstname: user.firstname ?? '',
      lastname: user.lastname ?? '',
      contact_email: user.contact_email ?? '',
      mobile: user.mobile ?? '',
      postal_code: user.postal_code ?? '',
      city: user.city ?? '',
      birthdate: user.birthdate ?? '',
      linkedin: user.linkedin ?? '',
    },
    published: Object.fromEntries(PUBLISHABLE_FIELDS.map((f) => [f, empty || fp[f] === '0'])),
    publishProfile: user.hidden === 0,
  };
}

export function profilePage(ctx: PageContext, user: UserRow, state: ProfileState): string {
  const { tr, link } = helpers(ctx);
  const e = state.errors ?? {};
  const v = state.values;
  const labels: Record<PublishableField, string> = {
    firstname: tr(msg`First name`),
    lastname: tr(msg`Last name`),
    email: tr(msg`Account email`),
    contact_email: tr(msg`Contact email`),
    mobile: tr(msg`Phone`),
    postal_code: tr(msg`Postal code`),
    city: tr(msg`City`),
    birthdate: tr(msg`Birth date`),
    linkedin: 'LinkedIn',
    visio_link: tr(msg`Video link`),
  };
  const f = (name: keyof typeof v, label: string, type: 'text' | 'email' | 'tel' | 'date' | 'url' = 'text', autocomplete?: string) =>
    field({ form: 'profile', name, label, type, value: v[name], error: e[name], autocomplete });
  return layout(
    ctx,
    tr(msg`My profile`),
    html`${state.saved ? html`<p class="notice success" role="status">${tr(msg`Your profile has been saved.`)}</p>` : ''}
${Object.keys(e).length ? html`<p class="notice" role="alert">${tr(msg`The form has errors.`)}</p>` : ''}
<form method="post" action="${link('profile')}" novalidate class="card">
<p>${tr(msg`Account email:`)} <strong>${user.email ?? ''}</strong></p>
${f('pseudo', tr(msg`Nickname`), 'text', 'nickname')}
${f('firstname', labels.firstname, 'text', 'given-name')}
${f('lastname', labels.lastname, 'text', 'family-name')}
${f('contact_email', labels.contact_email, 'email', 'email')}
${f('mobile', labels.mobile, 'tel', 'tel')}
${f('postal_code', labels.postal_code, 'text', 'postal-code')}
${f('city', labels.city, 'text', 'address-level2')}
${f('birthdate', labels.birthdate, 'date', 'bday')}
${f('linkedin', labels.linkedin, 'url')}
<fieldset>
<legend>${tr(msg`Details other participants can see`)}</legend>
${PUBLISHABLE_FIELDS.filter((name) => name !== 'visio_link' || user.profile === 'exhibitor').map((name) => checkbox({ form: 'profile', name: `publish_${name}`, label: labels[name], checked: state.published[name] ?? false }))}
${user.profile === 'exhibitor' ? checkbox({ form: 'profile', name: 'publish_profile', label: tr(msg`Publish my exhibitor profile`), checked: state.publishProfile }) : ''}
</fieldset>
<button type="submit">${tr(msg`Save`)}</button>
</form>
${
  user.email
    ? html`<section class="card" id="talk-reminders" aria-labelledby="talk-reminders-title"><h2 id="talk-reminders-title">${tr(msg`Talk reminders`)}</h2>
${state.remindersSaved ? html`<p class="notice success" role="status">${tr(msg`Saved.`)}</p>` : ''}
<p>${tr(msg`The salon reminds you of each talk of your agenda 5 minutes before it starts.`)}</p>
<form method="post" action="${TALK_REMINDER_PATH}">
${checkbox({ form: 'reminders', name: 'talk_reminder_emails', label: tr(msg`Also by e-mail, to ${user.email}`), checked: user.talk_reminder_emails === 1 })}
<button type="submit">${tr(msg`Save my reminders`)}</button>
</form></section>`
    : ''
}`,
  );
}
