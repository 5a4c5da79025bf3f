import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $modal, type Modal, type PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { handleFrameMessage } from '@salon/shared/room';
import { envelope } from '@salon/shared/contracts/room-frame';
import { stand } from '@salon/shared/test/exhibitors';
import { CONSENTS } from '@salon/shared/forms';
import { calls, describeCall, openTestModal, server, settle, startServer, stopServer, toastTexts } from '../testing';

const OFFER = { standId: 's1', subject: 'credit_auto', codeApporteur: 'AB12' };
const CONTACT_INFO: Modal = { name: 'offer-contact-info', ...OFFER };

function visitor(locale: 'en_EN' | 'fr_FR' = 'en_EN'): PageDataInput {
  const page = withLocale(visitorPageData(), locale);
  return { ...page, user: { ...page.user, birthdate: '1990-04-12', mobile: null, email: null } };
}

const tracked = () =>
  calls()
    .filter((r) => r.url.pathname === '/api/tracking-event')
    .map((r) => r.json);
const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

beforeEach(() => {
  startServer();
  server.stands = { s1: stand('s1', 'Robotique Nordique', 'Nordic Robotics') };
});
afterEach(stopServer);

describe('the offer confirmation (spec §4.11)', () => {
  test('Yes tracks {subject}_Yes and opens the contact-info form with the same offer', async () => {
    const dialog = await openTestModal({ name: 'offer-confirm', ...OFFER });
    expect(dialog).toHaveAccessibleName('Be contacted about this offer');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Yes' }));
    await settle();
    expect($modal.get()).toEqual({ name: 'offer-contact-info', ...OFFER });
    expect(await screen.findByRole('dialog', { name: 'Your contact details' })).toBeInTheDocument();
    expect(tracked()).toEqual([{ name: 'credit_auto_Yes', stand_id: 's1' }]);
  });

  test('No tracks {subject}_No and just closes', async () => {
    const dialog = await openTestModal({ name: 'offer-confirm', ...OFFER });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'No' }));
    await settle();
    expect($modal.get()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(tracked()).toEqual([{ name: 'credit_auto_No', stand_id: 's1' }]);
  });

  test('French: Oui / Non', async () => {
    const dialog = await openTestModal({ name: 'offer-confirm', ...OFFER }, visitor('fr_FR'));
    expect(dialog).toHaveAccessibleName('Être recontacté au sujet de cette offre');
    expect(within(dialog).getByRole('button', { name: 'Oui' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Non' })).toBeInTheDocument();
  });
});

describe('the offer contact-info form (spec §5)', () => {
  test('opens filled from the page data; Send disabled until the phone and the consent are given', async () => {
    const dialog = await openTestModal(CONTACT_INFO, visitor());
    expect(textbox(dialog, 'First name')).toHaveValue('Camille');
    expect(within(dialog).getByLabelText(/Date of birth/)).toHaveValue('1990-04-12');
    expect(within(dialog).getByText('The exhibitors of Nordic Robotics will contact you about this offer.')).toBeInTheDocument();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    const user = userEvent.setup();
    await user.type(textbox(dialog, 'Phone'), '06 12 34 56 78');
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: CONSENTS.opt_in.en }));
    // The email is optional.
    expect(send).toBeEnabled();
  });

  const TEXTS = {
    en_EN: {
      firstname: 'First name',
      birthdate: /Date of birth/,
      phone: 'Phone',
      email: 'Email',
      required: 'This field is required',
      phoneFormat: 'The number format is incorrect',
      emailFormat: 'The email format is incorrect',
      consent: 'You must give your consent to send this request',
    },
    fr_FR: {
      firstname: 'Prénom',
      birthdate: /Date de naissance/,
      phone: 'Téléphone',
      email: 'Email',
      required: 'Ce champ est obligatoire',
      phoneFormat: 'Le format du numéro est incorrect',
      emailFormat: "Le format de l'email est incorrect",
      consent: 'Vous devez donner votre accord pour envoyer cette demande',
    },
  } as const;

  test.each(['en_EN', 'fr_FR'] as const)('%s: the messages under the fields', async (locale) => {
    const dialog = await openTestModal(CONTACT_INFO, visitor(locale));
    const text = TEXTS[locale];
    const user = userEvent.setup();
    await user.clear(textbox(dialog, text.firstname));
    await user.clear(within(dialog).getByLabelText(text.birthdate));
    await user.click(textbox(dialog, text.phone));
    await user.tab();
    expect(textbox(dialog, text.firstname)).toHaveAccessibleDescription(text.required);
    expect(within(dialog).getByLabelText(text.birthdate)).toHaveAccessibleDescription(text.required);
    expect(textbox(dialog, text.phone)).toHaveAccessibleDescription(text.required);
    await user.type(textbox(dialog, text.phone), 'call me');
    await user.type(textbox(dialog, text.email), 'camille.example.test');
    await user.tab();
    expect(textbox(dialog, text.phone)).toHaveAccessibleDescription(text.phoneFormat);
    expect(textbox(dialog, text.email)).toHaveAccessibleDescription(text.emailFormat);
    const consent = within(dialog).getByRole('checkbox', { name: locale === 'fr_FR' ? CONSENTS.opt_in.fr : CONSENTS.opt_in.en });
    await user.click(consent);
    await user.click(consent);
    expect(consent).toHaveAccessibleDescription(expect.stringContaining(text.consent));
  });

  test('the marketing box follows the display flag of the frame (1 shows it, 0 or none hides it)', async () => {
    const marketing = () => screen.queryByRole('checkbox', { name: CONSENTS.marketing.en });
    await openTestModal({ ...CONTACT_INFO, displayMarketing: true });
    expect(marketing()).toBeInTheDocument();
    act(() =>
      handleFrameMessage(
        envelope('showContactFormInfos', { stand_id: 's1', subject: 'credit_auto', display_marketing: 1 as unknown as boolean }),
      ),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Yes' }));
    await settle();
    expect(marketing()).toBeInTheDocument();
    act(() =>
      handleFrameMessage(
        envelope('showContactFormInfos', { stand_id: 's1', subject: 'credit_auto', display_marketing: 0 as unknown as boolean }),
      ),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Yes' }));
    await settle();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Your contact details');
    expect(marketing()).toBeNull();
    act(() => handleFrameMessage(envelope('showContactFormInfos', { stand_id: 's1', subject: 'credit_auto' })));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Yes' }));
    await settle();
    expect(marketing()).toBeNull();
  });

  test('sends every field of the offer form; success tracks {subject}_Submit, toasts and closes', async () => {
    const dialog = await openTestModal({ ...CONTACT_INFO, displayMarketing: true }, visitor());
    const user = userEvent.setup();
    await user.type(textbox(dialog, 'Phone'), '+33 6 12 34 56 78');
    await user.type(textbox(dialog, 'Email'), 'camille@example.test');
    await user.type(textbox(dialog, 'Comments'), 'Call me in the morning');
    await user.click(within(dialog).getByRole('checkbox', { name: CONSENTS.opt_in.en }));
    await user.click(within(dialog).getByRole('checkbox', { name: CONSENTS.marketing.en }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await settle();
    expect(calls().map(describeCall)).toEqual(['POST /api/stands/s1/requestForminfo', 'POST /api/tracking-event']);
    expect(calls()[0]?.json).toEqual({
      firstname: 'Camille',
      lastname: 'Martin',
      birthdate: '1990-04-12',
      phone: '+33 6 12 34 56 78',
      email: 'camille@example.test',
      subject: 'credit_auto',
      code_apporteur: 'AB12',
      comments: 'Call me in the morning',
      opt_in: true,
      optin_marketing: true,
      standName: 'Nordic Robotics',
      locale: 'en_EN',
    });
    expect(tracked()).toEqual([{ name: 'credit_auto_Submit', stand_id: 's1' }]);
    expect(toastTexts('success')).toEqual(['The request has been sent successfully, you will be contacted very soon.']);
    expect($modal.get()).toBeNull();
  });

  test('without email, comments, code or marketing box, those are left out', async () => {
    const dialog = await openTestModal({ name: 'offer-contact-info', standId: 's1', subject: 'credit_auto' }, visitor('fr_FR'));
    const user = userEvent.setup();
    await user.type(textbox(dialog, 'Téléphone'), '0612345678');
    await user.click(within(dialog).getByRole('checkbox', { name: CONSENTS.opt_in.fr }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await settle();
    expect(calls()[0]?.json).toEqual({
      firstname: 'Camille',
      lastname: 'Martin',
      birthdate: '1990-04-12',
      phone: '0612345678',
      subject: 'credit_auto',
      opt_in: true,
      standName: 'Robotique Nordique',
      locale: 'fr_FR',
    });
    expect(toastTexts('success')).toEqual(['La demande a bien été envoyée, vous serez recontacté très prochainement.']);
  });

  test('a failure: no Submit tracking, the form stays; the server message, field errors, or the generic toast', async () => {
    server.answers.requestForminfo = { data: { error: true, message: 'Offer closed.' } };
    const dialog = await openTestModal(CONTACT_INFO, visitor());
    const user = userEvent.setup();
    await user.type(textbox(dialog, 'Phone'), '0612345678');
    await user.click(within(dialog).getByRole('checkbox', { name: CONSENTS.opt_in.en }));
    const send = within(dialog).getByRole('button', { name: 'Send' });
    await user.click(send);
    await settle();
    expect(toastTexts()).toEqual(['Offer closed.']);
    server.answers.requestForminfo = { data: { error: true, message: 'The form has errors.', formErrors: { birthdate: 'date' } } };
    await user.click(send);
    await settle();
    expect(within(dialog).getByLabelText(/Date of birth/)).toHaveAccessibleDescription('Expected a date as YYYY-MM-DD');
    server.answers.requestForminfo = { status: 500, data: { error: true, message: 'Internal server error' } };
    await user.click(send);
    await settle();
    expect(toastTexts()).toEqual(['Offer closed.', 'An error occured, see console for more information']);
    server.answers.requestForminfo = { status: 429, data: { error: true, message: 'Too many attempts. Try again in 5 minutes.' } };
    await user.click(send);
    await settle();
    expect(toastTexts()).toEqual([
      'Offer closed.',
      'An error occured, see console for more information',
      'Too many attempts. Try again in 5 minutes.',
    ]);
    expect(tracked()).toEqual([]);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

describe('the offer popup (showPopupOffer)', () => {
  test("names the stand, not the frame's identifier, and leads to the offer's contact flow", async () => {
    const dialog = await openTestModal({ name: 'offer-popup', standId: 's1', offer: 'offer_stand-nordic' });
    expect(dialog).toHaveAccessibleName('A special offer');
    expect(within(dialog).getByText("Nordic Robotics has a special offer for the salon's visitors.")).toBeInTheDocument();
    expect(within(dialog).queryByText(/offer_stand-nordic/)).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: "I'm interested" }));
    expect($modal.get()).toMatchObject({ name: 'offer-confirm', standId: 's1', subject: 'offer_stand-nordic' });
  });

  test('without a stand: a general line and Close only (French)', async () => {
    const dialog = await openTestModal({ name: 'offer-popup', offer: 'offer_x' }, visitor('fr_FR'));
    expect(dialog).toHaveAccessibleName('Une offre spéciale');
    expect(within(dialog).getByText('Une offre spéciale vous attend sur ce stand.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: "Ça m'intéresse" })).toBeNull();
    await userEvent.setup().click(within(dialog).getAllByRole('button', { name: 'Fermer' })[1] as HTMLElement);
    expect($modal.get()).toBeNull();
  });
});
