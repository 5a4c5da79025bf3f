/**
 * `@salon/shared/forms`: the visitor's forms (spec §5) — their rules, issue texts and consent wordings — shared by
 * the modals (the server reads `texts`, below). No TypeBox here: the request schemas are in `contracts/forms.ts` (types only for
 * the browser).
 */
import { registerCatalog, type CompiledCatalog } from '@salon/shared';

// The forms' own catalog (shared/forms/locales), loaded with the first form a page shows, not on every page.
registerCatalog('forms', (locale) => import(`./locales/${locale}/messages.ts`) as Promise<CompiledCatalog>);

export {
  checkForm,
  readForm,
  isValid,
  isTicked,
  opinionColour,
  standContactRules,
  offerFormRules,
  contestRules,
  contestParticipationRules,
  promoterContactRules,
  opinionRules,
  ISSUE_CODES,
  FIELD_MAX,
  OPINION_SCORE_MIN,
  OPINION_SCORE_MAX,
  OPINION_COMMENT_MAX,
  CONTEST_SCORE_MIN,
  CONTEST_SCORE_MAX,
  DEFAULT_CONTEST_NAME,
  isCalendarDate,
  latestToday,
  NPS_COOKIE,
  NPS_COOKIE_MAX_AGE_SECONDS,
  CONTACT_SUBJECTS,
  SOCIAL_PLATFORMS,
  type IssueCode,
  type FieldRule,
  type FormRules,
  type FormContext,
  type FormIssues,
  type FormValues,
  type TextFormat,
  type OpinionColour,
  type ContactSubject,
  type SocialPlatform,
} from '@salon/shared/contracts/form-rules';
export { PATTERNS } from '@salon/shared/contracts/patterns';
export {
  ISSUE_MESSAGES,
  FORM_CALL_FAILED,
  CONTACT_REQUEST_SENT,
  CONTEST_ALREADY_RECORDED,
  CONTEST_NOT_ALLOWED,
  OPINION_THANKS,
  OPINION_FAILED,
} from './messages';
export {
  CONSENTS,
  FORM_CONSENTS,
  consentWording,
  type ConsentKey,
  type ConsentText,
  type ConsentRecord,
  type LeadKind,
} from '@salon/shared/contracts/consents';
