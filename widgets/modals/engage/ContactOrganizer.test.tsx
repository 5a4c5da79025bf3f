import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $modal, type PageDataInput } from '@salon/shared';
import { anonymousPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { server, calls, describeCall, openTestModal, settle, startServer, stopServer, toastTexts } from '../testing';

/** A logged-in visitor, as the server's page data says it (`parameters.auth`). */
const loggedIn = (): PageDataInput => ({ ...visitorPageData(), parameters: { ...visitorPageData().parameters, auth: true } });

beforeEach(startServer);
afterEach(stopServer);

const openContact = (page: PageDataInput) => openTestModal({ name: 'contact-organizer' }, page);

describe('contact an organizer (spec §2.4, §5, §7, §8)', () => {
  test('named "Contact the organizer": subject (ask a question, rectify or delete my data) and message', async () => {
    const dialog = await openContact(loggedIn());
    expect(dialog).toHaveAccessibleName('Contact the organizer');
    const subject = within(dialog).getByRole('combobox', { name: 'Subject' });
    expect(subject).toHaveValue('question');
    expect(
      within(subject)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['question', 'Ask a question'],
      ['edit_delete', 'Rectify or delete my data'],
    ]);
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toBeRequired();
  });

  test('anonymous: the email is asked and required ("This field is required"); nothing is sent', async () => {
    const dialog = await openContact(anonymousPageData());
    const email = within(dialog).getByRole('textbox', { name: 'Your email' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This field is required');
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toHaveAccessibleDescription('This field is required');
    expect(email).toHaveFocus();
    expect(calls()).toEqual([]);
  });

  test('French: "Ce champ est obligatoire"; a wrong email: "Le format de l\'email est incorrect"', async () => {
    const user = userEvent.setup();
    const dialog = await openContact(withLocale(anonymousPageData(), 'fr_FR'));
    const email = within(dialog).getByRole('textbox', { name: 'Votre e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(email).toHaveAccessibleDescription('Ce champ est obligatoire');
    await user.type(email, 'nope');
    expect(email).toHaveAccessibleDescription("Le format de l'email est incorrect");
  });

  test("logged in: no email asked; POST /contact {subject, message} as JSON with X-Requested-With; the server's message", async () => {
    server.answers['/contact'] = {
      body: { statusCode: 200, data: { error: false, message: 'Your message has been sent to the organizer.' } },
    };
    const user = userEvent.setup();
    const dialog = await openContact(loggedIn());
    expect(within(dialog).queryByRole('textbox', { name: /email/i })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Subject' }), 'edit_delete');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Please delete my data.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await settle();
    expect(calls().map(describeCall)).toEqual(['POST /contact']);
    expect(calls()[0]?.json).toEqual({ subject: 'edit_delete', message: 'Please delete my data.' });
    expect(calls()[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls()[0]?.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your message has been sent to the organizer.');
  });

  test('Send is disabled while sending (spec §5)', async () => {
    server.answers['/contact'] = 'pending';
    const user = userEvent.setup();
    const dialog = await openContact(loggedIn());
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Where is the conference room?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const sending = within(dialog).getByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    await user.click(sending);
    expect(calls().map(describeCall)).toEqual(['POST /contact']);
  });

  test('anonymous with an email: it is sent', async () => {
    server.answers['/contact'] = { body: { statusCode: 200, data: { error: false, message: 'Sent.' } } };
    const user = userEvent.setup();
    const dialog = await openContact(anonymousPageData());
    await user.type(within(dialog).getByRole('textbox', { name: 'Your email' }), 'ana@example.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await settle();
    expect(calls()[0]?.json).toEqual({ email: 'ana@example.test', subject: 'question', message: 'Hello' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Sent.');
  });

  test('the server refuses (200, data.error): its message and field errors are shown, the form stays, no toast', async () => {
    server.answers['/contact'] = {
      body: {
        statusCode: 400,
        data: { error: true, message: 'The form has errors.', formErrors: { message: 'Too long for the organizer' } },
      },
    };
    const user = userEvent.setup();
    const dialog = await openContact(loggedIn());
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await settle();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The form has errors.');
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toHaveAccessibleDescription('Too long for the organizer');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(toastTexts()).toEqual([]);
  });

  test.each([
    ['HTTP 500', { data: { error: true, message: 'boom' }, status: 500 }],
    ['a network failure', 'network'],
  ] as const)('%s: the toast "An error occured, see console for more information"', async (_case, answer) => {
    server.answers['/contact'] = answer;
    const user = userEvent.setup();
    const dialog = await openContact(loggedIn());
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await settle();
    expect(toastTexts('error')).toEqual(['An error occured, see console for more information']);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toHaveValue('Hello');
  });

  test.each([
    ['en_EN', 'Too many attempts. Try again in 42 seconds.', 'Your message', 'Send'],
    ['fr_FR', 'Trop de tentatives. Réessayez dans 42 secondes.', 'Votre message', 'Envoyer'],
  ] as const)(
    "%s: a rate limit (429): the server's message above the form, which stays as written; no generic toast",
    async (locale, message, label, send) => {
      server.answers['/contact'] = { body: { statusCode: 429, data: { error: true, message } }, status: 429 };
      const user = userEvent.setup();
      const dialog = await openContact(withLocale(loggedIn(), locale));
      await user.type(within(dialog).getByRole('textbox', { name: label }), 'Hello');
      await user.click(within(dialog).getByRole('button', { name: send }));
      await settle();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
      expect(within(dialog).getByRole('textbox', { name: label })).toHaveValue('Hello');
      expect(within(dialog).getByRole('button', { name: send })).toBeEnabled();
      expect(toastTexts()).toEqual([]);
    },
  );

  test('Cancel closes', async () => {
    const dialog = await openContact(loggedIn());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect($modal.get()).toBeNull();
  });
});
