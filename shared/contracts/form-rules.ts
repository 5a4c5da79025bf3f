import { isCalendarDate, latestToday, PATTERNS } from './patterns';

export { isCalendarDate, latestToday };

/**
 * The visitor's forms (spec §5) as small declarative rules, checked the same way in the browser (the modals) and
 * on the server (the API and the server-rendered pages). `checkForm` answers one issue code per field; the texts
 * are the forms' Lingui descriptors (`shared/forms/messages.ts`), which the modals and the server's `views/messages.ts`
 * translate from the same catalog.
 */

export const ISSUE_CODES = [
  'required',
  'email',
  'phone',
  'numeric',
  'date',
  'choice',
  'consent',
  'contest_rules',
  'privacy',
  'tooLong',
  'score',
  'range',
  'contestScore',
  'noSuchDate',
  'futureDate',
  'characters',
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];

export type TextFormat = 'email' | 'phone' | 'numeric' | 'date';

export type FieldRule =
  /**
   * `required: 'unauthenticated'`: required only when `context.authenticated` is not true. The `date` format is a
   * real calendar date (`noSuchDate` otherwise); `notFuture` refuses one after today (`futureDate`). Control and
   * direction-override characters are refused (`characters`); `multiline` lets tabs and line breaks through.
   */
  | {
      type: 'text';
      required?: boolean | 'unauthenticated';
      format?: TextFormat;
      maxLength: number;
      notFuture?: boolean;
      multiline?: boolean;
    }
  | { type: 'choice'; required?: boolean; options: readonly string[] }
  /** `mustBeTicked`: the code of an unticked box; without it the box is optional. */
  | { type: 'checkbox'; mustBeTicked?: IssueCode }
  /** A missing value is `required` (or fine when not required), a non-number `score`, out of bounds `outOfRange` ('range'). */
  | { type: 'number'; required?: boolean; integer?: boolean; min?: number; max?: number; outOfRange?: IssueCode };

export type FormRules = Readonly<Record<string, FieldRule>>;

export interface FormContext {
  /** A logged-in, non-anonymous user (spec §3 App parameters `auth`). */
  authenticated?: boolean;
  /** Today as YYYY-MM-DD, for `notFuture` dates; by default `latestToday()`. */
  today?: string;
}

export type FormIssues<R extends FormRules> = Partial<Record<keyof R & string, IssueCode>>;

type ValueOf<R extends FieldRule> = R extends { type: 'checkbox' } ? boolean : R extends { type: 'number' } ? number | null : string;
/** The cleaned values of a form: texts trimmed ('' when absent), boxes as booleans, numbers or null. */
export type FormValues<R extends FormRules> = { -readonly [K in keyof R]: ValueOf<R[K]> };

/** Lengths the server stores; the schemas of `shared/contracts/forms.ts` use the same. */
export const FIELD_MAX = {
  name: 100,
  email: 254,
  phone: 30,
  postalCode: 10,
  city: 100,
  date: 10,
  short: 200,
  comments: 2000,
  message: 5000,
} as const;

// ── Opinion (spec §2.12, §4.9, §5, §9) ──────────────────────────────────────────────────────────────────────────

/** The opinion score runs 0 to 10 (the NPS reading of the spec, which also mentions 1 to 10). */
export const OPINION_SCORE_MIN = 0;
export const OPINION_SCORE_MAX = 10;
export const OPINION_COMMENT_MAX = 140;
/** The cookie a submitted opinion sets (spec §4.9), for a year (spec §9). */
export const NPS_COOKIE = 'nps';
export const NPS_COOKIE_MAX_AGE_SECONDS = 31536000;

export type OpinionColour = 'red' | 'orange' | 'green';

/** Spec §5: red at 4 or below, orange at 7 or below, green above. */
export function opinionColour(score: number): OpinionColour {
  if (score <= 4) return 'red';
  if (score <= 7) return 'orange';
  return 'green';
}

// ── Contest (spec §5, §7) ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The room game's score: one point per right answer of the quiz's 5 questions (spec §5 "The contest intro mentions 5
 * questions"; the room frame's `QUIZ_LENGTH`, checked equal by tests/server/forms-contract.test.ts).
 */
export const CONTEST_SCORE_MIN = 0;
export const CONTEST_SCORE_MAX = 5;
/** Spec §7, §9: the contest of `POST /api/concours` without a name. */
export const DEFAULT_CONTEST_NAME = 'default';

// ── The forms ───────────────────────────────────────────────────────────────────────────────────────────────────

const text = (maxLength: number, required: boolean | 'unauthenticated' = true, format?: TextFormat) =>
  ({ type: 'text', required, maxLength, ...(format ? { format } : {}) }) as const;
const optionalBox = { type: 'checkbox' } as const;

/** The first and last names, which the stand contact, offer and contest forms ask first. */
const names = { firstname: text(FIELD_MAX.name), lastname: text(FIELD_MAX.name) } as const;

/** Spec §5 "Stand contact-request form" (the payload of `POST /api/stands/{id}/requestContact`). */
export const standContactRules = {
  ...names,
  email: text(FIELD_MAX.email, true, 'email'),
  phone: text(FIELD_MAX.phone, true, 'phone'),
  postal_code: text(FIELD_MAX.postalCode, true, 'numeric'),
  city: text(FIELD_MAX.city),
  /** The data-sharing consent box (`consents.ts` `data_sharing`). */
  data_sharing: { type: 'checkbox', mustBeTicked: 'consent' },
  /** Shown, and recorded, only when the stand's marketing opt-in is on. */
  optin_marketing: optionalBox,
} as const satisfies FormRules;

/** Spec §5 "Contact-info (offer) form" (`POST /api/stands/{id}/requestForminfo`). */
export const offerFormRules = {
  ...names,
  /** YYYY-MM-DD (an `<input type="date">`): a real date, not after today. */
  birthdate: { ...text(FIELD_MAX.date, true, 'date'), notFuture: true },
  phone: text(FIELD_MAX.phone, true, 'phone'),
  email: text(FIELD_MAX.email, false, 'email'),
  comments: { ...text(FIELD_MAX.comments, false), multiline: true },
  subject: text(FIELD_MAX.short, false),
  code_apporteur: text(FIELD_MAX.short, false),
  standName: text(FIELD_MAX.short, false),
  opt_in: { type: 'checkbox', mustBeTicked: 'consent' },
  optin_marketing: optionalBox,
} as const satisfies FormRules;

/** Spec §5 "Contest form" (`POST /api/concours/{contest_name}`). */
export const contestRules = {
  ...names,
  email: text(FIELD_MAX.email, true, 'email'),
  mobile: text(FIELD_MAX.phone, true, 'phone'),
  contest_rules: { type: 'checkbox', mustBeTicked: 'contest_rules' },
  /** The data consent (privacy policy). */
  data: { type: 'checkbox', mustBeTicked: 'privacy' },
  marketing: optionalBox,
  /** The game's score when the form has one; the server otherwise keeps the last `POST /api/contest/participation`. */
  score: { type: 'number', required: false, integer: true, min: CONTEST_SCORE_MIN, max: CONTEST_SCORE_MAX, outOfRange: 'contestScore' },
} as const satisfies FormRules;

/** `POST /api/contest/participation`: the game's score (spec §7), a whole number from 0 to 5. */
export const contestParticipationRules = {
  score: { type: 'number', required: true, integer: true, min: CONTEST_SCORE_MIN, max: CONTEST_SCORE_MAX, outOfRange: 'contestScore' },
} as const satisfies FormRules;

export const CONTACT_SUBJECTS = ['question', 'edit_delete'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Spec §5 "Promoter contact form" (`POST /contact`): the email only when not authenticated. */
export const promoterContactRules = {
  email: text(FIELD_MAX.email, 'unauthenticated', 'email'),
  subject: { type: 'choice', required: true, options: CONTACT_SUBJECTS },
  message: { ...text(FIELD_MAX.message), multiline: true },
} as const satisfies FormRules;

/** Spec §5 "Opinion" (`POST /api/nps`). */
export const opinionRules = {
  score: { type: 'number', required: true, integer: true, min: OPINION_SCORE_MIN, max: OPINION_SCORE_MAX },
  comment: { ...text(OPINION_COMMENT_MAX, false), multiline: true },
} as const satisfies FormRules;

/** Social platforms of the share modal (spec §7 `POST /api/partages`, §9). */
export const SOCIAL_PLATFORMS = ['facebook', 'linkedin', 'twitter'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

// ── Checking ────────────────────────────────────────────────────────────────────────────────────────────────────

const TICKED = new Set<unknown>([true, 1, '1', 'true', 'on', 'yes']);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const FORMATS: Record<TextFormat, { pattern: RegExp; code: IssueCode }> = {
  email: { pattern: new RegExp(PATTERNS.email), code: 'email' },
  phone: { pattern: new RegExp(PATTERNS.phone), code: 'phone' },
  numeric: { pattern: new RegExp(PATTERNS.postalCode), code: 'numeric' },
  date: { pattern: new RegExp(PATTERNS.date), code: 'date' },
};

const SINGLE_LINE = new RegExp(PATTERNS.singleLine);
const MULTI_LINE = new RegExp(PATTERNS.multiLine);

/** A person's name, pseudo or city as stored: Unicode NFC, runs of spaces as one space, trimmed. */
export const normalizeName = (value: string): string => value.normalize('NFC').replace(/\s+/g, ' ').trim();

/** A checkbox as JSON (`true`), form data (`'1'`, `'on'`, `'true'`) or absent. */
export const isTicked = (value: unknown): boolean => TICKED.has(value);

function textOf(value: unknown): string {
  if (typeof value === 'string') return value.normalize('NFC').trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A number, a numeric string (form data), null when absent, NaN when not a number. */
function numberOf(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    return NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
  }
  return Number.NaN;
}

function checkField(rule: FieldRule, value: unknown, context: FormContext): IssueCode | undefined {
  switch (rule.type) {
    case 'text': {
      const v = textOf(value);
      const required = rule.required === 'unauthenticated' ? context.authenticated !== true : rule.required === true;
      if (v === '') return required ? 'required' : undefined;
      if (v.length > rule.maxLength) return 'tooLong';
      if (!(rule.multiline ? MULTI_LINE : SINGLE_LINE).test(v)) return 'characters';
      if (rule.format) {
        const format = FORMATS[rule.format];
        if (!format.pattern.test(v)) return format.code;
        if (rule.format === 'date' && !isCalendarDate(v)) return 'noSuchDate';
      }
      if (rule.notFuture && v > (context.today ?? latestToday())) return 'futureDate';
      return undefined;
    }
    case 'choice': {
      const v = textOf(value);
      if (v === '') return rule.required ? 'required' : undefined;
      return rule.options.includes(v) ? undefined : 'choice';
    }
    case 'checkbox':
      return rule.mustBeTicked && !isTicked(value) ? rule.mustBeTicked : undefined;
    case 'number': {
      const n = numberOf(value);
      if (n === null) return rule.required ? 'required' : undefined;
      if (Number.isNaN(n)) return 'score';
      if ((rule.integer && !Number.isInteger(n)) || (rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max))
        return rule.outOfRange ?? 'range';
      return undefined;
    }
  }
}

/** One issue code per invalid field, in rule order; `{}` when the form is valid. */
export function checkForm<R extends FormRules>(
  rules: R,
  values: Readonly<Record<string, unknown>>,
  context: FormContext = {},
): FormIssues<R> {
  const issues: Partial<Record<string, IssueCode>> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const issue = checkField(rule, values[field], context);
    if (issue) issues[field] = issue;
  }
  return issues as FormIssues<R>;
}

export const isValid = (issues: Readonly<Record<string, unknown>>): boolean => Object.keys(issues).length === 0;

/** The cleaned values of the rules' fields (call after `checkForm`): texts trimmed, boxes booleans, numbers or null. */
export function readForm<R extends FormRules>(rules: R, values: Readonly<Record<string, unknown>>): FormValues<R> {
  const out: Record<string, string | boolean | number | null> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const value = values[field];
    if (rule.type === 'checkbox') out[field] = isTicked(value);
    else if (rule.type === 'number') {
      const n = numberOf(value);
      out[field] = n === null || Number.isNaN(n) ? null : n;
    } else out[field] = textOf(value);
  }
  return out as FormValues<R>;
}
