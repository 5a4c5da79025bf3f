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
    const both = (text: Parameters<typeof say>[1]) => ({ fr: say('fr_FR', text), en: say('en_EN', text) });
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
    expect(both(FORM_TEXTS.contestNotAllowed)).toEqual({
      en: 'You are not allowed to participate at the game',
      fr: "Vous n'êtes pas autorisé à participer au jeu concours.",
    });
    expect(both(FORM_TEXTS.opinionThanks)).toEqual({
      en: 'Thanks for your opinion',
      fr: 'Merci pour votre avis, celui-ci a bien été pris en compte',
    });
    expect(both(FORM_TEXTS.opinionFailed)).toEqual({
      en: "Sorry your opinion can't be taken due to an error.",
      fr: "Désolé votre avis ne peut être pris en compte à cause d'une erreur.",
    });
    expect(both(FORM_TEXTS.contactRequestSent)).toEqual({
      en: 'The request has been sent successfully, you will be contacted very soon.',
      fr: 'La demande a bien été envoyée, vous serez recontacté très prochainement.',
    });
    expect(both(FORM_TEXTS.contestAlready)).toEqual({
      en: 'Your participation has already been recorded.',
      fr: 'Votre participation a déjà été enregistrée.',
    });
  });

  it("bounds the contest score by the room frame's quiz: one point per question", () => {
    expect([CONTEST_SCORE_MIN, CONTEST_SCORE_MAX]).toEqual([0, QUIZ_LENGTH]);
  });
});
