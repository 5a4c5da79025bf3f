import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLISHABLE_FIELDS, UserMeUpdateBody, type PublishableField } from '@salon/shared/contracts/users';
import { url } from '@salon/shared/contracts/routes';
import { validate } from '../../lib/validation';
import { applyProfileUpdate, PROFILE_TEXT_FIELDS, profileIssues } from '../../services/profile';
import { setMailOptIn } from '../../services/mail';
import { formStrings } from '../../views/forms';
import { fieldErrors, formErrorsOf } from '../../views/messages';
import { profilePage, profileStateOf, type ProfileState } from '../../views/profile';
import { gate, pageContext, sendPage } from './kit';

export async function showProfile(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const query: unknown = request.query;
  const saved = typeof query === 'object' && query !== null && 'saved' in query;
  const remindersSaved = typeof query === 'object' && query !== null && 'reminders' in query;
  return sendPage(reply, profilePage(ctx, user, { ...profileStateOf(user), saved, remindersSaved }));
}

/** POST /profil/rappels: the opt-in to an e-mail before each talk of one's agenda (`services/talk-reminder-mail.ts`). */
export async function saveTalkReminders(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true });
  if (!user) return reply;
  const ctx = await pageContext(request);
  await setMailOptIn(request.server.db, user.id, 'talk_reminder_emails', formStrings(request.body).talk_reminder_emails === '1');
  return reply.redirect(url('profile', {}, { origin: ctx.origin, query: { reminders: 'saved' }, hash: 'talk-reminders' }), 303);
}

export async function saveProfile(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const form = formStrings(request.body);

  // An empty field clears the value; an unticked box hides the field ('1'), a ticked one publishes it ('0').
  const body: Record<string, unknown> = {};
  for (const name of PROFILE_TEXT_FIELDS) body[name] = form[name] ? form[name] : null;
  body.fields_param = Object.fromEntries(PUBLISHABLE_FIELDS.map((name) => [name, form[`publish_${name}`] ? '0' : '1']));
  if (user.profile === 'exhibitor') body.hidden = !form.publish_profile;

  const checked = validate(UserMeUpdateBody, body);
  const errors = checked.ok ? formErrorsOf(ctx.locale, profileIssues(checked.value)) : fieldErrors(ctx.locale, checked.issues);
  if (!checked.ok || Object.keys(errors).length > 0) {
    const state: ProfileState = {
      values: Object.fromEntries(PROFILE_TEXT_FIELDS.map((name) => [name, form[name] ?? ''])),
      published: Object.fromEntries(PUBLISHABLE_FIELDS.map((name): [PublishableField, boolean] => [name, !!form[`publish_${name}`]])),
      publishProfile: !!form.publish_profile,
      errors,
    };
    return sendPage(reply, profilePage(ctx, user, state), 400);
  }
  await applyProfileUpdate(request.server.db, user, checked.value);
  // The live lists that show them (chat users, the stands they are on) read their row again.
  request.server.live.publish({ type: 'presence', userIds: [user.id] });
  return reply.redirect(url('profile', {}, { origin: ctx.origin, query: { saved: 1 } }), 303);
}
