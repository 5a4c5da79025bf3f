import { describe, expect, it } from '@jest/globals';
import { CONTEST_SCORE_MAX, CONTEST_SCORE_MIN, ISSUE_CODES } from '@salon/shared/contracts/form-rules';
import { QUIZ_LENGTH } from '../../host-shell/room-frame/quiz';
import { say } from '../../host-shell/server/i18n';
import { FORM_TEXTS, issueText } from '../../host-shell/server/views/messages';

/** The server answers the forms' texts from the forms' own catalog (shared/forms), the ones the browser shows. */
describe('the forms contract', () => {
  it('has a French and an English text for every issue code', () => {
    for (const code of ISSUE_CODES) {
      const [fr, en] = [issueText('fr_FR', code), issueText('en_EN', code)];
      expect([code, fr.length > 0, en.length > 0, fr !== en]).toEqual([code, true, true, true]);
    }
  });

  it('quotes spec §5 and §8 exactly', () => {
    expect(issueText('fr_FR', 'required')).toBe('Ce champ est obligatoire');
    expect(issueText('fr_FR', 'email')).toBe("Le format de l'email est incorrect");
    expect(issueText('fr_FR', 'phone')).toBe('Le format du numéro est incorrect');
    expect(issueText('fr_FR', 'numeric')).toBe('Un format numérique est attendu');
    expect({ fr: issueText('fr_FR', 'contest_rules'), en: issueText('en_EN', 'contest_rules') }).toEqual({
      en: 'You must accept the contest rules',
      fr: 'Vous devez accepter le règlement du jeu',
    });
    expect({ fr: issueText('fr_FR', 'privacy'), en: issueText('en_EN', 'privacy') }).toEqual({
      en: 'You must accept the privacy policy',
      fr: 'Vous devez accepter la politique de confidentialité',
    });
    expect(issueText('en_EN', 'range')).toBe('Choose a score from 0 to 10');
    const confirmations = ['contestNotAllowed', 'opinionThanks', 'opinionFailed', 'contactRequestSent', 'contestAlready'] as const;
    const inLanguage = (locale: 'fr_FR' | 'en_EN') => Object.fromEntries(confirmations.map((key) => [key, say(locale, FORM_TEXTS[key])]));
    expect(inLanguage('en_EN')).toEqual({
      contestNotAllowed: 'You are not allowed to participate at the game',
      opinionThanks: 'Thanks for your opinion',
      opinionFailed: "Sorry your opinion can't be taken due to an error.",
      contactRequestSent: 'The request has been sent successfully, you will be contacted very soon.',
      contestAlready: 'Your participation has already been recorded.',
    });
    expect(inLanguage('fr_FR')).toEqual({
      contestNotAllowed: "Vous n'êtes pas autorisé à participer au jeu concours.",
      opinionThanks: 'Merci pour votre avis, celui-ci a bien été pris en compte',
      opinionFailed: "Désolé votre avis ne peut être pris en compte à cause d'une erreur.",
      contactRequestSent: 'La demande a bien été envoyée, vous serez recontacté très prochainement.',
      contestAlready: 'Votre participation a déjà été enregistrée.',
    });
  });

  it("bounds the contest score by the room frame's quiz: one point per question", () => {
    expect([CONTEST_SCORE_MIN, CONTEST_SCORE_MAX]).toEqual([0, QUIZ_LENGTH]);
  });
});
