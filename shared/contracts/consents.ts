import type { LocaleCode } from './page-data';

/**
 * The consent wordings of the forms, as legal texts with a version. The browser shows exactly these texts next to
 * the boxes, and the server stores, with each lead, the wording of the request's language and its version: the
 * proof of what the person agreed to. A changed wording is a new version (never edit a published one in place).
 */
export type ConsentKey = 'data_sharing' | 'opt_in' | 'contest_rules' | 'privacy' | 'marketing' | 'meeting_sharing';

export interface ConsentText {
  key: ConsentKey;
  version: number;
  fr: string;
  en: string;
  /** A page of the route table the browser links next to the box (spec §2.1). */
  link?: 'contest-rules' | 'privacy-policy';
}

export const CONSENTS: Readonly<Record<ConsentKey, ConsentText>> = {
  data_sharing: {
    key: 'data_sharing',
    version: 1,
    fr: "J'accepte que mes coordonnées soient transmises aux exposants de ce stand pour qu'ils me recontactent au sujet de ma demande. Elles sont conservées un an après le salon ; je peux y accéder, les rectifier ou les faire supprimer en écrivant à l'organisateur.",
    en: "I agree that my contact details are passed on to this stand's exhibitors so that they contact me about my request. They are kept for one year after the fair; I can access, rectify or delete them by writing to the organizer.",
    link: 'privacy-policy',
  },
  opt_in: {
    key: 'opt_in',
    version: 1,
    fr: "J'accepte que les informations de ce formulaire soient transmises aux exposants de ce stand pour qu'ils me recontactent au sujet de cette offre. Elles sont conservées un an après le salon ; je peux y accéder, les rectifier ou les faire supprimer en écrivant à l'organisateur.",
    en: "I agree that the information in this form is passed on to this stand's exhibitors so that they contact me about this offer. It is kept for one year after the fair; I can access, rectify or delete it by writing to the organizer.",
    link: 'privacy-policy',
  },
  contest_rules: {
    key: 'contest_rules',
    version: 1,
    fr: "J'ai lu et j'accepte le règlement du jeu concours.",
    en: 'I have read and accept the contest rules.',
    link: 'contest-rules',
  },
  privacy: {
    key: 'privacy',
    version: 1,
    fr: "J'accepte que l'organisateur traite mes données pour gérer ma participation au jeu concours et contacter les gagnants, comme le décrit la politique de confidentialité.",
    en: 'I agree that the organizer processes my data to manage my participation in the contest and to contact the winners, as described in the privacy policy.',
    link: 'privacy-policy',
  },
  meeting_sharing: {
    key: 'meeting_sharing',
    version: 1,
    fr: "J'accepte que mes coordonnées soient transmises aux exposants de ce stand pour préparer ce rendez-vous et me recontacter à son sujet. Elles sont conservées un an après le salon ; je peux y accéder, les rectifier ou les faire supprimer en écrivant à l'organisateur.",
    en: "I agree that my contact details are passed on to this stand's exhibitors to prepare this meeting and contact me about it. They are kept for one year after the fair; I can access, rectify or delete them by writing to the organizer.",
    link: 'privacy-policy',
  },
  marketing: {
    key: 'marketing',
    version: 1,
    fr: "J'accepte de recevoir des informations et des offres commerciales de l'organisateur du salon et de ses exposants, par e-mail ou par téléphone. Je peux retirer mon accord à tout moment.",
    en: 'I agree to receive news and commercial offers from the fair organizer and its exhibitors, by email or phone. I can withdraw my consent at any time.',
  },
};

/** The lead kinds and, for each, which form field is which consent box. */
export const FORM_CONSENTS = {
  contact_request: { data_sharing: 'data_sharing', optin_marketing: 'marketing' },
  offer_form: { opt_in: 'opt_in', optin_marketing: 'marketing' },
  contest: { contest_rules: 'contest_rules', data: 'privacy', marketing: 'marketing' },
  /** A meeting booked with an exhibitor (host-shell/server/services/meetings.ts). */
  meeting: { data_sharing: 'meeting_sharing' },
} as const satisfies Record<string, Record<string, ConsentKey>>;

export type LeadKind = keyof typeof FORM_CONSENTS;

/** The wording shown in that language: French for fr_FR, English otherwise (spec §1). */
export function consentWording(key: ConsentKey, locale: LocaleCode): string {
  const text = CONSENTS[key];
  return locale === 'fr_FR' ? text.fr : text.en;
}

/** A consent as stored with a lead. */
export interface ConsentRecord {
  key: ConsentKey;
  version: number;
  given: boolean;
  wording: string;
}
