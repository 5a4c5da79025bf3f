import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import {
  CONTACT_REQUEST_SENT,
  CONTEST_ALREADY_RECORDED,
  CONTEST_NOT_ALLOWED,
  ISSUE_MESSAGES,
  OPINION_FAILED,
  OPINION_THANKS,
} from '@salon/shared/forms/texts';
import type { IssueCode } from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import type { Issue } from '../lib/validation';

/**
 * The answers of the visitor's forms (spec §5, §8). Those the browser shows too are the forms' own descriptors
 * (shared/forms/messages.ts, translated from the forms' catalog): one text for both sides.
 */
export const FORM_TEXTS = {
  hasErrors: msg`The form has errors.`,
  contactRequestSent: CONTACT_REQUEST_SENT,
  offerSent: CONTACT_REQUEST_SENT,
  contestNotAllowed: CONTEST_NOT_ALLOWED,
  contestAlready: CONTEST_ALREADY_RECORDED,
  contestRecorded: msg`Your participation has been recorded.`,
  scoreRecorded: msg`Your score has been recorded.`,
  opinionThanks: OPINION_THANKS,
  opinionFailed: OPINION_FAILED,
  unreadable: msg`The form could not be read.`,
} as const satisfies Record<string, MessageDescriptor>;

/** `POST /api/concours/{contest_name}` with a name that is not one of the salon's contests (404). */
export const unknownContestText = (locale: LocaleCode, name: string): string =>
  say(locale, msg`Unknown contest: "${name}". This salon has no contest of that name.`);

/** A field a form does not have (the contest's answer names it, since it is shown under no field). */
export const notAFieldText = (locale: LocaleCode, field: string): string =>
  field ? say(locale, msg`"${field}" is not a field of this form.`) : say(locale, FORM_TEXTS.unreadable);

export const issueText = (locale: LocaleCode, code: IssueCode): string => say(locale, ISSUE_MESSAGES[code]);

/** `checkForm`'s issues as the `formErrors` of an answer: field → text in the request's language. */
export function formErrorsOf(locale: LocaleCode, issues: Readonly<Partial<Record<string, IssueCode>>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, code] of Object.entries(issues)) if (code) out[field] = issueText(locale, code);
  return out;
}

/** Messages of the schema-validated server forms (profile, registration), with the same texts for the same cases. */
export function issueMessage(locale: LocaleCode, issue: Issue): string {
  const tr = (text: MessageDescriptor) => say(locale, text);
  const field = issue.field;
  switch (issue.kind) {
    case 'required':
    case 'empty':
      return issueText(locale, 'required');
    case 'characters':
      return issueText(locale, 'characters');
    case 'format':
      if (field === 'email' || field === 'contact_email') return issueText(locale, 'email');
      if (field === 'mobile' || field === 'phone') return issueText(locale, 'phone');
      if (field === 'postal_code') return issueText(locale, 'numeric');
      if (field === 'birthdate') return issueText(locale, 'date');
      if (field === 'linkedin') return tr(msg`Expected a web address (https://…)`);
      if (field === 'at') return tr(msg`Expected a time, as 17h30`);
      if (['pseudo', 'firstname', 'lastname', 'city'].includes(field)) return issueText(locale, 'characters');
      return tr(msg`Invalid format`);
    case 'tooShort':
      if (field === 'password') return tr(msg`The password must be at least 8 characters long`);
      return tr(msg`Too short`);
    case 'tooLong':
      return issueText(locale, 'tooLong');
    case 'oneOf':
      return issueText(locale, 'choice');
    default:
      return tr(msg`Invalid value`);
  }
}

export function fieldErrors(locale: LocaleCode, issues: Issue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.field.split('.')[0] || '_';
    out[key] ??= issueMessage(locale, issue);
  }
  return out;
}
