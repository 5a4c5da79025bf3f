import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closeModal, openModal, type PageDataInput } from '@salon/shared';
import { anonymousPageData, exhibitorPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { $contestScore, handleFrameMessage } from '@salon/shared/room';
import { envelope } from '@salon/shared/contracts/room-frame';
import { CONSENTS } from '@salon/shared/forms';
import { calls, describeCall, openTestModal, server, settle, startServer, stopServer, toastTexts } from '../testing';

const CONTEST = { name: 'contest' } as const;

function visitor(locale: 'en_EN' | 'fr_FR' = 'en_EN', parameters: Record<string, unknown> = {}): PageDataInput {
  const page = withLocale(visitorPageData(), locale);
  return {
    ...page,
    user: { ...page.user, email: 'camille@example.test', mobile: '+33 6 12 34 56 78' },
    parameters: { ...page.parameters, ...parameters },
  };
}

const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

async function acceptAndSend(dialog: HTMLElement, locale: 'en_EN' | 'fr_FR' = 'en_EN') {
  const user = userEvent.setup();
  const wording = (key: 'contest_rules' | 'privacy') => (locale === 'fr_FR' ? CONSENTS[key].fr : CONSENTS[key].en);
  await user.click(within(dialog).getByRole('checkbox', { name: wording('contest_rules') }));
  await user.click(within(dialog).getByRole('checkbox', { name: wording('privacy') }));
  await user.click(within(dialog).getByRole('button', { name: locale === 'fr_FR' ? 'Envoyer' : 'Send' }));
  await settle();
  return user;
}

beforeEach(startServer);
afterEach(stopServer);

describe('the contest (spec §4.10, §5)', () => {
  test.each([
    ['an anonymous visitor', anonymousPageData(), 'en_EN', 'You are not allowed to participate at the game'],
    ['an exhibitor', exhibitorPageData(), 'en_EN', 'You are not allowed to participate at the game'],
    [
      'a visitor without a profile route',
      { ...visitorPageData(), user: { ...visitorPageData().user, profileRoute: null } },
      'en_EN',
      'You are not allowed to participate at the game',
    ],
    ['an anonymous visitor (French)', anonymousPageData(), 'fr_FR', "Vous n'êtes pas autorisé à participer au jeu concours."],
    ['an exhibitor (French)', exhibitorPageData(), 'fr_FR', "Vous n'êtes pas autorisé à participer au jeu concours."],
  ] as const)('%s only gets the not-allowed message', async (_who, page, locale, message) => {
    const dialog = await openTestModal(CONTEST, withLocale(page, locale));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  test('a visitor: the intro about the 5 questions, the form filled from the user, the linked rules and privacy policy', async () => {
    const dialog = await openTestModal(CONTEST, visitor());
    expect(dialog).toHaveAccessibleName('Contest');
    expect(within(dialog).getByText(/5 questions/)).toBeInTheDocument();
    expect(textbox(dialog, 'First name')).toHaveValue('Camille');
    expect(textbox(dialog, 'Last name')).toHaveValue('Martin');
    expect(textbox(dialog, 'Email')).toHaveValue('camille@example.test');
    expect(textbox(dialog, 'Mobile')).toHaveValue('+33 6 12 34 56 78');
    expect(within(dialog).getByText('Fields marked * are mandatory')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Read the contest rules' })).toHaveAttribute('href', 'http://localhost/reglement');
    expect(within(dialog).getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute(
      'href',
      'http://localhost/politique-de-confidentialite',
    );
    expect(within(dialog).queryByRole('checkbox', { name: CONSENTS.marketing.en })).toBeNull();
  });

  test.each([
    [1, true],
    ['1', true],
    [0, false],
    [undefined, false],
  ])('the marketing box with the contest opt-in %p: shown %p', async (flag, shown) => {
    const dialog = await openTestModal(CONTEST, visitor('en_EN', flag === undefined ? {} : { contest_optin_marketing: flag }));
    const box = within(dialog).queryByRole('checkbox', { name: CONSENTS.marketing.en });
    expect(box !== null).toBe(shown);
  });

  const TEXTS = {
    en_EN: {
      labels: { firstname: 'First name', lastname: 'Last name', email: 'Email', mobile: 'Mobile' },
      required: 'This field is required',
      email: 'The email format is incorrect',
      phone: 'The number format is incorrect',
      rules: 'You must accept the contest rules',
      privacy: 'You must accept the privacy policy',
      send: 'Send',
    },
    fr_FR: {
      labels: { firstname: 'Prénom', lastname: 'Nom', email: 'Email', mobile: 'Mobile' },
      required: 'Ce champ est obligatoire',
      email: "Le format de l'email est incorrect",
      phone: 'Le format du numéro est incorrect',
      rules: 'Vous devez accepter le règlement du jeu',
      privacy: 'Vous devez accepter la politique de confidentialité',
      send: 'Envoyer',
    },
  } as const;

  test.each(['en_EN', 'fr_FR'] as const)('%s: Send shows every message and sends nothing while the form is invalid', async (locale) => {
    const text = TEXTS[locale];
    const dialog = await openTestModal(CONTEST, visitor(locale));
    const user = userEvent.setup();
    await user.clear(textbox(dialog, text.labels.firstname));
    await user.clear(textbox(dialog, text.labels.email));
    await user.type(textbox(dialog, text.labels.email), 'camille@example');
    await user.clear(textbox(dialog, text.labels.mobile));
    await user.type(textbox(dialog, text.labels.mobile), '06-12');
    expect(within(dialog).queryByText(text.rules)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: text.send }));
    await settle();
    expect(textbox(dialog, text.labels.firstname)).toHaveAccessibleDescription(text.required);
    // The first field with a message gets the focus.
    expect(textbox(dialog, text.labels.firstname)).toHaveFocus();
    expect(textbox(dialog, text.labels.email)).toHaveAccessibleDescription(text.email);
    expect(textbox(dialog, text.labels.mobile)).toHaveAccessibleDescription(text.phone);
    const wording = (key: 'contest_rules' | 'privacy') => (locale === 'fr_FR' ? CONSENTS[key].fr : CONSENTS[key].en);
    expect(within(dialog).getByRole('checkbox', { name: wording('contest_rules') })).toHaveAccessibleDescription(
      expect.stringContaining(text.rules),
    );
    expect(within(dialog).getByRole('checkbox', { name: wording('privacy') })).toHaveAccessibleDescription(
      expect.stringContaining(text.privacy),
    );
    expect(calls()).toEqual([]);
  });

  test("sends the participation with the game's score to the default contest; thanks", async () => {
    act(() => handleFrameMessage(envelope('handleContestParticipation', { score: 4 })));
    await settle();
    expect(calls().map(describeCall)).toEqual(['POST /api/contest/participation']);
    const dialog = await openTestModal(CONTEST, visitor('en_EN', { contest_optin_marketing: 1 }));
    expect(within(dialog).getByText('Your score: 4')).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('checkbox', { name: CONSENTS.marketing.en }));
    await acceptAndSend(dialog);
    expect(calls().map(describeCall)).toEqual(['POST /api/contest/participation', 'POST /api/concours/default']);
    expect(calls()[1]?.json).toEqual({
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'camille@example.test',
      mobile: '+33 6 12 34 56 78',
      contest_rules: true,
      data: true,
      marketing: true,
      score: 4,
      locale: 'en_EN',
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Thank you, your participation has been recorded. Good luck!');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect($contestScore.get()).toBeNull();
  });

  test('without a score or a marketing box, neither is sent', async () => {
    const dialog = await openTestModal(CONTEST, visitor());
    await acceptAndSend(dialog);
    expect(calls()[0]?.json).not.toHaveProperty('score');
    expect(calls()[0]?.json).not.toHaveProperty('marketing');
  });

  test.each([
    ['en_EN', 'Your participation has already been recorded.'],
    ['fr_FR', 'Votre participation a déjà été enregistrée.'],
  ] as const)('%s: already recorded', async (locale, message) => {
    server.answers.default = {
      body: { statusCode: 400, data: { error: true, message: 'Already', data: 'contest_participation.already' } },
    };
    const dialog = await openTestModal(CONTEST, visitor(locale));
    await acceptAndSend(dialog, locale);
    expect(within(dialog).getByRole('status')).toHaveTextContent(message);
    expect(toastTexts()).toEqual([]);
  });

  test.each([
    ['en_EN', 'Your participation has already been recorded.'],
    ['fr_FR', 'Votre participation a déjà été enregistrée.'],
  ] as const)('%s: a visitor who already entered is told so when the contest opens, with no form', async (locale, message) => {
    const dialog = await openTestModal(CONTEST, { ...visitor(locale), contests_entered: ['default'] });
    expect(within(dialog).getByRole('status')).toHaveTextContent(message);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(calls()).toEqual([]);
  });

  test('once entered on this page, the contest opens on the already-recorded message', async () => {
    const page = visitor();
    const dialog = await openTestModal(CONTEST, page);
    await acceptAndSend(dialog);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Thank you, your participation has been recorded. Good luck!');
    act(() => closeModal());
    act(() => openModal(CONTEST));
    const again = await screen.findByRole('dialog', { name: 'Contest' });
    expect(within(again).getByRole('status')).toHaveTextContent('Your participation has already been recorded.');
    expect(within(again).queryByRole('textbox')).toBeNull();
  });

  test("the server's field errors under their fields", async () => {
    server.answers.default = {
      body: {
        statusCode: 400,
        data: {
          error: true,
          message: 'The form has errors.',
          formErrors: { email: 'This email already took part with another account.', mobile: 'phone' },
        },
      },
    };
    const dialog = await openTestModal(CONTEST, visitor());
    await acceptAndSend(dialog);
    expect(textbox(dialog, 'Email')).toHaveAccessibleDescription('This email already took part with another account.');
    expect(textbox(dialog, 'Mobile')).toHaveAccessibleDescription('The number format is incorrect');
    expect(toastTexts()).toEqual([]);
  });

  test.each([
    ['en_EN', 'Too many attempts. Try again in 8 minutes.'],
    ['fr_FR', 'Trop de tentatives. Réessayez dans 8 minutes.'],
  ] as const)('%s: a rate limit (429): its message in the form, not the generic toast', async (locale, message) => {
    server.answers.default = { body: { statusCode: 429, data: { error: true, message } }, status: 429 };
    const dialog = await openTestModal(CONTEST, visitor(locale));
    await acceptAndSend(dialog, locale);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(toastTexts()).toEqual([]);
    expect(within(dialog).getByRole('button', { name: locale === 'fr_FR' ? 'Envoyer' : 'Send' })).toBeEnabled();
  });

  test("another error: the server's message in the form", async () => {
    server.answers.default = { body: { statusCode: 403, data: { error: true, message: 'The contest is closed.' } } };
    const dialog = await openTestModal(CONTEST, visitor());
    await acceptAndSend(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The contest is closed.');
    expect(toastTexts()).toEqual([]);
  });

  test.each([
    [
      'a non-200 answer',
      { status: 502, data: { error: true, message: 'Bad gateway' } },
      'en_EN',
      'An error occured, see console for more information',
    ],
    ['a network failure', 'network', 'en_EN', 'An error occured, see console for more information'],
    ['a network failure (French)', 'network', 'fr_FR', "Une erreur est survenue, consultez la console pour plus d'informations"],
  ] as const)('%s: the generic toast, the form stays', async (_what, answer, locale, message) => {
    server.answers.default = answer;
    const dialog = await openTestModal(CONTEST, visitor(locale));
    await acceptAndSend(dialog, locale);
    expect(toastTexts('error')).toEqual([message]);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: locale === 'fr_FR' ? 'Envoyer' : 'Send' })).toBeEnabled();
  });

  test('Send is disabled while sending', async () => {
    server.answers.default = 'pending';
    const dialog = await openTestModal(CONTEST, visitor());
    const user = await acceptAndSend(dialog);
    const sending = within(dialog).getByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    await user.click(sending);
    expect(calls()).toHaveLength(1);
  });
});
