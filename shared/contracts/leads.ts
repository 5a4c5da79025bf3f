import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';
import { LocaleCode } from './locale';
import { ObfuscatedId } from './room';

/** Leads: what the visitor's forms produce (contact requests, offer forms, contest entries), for those allowed. */

export const LeadKind = Type.Union([
  Type.Literal('contact_request'),
  Type.Literal('offer_form'),
  Type.Literal('contest'),
  Type.Literal('meeting'),
]);

export const LeadConsent = Type.Object({
  key: Type.Union([
    Type.Literal('data_sharing'),
    Type.Literal('opt_in'),
    Type.Literal('contest_rules'),
    Type.Literal('meeting_sharing'),
    Type.Literal('privacy'),
    Type.Literal('marketing'),
  ]),
  version: Type.Integer(),
  given: Type.Boolean(),
  /** The exact wording shown, in `wording_locale`. */
  wording: Type.String(),
});
export type LeadConsent = Static<typeof LeadConsent>;

export const Lead = Type.Object({
  id_lead: ObfuscatedId,
  kind: LeadKind,
  stand_id: Nullable(ObfuscatedId),
  stand_name: Nullable(Type.String()),
  company_id: Nullable(ObfuscatedId),
  company_name: Nullable(Type.String()),
  /** The user who sent it (anonymous visitors included). */
  user_id: Nullable(ObfuscatedId),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Nullable(Type.String()),
  /** The phone, or the contest's mobile. */
  phone: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  city: Nullable(Type.String()),
  birthdate: Nullable(Type.String()),
  subject: Nullable(Type.String()),
  code_apporteur: Nullable(Type.String()),
  comments: Nullable(Type.String()),
  contest_name: Nullable(Type.String()),
  score: Nullable(Type.Number()),
  consents: Type.Array(LeadConsent),
  wording_locale: LocaleCode,
  created_at: Type.String({ description: 'ISO 8601, UTC' }),
});
export type Lead = Static<typeof Lead>;

export const LeadsData = Type.Object({ leads: Type.Array(Lead) });
export type LeadsData = Static<typeof LeadsData>;

export const LeadsQuery = Type.Object({ kind: Type.Optional(LeadKind) }, { additionalProperties: false });
