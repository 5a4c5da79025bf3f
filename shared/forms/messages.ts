import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  CONTEST_SCORE_MAX,
  CONTEST_SCORE_MIN,
  OPINION_SCORE_MAX,
  OPINION_SCORE_MIN,
  type IssueCode,
} from '@salon/shared/contracts/form-rules';

/**
 * The forms' texts, also the server's answers (`@salon/shared/forms/texts`: this file imports no other entry, so the
 * server bundles only these descriptors).
 *
 * The texts of each issue code (spec §5; French in the forms' catalog), the browser's and the server's: the server
 * translates these descriptors from the same catalog (host-shell/server/views/messages.ts).
 */
export const ISSUE_MESSAGES: Record<IssueCode, MessageDescriptor> = {
  required: msg`This field is required`,
  email: msg`The email format is incorrect`,
  phone: msg`The number format is incorrect`,
  numeric: msg`A numeric format is expected`,
  date: msg`Expected a date as YYYY-MM-DD`,
  choice: msg`Invalid choice`,
  consent: msg`You must give your consent to send this request`,
  contest_rules: msg`You must accept the contest rules`,
  privacy: msg`You must accept the privacy policy`,
  tooLong: msg`Too long`,
  score: msg`The score must be a number`,
  range: msg`Choose a score from ${OPINION_SCORE_MIN} to ${OPINION_SCORE_MAX}`,
  contestScore: msg`The score must be a whole number from ${CONTEST_SCORE_MIN} to ${CONTEST_SCORE_MAX}`,
  noSuchDate: msg`This date does not exist`,
  futureDate: msg`The date cannot be in the future`,
  characters: msg`This field contains characters that are not allowed`,
};

/** Spec §8 "Forms": the toast of a contact or contest form whose call failed (non-200 or network). */
export const FORM_CALL_FAILED = msg`An error occured, see console for more information`;
/** Spec §8: the stand contact request's success (the server answers the same text). */
export const CONTACT_REQUEST_SENT = msg`The request has been sent successfully, you will be contacted very soon.`;
/** Spec §8: the contest's `data: 'contest_participation.already'`. */
export const CONTEST_ALREADY_RECORDED = msg`Your participation has already been recorded.`;
/** Spec §5: the contest is for visitors with a profile route only. */
export const CONTEST_NOT_ALLOWED = msg`You are not allowed to participate at the game`;
/** Spec §8 "Opinion" (the server answers the same texts). */
export const OPINION_THANKS = msg`Thanks for your opinion`;
export const OPINION_FAILED = msg`Sorry your opinion can't be taken due to an error.`;
