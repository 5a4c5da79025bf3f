import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CONTACT_SUBJECTS, SOCIAL_PLATFORMS } from './form-rules';
import { LocaleCode } from './locale';
import { ObfuscatedId } from './room';

/**
 * The visitor's forms (spec §3, §5, §7). Bodies are JSON, urlencoded or multipart form data. These schemas give the
 * shapes and types; the field rules (required, formats, lengths, boxes to tick) are `shared/contracts/form-rules.ts`, which
 * the server checks first so that each field gets its spec §5 message.
 */

/** A checkbox: JSON `true`/`false`, or a form value ('1', 'on', 'true'; absent, '' or '0' is unticked). */
export const Checkbox = Type.Union([
  Type.Boolean(),
  Type.Literal(1),
  Type.Literal(0),
  Type.Literal('1'),
  Type.Literal('0'),
  Type.Literal('true'),
  Type.Literal('false'),
  Type.Literal('on'),
  Type.Literal(''),
]);
/** A number, or its text (form data). */
export const NumberOrText = Type.Union([Type.Number(), Type.String({ maxLength: 32 })]);

const text = (description?: string) => Type.String(description ? { description } : {});
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
const strict = { additionalProperties: false } as const;

/** `POST /api/stands/{id_stand}/requestContact` (spec §3 Contact request). */
export const StandContactRequestBody = Type.Object(
  {
    company_id: optional(
      Type.Union([ObfuscatedId, Type.Literal('')], {
        description: "The stand's company (informative: the stand's own company is recorded)",
      }),
    ),
    firstname: text(),
    lastname: text(),
    email: text('required, valid'),
    phone: text('required, French or international'),
    postal_code: text('required, digits'),
    city: text(),
    data_sharing: Checkbox,
    optin_marketing: optional(Checkbox),
    locale: optional(LocaleCode),
  },
  { ...strict, description: 'Spec §5 stand contact-request form; rules in shared/forms (standContactRules)' },
);
export type StandContactRequestBody = Static<typeof StandContactRequestBody>;

/** `POST /api/stands/{id_stand}/requestForminfo` (spec §3 Offer form). */
export const OfferFormBody = Type.Object(
  {
    firstname: text(),
    lastname: text(),
    birthdate: text('YYYY-MM-DD'),
    phone: text(),
    email: optional(text('optional, valid if given')),
    subject: optional(text('the offer (tracking subject)')),
    code_apporteur: optional(text()),
    comments: optional(text()),
    opt_in: Checkbox,
    optin_marketing: optional(Checkbox),
    standName: optional(text('informative: the stand of the path is recorded')),
    locale: optional(LocaleCode),
  },
  { ...strict, description: 'Spec §5 contact-info (offer) form; rules in shared/forms (offerFormRules)' },
);
export type OfferFormBody = Static<typeof OfferFormBody>;

/** `POST /api/concours/{contest_name}` (spec §3 Contest participation). */
export const ContestBody = Type.Object(
  {
    firstname: text(),
    lastname: text(),
    email: text(),
    mobile: text(),
    contest_rules: Checkbox,
    data: Checkbox,
    marketing: optional(Checkbox),
    score: optional(NumberOrText),
    locale: optional(LocaleCode),
  },
  { ...strict, description: 'Spec §5 contest form; rules in shared/forms (contestRules)' },
);
export type ContestBody = Static<typeof ContestBody>;

export const ContestParams = Type.Object({ contest_name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

/** `POST /api/contest/participation`: the game's score. */
export const ContestParticipationBody = Type.Object({ score: NumberOrText }, strict);
export type ContestParticipationBody = Static<typeof ContestParticipationBody>;

/** `POST /api/nps` (spec §3 Opinion): score 0–10, comment up to 140 characters. */
export const OpinionBody = Type.Object({ score: NumberOrText, comment: optional(Type.String()) }, strict);
export type OpinionBody = Static<typeof OpinionBody>;

export const SocialPlatform = Type.Union(SOCIAL_PLATFORMS.map((p) => Type.Literal(p)));

/** `POST /api/partages` (spec §7). An unknown platform is a 400. */
export const ShareBody = Type.Object(
  {
    title: optional(Type.String({ maxLength: 300 })),
    description: optional(Type.String({ maxLength: 1000 })),
    image: optional(Type.String({ maxLength: 1000 })),
    platform: SocialPlatform,
  },
  strict,
);
export type ShareBody = Static<typeof ShareBody>;

export const ContactSubject = Type.Union(CONTACT_SUBJECTS.map((s) => Type.Literal(s)));

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** requestContact, requestForminfo, contest/participation: `{data: {error: false, message}}`. */
export const FormSent = Type.Object({ error: Type.Literal(false), message: Type.String() });
export type FormSent = Static<typeof FormSent>;

/** The contest's answer (spec §7): the status repeated in the body, like POST /contact. */
export const ContestAnswer = Type.Object({
  statusCode: Type.Integer(),
  data: Type.Object({
    error: Type.Boolean(),
    message: Type.String(),
    /** 'contest_participation.already' when this user already took part in this contest. */
    data: Type.Optional(Type.Literal('contest_participation.already')),
    formErrors: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
});
export type ContestAnswer = Static<typeof ContestAnswer>;

export const CONTEST_ALREADY = 'contest_participation.already' as const;

/** `POST /api/nps`: `{data: {success, message}}`. */
export const OpinionAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type OpinionAnswer = Static<typeof OpinionAnswer>;

/** `POST /api/nps` refused (400) or failed (500): the spec's error message (§8), `success: false`. */
export const OpinionFailed = Type.Object({
  success: Type.Optional(Type.Literal(false)),
  error: Type.Literal(true),
  message: Type.String(),
  formErrors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type OpinionFailed = Static<typeof OpinionFailed>;

/** `POST /api/partages`: the sharer address to open. */
export const ShareAnswer = Type.Object({ url: Type.String() });
export type ShareAnswer = Static<typeof ShareAnswer>;
