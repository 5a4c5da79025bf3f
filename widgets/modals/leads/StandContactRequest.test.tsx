import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $modal, type PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { stand } from '@salon/shared/test/exhibitors';
import { CONSENTS } from '@salon/shared/forms';
import { calls, describeCall, openTestModal, server, settle, startServer, stopServer, toastTexts } from '../testing';

const MODAL = { name: 'stand-contact-request', standId: 's1' } as const;

/** A visitor whose page data gives every field but the phone. */
function visitor(locale: 'en_EN' | 'fr_FR' = 'en_EN', parameters: Record<string, unknown> = {}): PageDataInput {
  const page = withLocale(visitorPageData(), locale);
  return {
    ...page,
    user: { ...page.user, email: 'camille@example.test', postal_code: '75011', city: 'Paris' },
    parameters: { ...page.parameters, ...parameters },
  };
}

const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const send = (dialog: HTMLElement, name = 'Send') => within(dialog).getByRole('button', { name });

/** The page data leaves only the phone and the consent to give. */
async function fillValid(dialog: HTMLElement, locale: 'en_EN' | 'fr_FR' = 'en_EN') {
  const user = userEvent.setup();
  await user.type(textbox(dialog, locale === 'fr_FR' ? 'Téléphone' : 'Phone'), '+33 6 12 34 56 78');
  await user.click(
    within(dialog).getByRole('checkbox', { name: locale === 'fr_FR' ? CONSENTS.data_sharing.fr : CONSENTS.data_sharing.en }),
  );
  return user;
}

beforeEach(() => {
  startServer();
  server.stands = { s1: stand('s1', 'Robotique Nordique', 'Nordic Robotics') };
});
afterEach(stopServer);

describe('the stand contact request (spec §5, §8)', () => {
  test('opens filled with what the page knows of the user; Send disabled until the form is valid', async () => {
    const dialog = await openTestModal(MODAL, visitor());
    expect(dialog).toHaveAccessibleName('Ask to be contacted');
    expect(textbox(dialog, 'First name')).toHaveValue('Camille');
    expect(textbox(dialog, 'Last name')).toHaveValue('Martin');
    expect(textbox(dialog, 'Email')).toHaveValue('camille@example.test');
    expect(textbox(dialog, 'Postal code')).toHaveValue('75011');
    expect(textbox(dialog, 'City')).toHaveValue('Paris');
    expect(textbox(dialog, 'Phone')).toHaveValue('');
    expect(send(dialog)).toBeDisabled();
    // Nothing is complained about before the visitor touches a field.
    expect(within(dialog).queryByText('This field is required')).toBeNull();
    await fillValid(dialog);
    expect(send(dialog)).toBeEnabled();
  });

  const MESSAGES = {
    en_EN: {
      required: 'This field is required',
      email: 'The email format is incorrect',
      phone: 'The number format is incorrect',
      numeric: 'A numeric format is expected',
      consent: 'You must give your consent to send this request',
    },
    fr_FR: {
      required: 'Ce champ est obligatoire',
      email: "Le format de l'email est incorrect",
      phone: 'Le format du numéro est incorrect',
      numeric: 'Un format numérique est attendu',
      consent: 'Vous devez donner votre accord pour envoyer cette demande',
    },
  } as const;
  const LABELS = {
    en_EN: { firstname: 'First name', city: 'City', email: 'Email', phone: 'Phone', postal: 'Postal code' },
    fr_FR: { firstname: 'Prénom', city: 'Ville', email: 'Email', phone: 'Téléphone', postal: 'Code postal' },
  } as const;

  test.each(['en_EN', 'fr_FR'] as const)('%s: each message under its field once it was left, and Send stays disabled', async (locale) => {
    const dialog = await openTestModal(MODAL, visitor(locale));
    const user = userEvent.setup();
    const label = LABELS[locale];
    const message = MESSAGES[locale];
    await user.clear(textbox(dialog, label.firstname));
    await user.clear(textbox(dialog, label.city));
    await user.clear(textbox(dialog, label.email));
    await user.type(textbox(dialog, label.email), 'camille@');
    await user.type(textbox(dialog, label.phone), '12ab');
    await user.clear(textbox(dialog, label.postal));
    await user.type(textbox(dialog, label.postal), '75O11');
    const consent = within(dialog).getByRole('checkbox', {
      name: locale === 'fr_FR' ? CONSENTS.data_sharing.fr : CONSENTS.data_sharing.en,
    });
    await user.click(consent);
    await user.click(consent);
    expect(textbox(dialog, label.firstname)).toHaveAccessibleDescription(message.required);
    expect(textbox(dialog, label.city)).toHaveAccessibleDescription(message.required);
    expect(textbox(dialog, label.email)).toHaveAccessibleDescription(message.email);
    expect(textbox(dialog, label.phone)).toHaveAccessibleDescription(message.phone);
    expect(textbox(dialog, label.postal)).toHaveAccessibleDescription(message.numeric);
    expect(consent).toHaveAccessibleDescription(expect.stringContaining(message.consent));
    expect(textbox(dialog, label.firstname)).toBeInvalid();
    expect(send(dialog, locale === 'fr_FR' ? 'Envoyer' : 'Send')).toBeDisabled();
  });

  test('an empty required field of the page data shows its message once left', async () => {
    const dialog = await openTestModal(MODAL, visitor());
    const user = userEvent.setup();
    await user.click(textbox(dialog, 'Phone'));
    expect(within(dialog).queryByText('This field is required')).toBeNull();
    await user.tab();
    expect(textbox(dialog, 'Phone')).toHaveAccessibleDescription('This field is required');
  });

  test.each(['en_EN', 'fr_FR'] as const)(
    '%s: the consent boxes carry the exact recorded wordings, with the privacy policy linked',
    async (locale) => {
      const dialog = await openTestModal(MODAL, visitor(locale, { stands_optin_marketing: true }));
      const wording = (key: 'data_sharing' | 'marketing') => (locale === 'fr_FR' ? CONSENTS[key].fr : CONSENTS[key].en);
      expect(within(dialog).getByRole('checkbox', { name: wording('data_sharing') })).not.toBeChecked();
      expect(within(dialog).getByRole('checkbox', { name: wording('marketing') })).not.toBeChecked();
      const link = within(dialog).getByRole('link', {
        name: locale === 'fr_FR' ? 'Lire la politique de confidentialité' : 'Read the privacy policy',
      });
      expect(link).toHaveAttribute('href', 'http://localhost/politique-de-confidentialite');
      expect(
        within(dialog).getByText(locale === 'fr_FR' ? "Les champs marqués d'un * sont obligatoires" : 'Fields marked * are mandatory'),
      ).toBeInTheDocument();
    },
  );

  test.each([
    { standValue: true, global: false, shown: true },
    { standValue: false, global: true, shown: false },
    { standValue: null, global: true, shown: true },
    { standValue: null, global: false, shown: false },
  ])('marketing box: stand $standValue, global $global → shown $shown', async ({ standValue, global, shown }) => {
    server.stands = { s1: { ...stand('s1', 'Robotique Nordique'), optin_marketing: standValue } };
    const dialog = await openTestModal(MODAL, visitor('en_EN', { stands_optin_marketing: global }));
    const box = within(dialog).queryByRole('checkbox', { name: CONSENTS.marketing.en });
    if (shown) expect(box).toBeInTheDocument();
    else expect(box).toBeNull();
  });

  test('sends the form to the stand with its company, the consents and their language; success toast; the modal closes', async () => {
    server.stands = { s1: { ...stand('s1', 'Robotique Nordique'), optin_marketing: true, company_id: 'c7' } };
    const dialog = await openTestModal(MODAL, visitor());
    const user = await fillValid(dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: CONSENTS.marketing.en }));
    await user.click(send(dialog));
    await settle();
    expect(calls().map(describeCall)).toEqual(['POST /api/stands/s1/requestContact']);
    expect(calls()[0]?.json).toEqual({
      company_id: 'c7',
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'camille@example.test',
      phone: '+33 6 12 34 56 78',
      postal_code: '75011',
      city: 'Paris',
      data_sharing: true,
      optin_marketing: true,
      locale: 'en_EN',
    });
    expect(calls()[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(toastTexts('success')).toEqual(['The request has been sent successfully, you will be contacted very soon.']);
    expect($modal.get()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("the opener's company wins; without the marketing box nothing is said about marketing", async () => {
    const dialog = await openTestModal({ ...MODAL, companyId: 'c9' }, visitor());
    const user = await fillValid(dialog);
    await user.click(send(dialog));
    await settle();
    expect(calls()[0]?.json).toMatchObject({ company_id: 'c9', data_sharing: true });
    expect(calls()[0]?.json).not.toHaveProperty('optin_marketing');
  });

  test('French: the success toast in French', async () => {
    const dialog = await openTestModal(MODAL, visitor('fr_FR'));
    const user = await fillValid(dialog, 'fr_FR');
    await user.click(send(dialog, 'Envoyer'));
    await settle();
    expect(calls()[0]?.json).toMatchObject({ locale: 'fr_FR' });
    expect(toastTexts('success')).toEqual(['La demande a bien été envoyée, vous serez recontacté très prochainement.']);
  });

  test('Send is disabled while sending', async () => {
    server.answers.requestContact = 'pending';
    const dialog = await openTestModal(MODAL, visitor());
    const user = await fillValid(dialog);
    await user.click(send(dialog));
    const sending = within(dialog).getByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    await user.click(sending);
    expect(calls()).toHaveLength(1);
  });

  test("an error answer: one toast with the server's message, the form stays open", async () => {
    server.answers.requestContact = { data: { error: true, message: 'This stand no longer takes requests.' } };
    const dialog = await openTestModal(MODAL, visitor());
    const user = await fillValid(dialog);
    await user.click(send(dialog));
    await settle();
    expect(toastTexts()).toEqual(['This stand no longer takes requests.']);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(send(dialog)).toBeEnabled();
  });

  test('field errors of the server are shown under their fields', async () => {
    server.answers.requestContact = {
      status: 400,
      data: {
        error: true,
        message: 'The form has errors.',
        formErrors: { email: 'This address cannot receive mail.', postal_code: 'numeric' },
      },
    };
    const dialog = await openTestModal(MODAL, visitor());
    const user = await fillValid(dialog);
    await user.click(send(dialog));
    await settle();
    expect(textbox(dialog, 'Email')).toHaveAccessibleDescription('This address cannot receive mail.');
    expect(textbox(dialog, 'Email')).toHaveFocus();
    expect(textbox(dialog, 'Postal code')).toHaveAccessibleDescription('A numeric format is expected');
    expect(toastTexts()).toEqual([]);
    // Changing the field clears the server's message.
    await user.type(textbox(dialog, 'Email'), 'x');
    expect(textbox(dialog, 'Email')).not.toHaveAccessibleDescription();
  });

  test.each([
    ['a non-200 answer with data.error', { status: 503, data: { error: true, message: 'Requests are paused for maintenance.' } }],
    ['a non-200 answer without data.error', { status: 422, data: { message: 'Requests are paused for maintenance.' } }],
  ] as const)("%s and a message: one toast with the server's message, the form stays open", async (_what, answer) => {
    server.answers.requestContact = answer;
    const dialog = await openTestModal(MODAL, visitor());
    const user = await fillValid(dialog);
    await user.click(send(dialog));
    await settle();
    expect(toastTexts()).toEqual(['Requests are paused for maintenance.']);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(send(dialog)).toBeEnabled();
  });

  test.each([
    ['a non-200 answer without a message', { status: 503, data: { error: true } }],
    ['a non-200 answer with an empty message', { status: 500, data: { message: '  ' } }],
    ['a network failure', 'network'],
  ] as const)('%s: the generic toast (English and French)', async (_what, answer) => {
    server.answers.requestContact = answer;
    let dialog = await openTestModal(MODAL, visitor());
    let user = await fillValid(dialog);
    await user.click(send(dialog));
    await settle();
    expect(toastTexts('error')).toEqual(['An error occured, see console for more information']);
    await stopServer();
    startServer();
    server.answers.requestContact = answer;
    dialog = await openTestModal(MODAL, visitor('fr_FR'));
    user = await fillValid(dialog, 'fr_FR');
    await user.click(send(dialog, 'Envoyer'));
    await settle();
    expect(toastTexts('error')).toEqual(["Une erreur est survenue, consultez la console pour plus d'informations"]);
  });
});
