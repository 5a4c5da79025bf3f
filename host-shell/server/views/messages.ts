import { CONTEST_SCORE_MAX, CONTEST_SCORE_MIN, OPINION_SCORE_MAX, OPINION_SCORE_MIN, type IssueCode } from '@salon/shared/contracts/form-rules';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { pick } from '../lib/locale';
import type { Issue } from '../lib/validation';

export interface Bilingual {
  fr: string;
  en: string;
}

/**
 * The texts of the forms' issue codes (spec §5: the French is the spec's, apostrophes included). The browser shows
 * the same texts from `shared/forms/messages.ts`; tests/server/forms-contract.test.ts checks the shared catalog agrees.
 */
export const ISSUE_TEXTS: Readonly<Record<IssueCode, Bilingual>> = {
  required: { fr: 'Ce champ est obligatoire', en: 'This field is required' },
  email: { fr: "Le format de l'email est incorrect", en: 'The email format is incorrect' },
  phone: { fr: 'Le format du numéro est incorrect', en: 'The number format is incorrect' },
  numeric: { fr: 'Un format numérique est attendu', en: 'A numeric format is expected' },
  date: { fr: 'Date attendue au format AAAA-MM-JJ', en: 'Expected a date as YYYY-MM-DD' },
  choice: { fr: 'Choix invalide', en: 'Invalid choice' },
  consent: { fr: 'Vous devez donner votre accord pour envoyer cette demande', en: 'You must give your consent to send this request' },
  contest_rules: { fr: 'Vous devez accepter le règlement du jeu', en: 'You must accept the contest rules' },
  privacy: { fr: 'Vous devez accepter la politique de confidentialité', en: 'You must accept the privacy policy' },
  tooLong: { fr: 'Trop long', en: 'Too long' },
  score: { fr: 'Le score doit être un nombre', en: 'The score must be a number' },
  range: { fr: `Choisissez une note de ${OPINION_SCORE_MIN} à ${OPINION_SCORE_MAX}`, en: `Choose a score from ${OPINION_SCORE_MIN} to ${OPINION_SCORE_MAX}` },
  contestScore: {
    fr: `Le score doit être un nombre entier de ${CONTEST_SCORE_MIN} à ${CONTEST_SCORE_MAX}`,
    en: `The score must be a whole number from ${CONTEST_SCORE_MIN} to ${CONTEST_SCORE_MAX}`,
  },
  noSuchDate: { fr: "Cette date n'existe pas", en: 'This date does not exist' },
  futureDate: { fr: 'La date ne peut pas être dans le futur', en: 'The date cannot be in the future' },
  characters: { fr: 'Ce champ contient des caractères non autorisés', en: 'This field contains characters that are not allowed' },
};

/** The answers of the visitor's forms (spec §5, §8); those the browser may show itself are in the shared catalog too. */
export const FORM_TEXTS = {
  hasErrors: { fr: 'Le formulaire contient des erreurs.', en: 'The form has errors.' },
  contactRequestSent: {
    fr: 'La demande a bien été envoyée, vous serez recontacté très prochainement.',
    en: 'The request has been sent successfully, you will be contacted very soon.',
  },
  offerSent: {
    fr: 'La demande a bien été envoyée, vous serez recontacté très prochainement.',
    en: 'The request has been sent successfully, you will be contacted very soon.',
  },
  contestNotAllowed: { fr: "Vous n'êtes pas autorisé à participer au jeu concours.", en: 'You are not allowed to participate at the game' },
  contestAlready: { fr: 'Votre participation a déjà été enregistrée.', en: 'Your participation has already been recorded.' },
  contestRecorded: { fr: 'Votre participation a bien été enregistrée.', en: 'Your participation has been recorded.' },
  scoreRecorded: { fr: 'Votre score a bien été enregistré.', en: 'Your score has been recorded.' },
  opinionThanks: { fr: 'Merci pour votre avis, celui-ci a bien été pris en compte', en: 'Thanks for your opinion' },
  opinionFailed: { fr: "Désolé votre avis ne peut être pris en compte à cause d'une erreur.", en: "Sorry your opinion can't be taken due to an error." },
  unreadable: { fr: 'Le formulaire est illisible.', en: 'The form could not be read.' },
} as const satisfies Record<string, Bilingual>;

/** `POST /api/concours/{contest_name}` with a name that is not one of the salon's contests (404). */
export const unknownContestText = (locale: LocaleCode, name: string): string =>
  pick(locale, `Jeu concours inconnu : « ${name} ». Ce salon n'a pas de jeu concours de ce nom.`, `Unknown contest: "${name}". This salon has no contest of that name.`);

/** A field a form does not have (the contest's answer names it, since it is shown under no field). */
export const notAFieldText = (locale: LocaleCode, field: string): string =>
  field ? pick(locale, `« ${field} » n'est pas un champ de ce formulaire.`, `"${field}" is not a field of this form.`) : say(locale, FORM_TEXTS.unreadable);

export const say = (locale: LocaleCode, text: Bilingual): string => pick(locale, text.fr, text.en);

export const issueText = (locale: LocaleCode, code: IssueCode): string => say(locale, ISSUE_TEXTS[code]);

/** `checkForm`'s issues as the `formErrors` of an answer: field → text in the request's language. */
export function formErrorsOf(locale: LocaleCode, issues: Readonly<Partial<Record<string, IssueCode>>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, code] of Object.entries(issues)) if (code) out[field] = issueText(locale, code);
  return out;
}

/** Messages of the schema-validated server forms (profile, registration), with the same texts for the same cases. */
export function issueMessage(locale: LocaleCode, issue: Issue): string {
  const tr = (fr: string, en: string) => pick(locale, fr, en);
  const field = issue.field;
  switch (issue.kind) {
    case 'required':
    case 'empty':
      return issueText(locale, 'required');
    case 'format':
      if (field === 'email' || field === 'contact_email') return issueText(locale, 'email');
      if (field === 'mobile' || field === 'phone') return issueText(locale, 'phone');
      if (field === 'postal_code') return issueText(locale, 'numeric');
      if (field === 'birthdate') return issueText(locale, 'date');
      if (field === 'linkedin') return tr('Adresse web attendue (https://…)', 'Expected a web address (https://…)');
      if (['pseudo', 'firstname', 'lastname', 'city'].includes(field)) return issueText(locale, 'characters');
      return tr('Format incorrect', 'Invalid format');
    case 'tooShort':
      if (field === 'password') return tr('Le mot de passe doit contenir au moins 8 caractères', 'The password must be at least 8 characters long');
      return tr('Trop court', 'Too short');
    case 'tooLong':
      return issueText(locale, 'tooLong');
    case 'oneOf':
      return issueText(locale, 'choice');
    default:
      return tr('Valeur invalide', 'Invalid value');
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
