import type { LocaleCode } from '../../../shared/page-data/types';
import { pick } from '../lib/locale';
import type { Issue } from '../lib/validation';

/** Form messages of spec §5 (French given by the spec, English ours). */
export function issueMessage(locale: LocaleCode, issue: Issue): string {
  const tr = (fr: string, en: string) => pick(locale, fr, en);
  const field = issue.field;
  switch (issue.kind) {
    case 'required':
    case 'empty':
      return tr('Ce champ est obligatoire', 'This field is required');
    case 'format':
      if (field === 'email' || field === 'contact_email') return tr('Le format de l’email est incorrect', 'The email format is incorrect');
      if (field === 'mobile' || field === 'phone') return tr('Le format du numéro est incorrect', 'The number format is incorrect');
      if (field === 'postal_code') return tr('Un format numérique est attendu', 'A numeric format is expected');
      if (field === 'birthdate') return tr('Date attendue au format AAAA-MM-JJ', 'Expected a date as YYYY-MM-DD');
      if (field === 'linkedin') return tr('Adresse web attendue (https://…)', 'Expected a web address (https://…)');
      return tr('Format incorrect', 'Invalid format');
    case 'tooShort':
      if (field === 'password') return tr('Le mot de passe doit contenir au moins 8 caractères', 'The password must be at least 8 characters long');
      return tr('Trop court', 'Too short');
    case 'tooLong':
      return tr('Trop long', 'Too long');
    case 'oneOf':
      return tr('Choix invalide', 'Invalid choice');
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
