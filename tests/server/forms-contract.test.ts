import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { MessageDescriptor } from '@lingui/core';
import {
  CONTACT_REQUEST_SENT,
  CONTEST_ALREADY_RECORDED,
  CONTEST_NOT_ALLOWED,
  ISSUE_MESSAGES,
  OPINION_FAILED,
  OPINION_THANKS,
} from '@salon/shared/forms';
import { CONTEST_SCORE_MAX, CONTEST_SCORE_MIN, ISSUE_CODES } from '@salon/shared/contracts/form-rules';
import { QUIZ_LENGTH } from '../../host-shell/room-frame/quiz';
import { FORM_TEXTS, ISSUE_TEXTS, type Bilingual } from '../../host-shell/server/views/messages';

/** The browser (Lingui, shared catalog) and the server (views/messages.ts) must say the same thing for the same case. */
const root = path.resolve(__dirname, '..', '..');

/** msgid → msgstr of the shared French catalog (Lingui writes one-line entries). */
function frenchCatalog(): Map<string, string> {
  const out = new Map<string, string>();
  const lines = fs.readFileSync(path.join(root, 'shared', 'forms', 'locales', 'fr', 'messages.po'), 'utf8').split('\n');
  lines.forEach((line, i) => {
    const next = lines[i + 1] ?? '';
    if (line.startsWith('msgid "') && next.startsWith('msgstr "')) out.set(JSON.parse(line.slice(6)) as string, JSON.parse(next.slice(7)) as string);
  });
  return out;
}

/** The descriptor's English with its values filled in, and its French from the catalog, filled in the same way. */
function texts(descriptor: MessageDescriptor, catalog: Map<string, string>): Bilingual {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(descriptor.values?.[name] ?? `{${name}}`));
  const english = descriptor.message ?? '';
  return { en: fill(english), fr: fill(catalog.get(english) ?? `(no French for "${english}")`) };
}

describe('the forms contract', () => {
  const catalog = frenchCatalog();

  it('gives every issue code the same English and French in the browser and on the server', () => {
    for (const code of ISSUE_CODES) expect([code, texts(ISSUE_MESSAGES[code], catalog)]).toEqual([code, ISSUE_TEXTS[code]]);
  });

  it('quotes spec §5 and §8 exactly', () => {
    expect(ISSUE_TEXTS.required.fr).toBe('Ce champ est obligatoire');
    expect(ISSUE_TEXTS.email.fr).toBe("Le format de l'email est incorrect");
    expect(ISSUE_TEXTS.phone.fr).toBe('Le format du numéro est incorrect');
    expect(ISSUE_TEXTS.numeric.fr).toBe('Un format numérique est attendu');
    expect(ISSUE_TEXTS.contest_rules).toEqual({ en: 'You must accept the contest rules', fr: 'Vous devez accepter le règlement du jeu' });
    expect(ISSUE_TEXTS.privacy).toEqual({ en: 'You must accept the privacy policy', fr: 'Vous devez accepter la politique de confidentialité' });
    expect(FORM_TEXTS.contestNotAllowed).toEqual({ en: 'You are not allowed to participate at the game', fr: "Vous n'êtes pas autorisé à participer au jeu concours." });
    expect(FORM_TEXTS.opinionThanks).toEqual({ en: 'Thanks for your opinion', fr: 'Merci pour votre avis, celui-ci a bien été pris en compte' });
    expect(FORM_TEXTS.opinionFailed).toEqual({ en: "Sorry your opinion can't be taken due to an error.", fr: "Désolé votre avis ne peut être pris en compte à cause d'une erreur." });
    expect(FORM_TEXTS.contactRequestSent.en).toBe('The request has been sent successfully, you will be contacted very soon.');
    expect(FORM_TEXTS.contestAlready.en).toBe('Your participation has already been recorded.');
  });

  it("bounds the contest score by the room frame's quiz: one point per question", () => {
    expect([CONTEST_SCORE_MIN, CONTEST_SCORE_MAX]).toEqual([0, QUIZ_LENGTH]);
  });

  it('shares the answers the browser may also show', () => {
    expect(texts(CONTACT_REQUEST_SENT, catalog)).toEqual(FORM_TEXTS.contactRequestSent);
    expect(texts(CONTEST_ALREADY_RECORDED, catalog)).toEqual(FORM_TEXTS.contestAlready);
    expect(texts(CONTEST_NOT_ALLOWED, catalog)).toEqual(FORM_TEXTS.contestNotAllowed);
    expect(texts(OPINION_THANKS, catalog)).toEqual(FORM_TEXTS.opinionThanks);
    expect(texts(OPINION_FAILED, catalog)).toEqual(FORM_TEXTS.opinionFailed);
  });
});
