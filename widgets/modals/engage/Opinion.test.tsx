import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $modal, deleteCookie, readCookie } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { createOpinionStore } from './opinion';
import { server, calls, describeCall, openTestModal, settle, startServer, stopServer } from '../testing';

const FRENCH = withLocale(visitorPageData(), 'fr_FR');

beforeEach(() => {
  startServer();
  deleteCookie('nps', { sameSite: 'Lax' });
});
afterEach(async () => {
  await stopServer();
  deleteCookie('nps', { sameSite: 'Lax' });
});

async function openOpinion(page = visitorPageData()) {
  const dialog = await openTestModal({ name: 'feedback' }, page);
  const french = page.locale?.locale === 'fr_FR';
  return {
    dialog,
    slider: within(dialog).getByRole('slider', { name: french ? 'Votre note, de 0 à 10' : 'Your score, from 0 to 10' }),
    comment: within(dialog).getByRole('textbox', { name: french ? 'Votre commentaire (facultatif)' : 'Your comment (optional)' }),
    send: within(dialog).getByRole('button', { name: french ? 'Envoyer mon avis' : 'Send my opinion' }),
  };
}

const choose = (slider: HTMLElement, score: number) => fireEvent.change(slider, { target: { value: String(score) } });

describe('the opinion modal (spec §2.12, §5)', () => {
  test('named "Your opinion"; no score until one is chosen: the slider says so and Send is disabled', async () => {
    const { dialog, slider, send } = await openOpinion();
    expect(dialog).toHaveAccessibleName('Your opinion');
    expect(slider).toHaveAttribute('aria-valuetext', 'No score chosen yet');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '10');
    expect(send).toBeDisabled();
    choose(slider, 7);
    expect(slider).toHaveAttribute('aria-valuetext', '7 out of 10');
    expect(send).toBeEnabled();
  });

  test('a click on the slider where it stands chooses that score', async () => {
    const { slider, send } = await openOpinion();
    await userEvent.setup().click(slider);
    expect(slider).toHaveAttribute('aria-valuetext', '5 out of 10');
    expect(send).toBeEnabled();
  });

  test('0 is a score: the slider runs 0 to 10', async () => {
    const { slider, send } = await openOpinion();
    choose(slider, 0);
    expect(slider).toHaveAttribute('aria-valuetext', '0 out of 10');
    expect(send).toBeEnabled();
  });

  test('the comment: 140 characters with a counter; beyond, the counter says how many too many and Send is disabled', async () => {
    const { dialog, slider, comment, send } = await openOpinion();
    choose(slider, 9);
    expect(within(dialog).getByText('140 characters left')).toBeInTheDocument();
    fireEvent.change(comment, { target: { value: 'a'.repeat(139) } });
    expect(within(dialog).getByText('1 character left')).toBeInTheDocument();
    fireEvent.change(comment, { target: { value: 'a'.repeat(140) } });
    expect(within(dialog).getByText('0 characters left')).toBeInTheDocument();
    expect(send).toBeEnabled();
    expect(comment).not.toHaveAttribute('aria-invalid');
    fireEvent.change(comment, { target: { value: 'a'.repeat(141) } });
    expect(within(dialog).getByText('1 character too many')).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(comment).toHaveAccessibleDescription('1 character too many');
    expect(send).toBeDisabled();
    fireEvent.change(comment, { target: { value: 'a'.repeat(150) } });
    expect(within(dialog).getByText('10 characters too many')).toBeInTheDocument();
    expect(send).toBeDisabled();
  });

  test('the counter is announced politely', async () => {
    const { dialog } = await openOpinion();
    expect(within(dialog).getByText('140 characters left').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });

  test('the score colour: red at 4 or below, orange at 7 or below, green above; none before a choice', () => {
    const store = createOpinionStore();
    const stop = store.$view.listen(() => undefined);
    expect(store.$view.get().colour).toBeNull();
    const colours = [0, 4, 5, 7, 8, 10].map((score) => {
      store.chooseScore(score);
      return [score, store.$view.get().colour];
    });
    expect(colours).toEqual([
      [0, 'red'],
      [4, 'red'],
      [5, 'orange'],
      [7, 'orange'],
      [8, 'green'],
      [10, 'green'],
    ]);
    stop();
  });

  test('the chosen score is shown in its colour band', async () => {
    const { dialog, slider } = await openOpinion();
    const shown = () => dialog.querySelector('output');
    expect(shown()).toHaveTextContent('–');
    for (const [score, colour] of [
      [4, 'red'],
      [5, 'orange'],
      [7, 'orange'],
      [8, 'green'],
    ] as const) {
      choose(slider, score);
      expect(shown()).toHaveTextContent(String(score));
      expect(shown()).toHaveAttribute('data-colour', colour);
    }
  });

  test('Send: POST /api/nps {score, comment}, then "Thanks for your opinion" and the nps cookie', async () => {
    server.answers['/api/nps'] = { data: { success: true, message: 'Thanks for your opinion' } };
    const user = userEvent.setup();
    const { dialog, slider, comment, send } = await openOpinion();
    choose(slider, 8);
    await user.type(comment, '  Great fair ');
    await user.click(send);
    await settle();
    expect(calls().map(describeCall)).toEqual(['POST /api/nps']);
    expect(calls()[0]?.json).toEqual({ score: 8, comment: 'Great fair' });
    expect(calls()[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Thanks for your opinion$/);
    expect(within(dialog).getByRole('status')).toHaveFocus();
    expect(readCookie('nps')).toBe('1');
    // The frame's × and the thanks' own Close button.
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closes).toHaveLength(2);
    await user.click(closes[1]!);
    expect($modal.get()).toBeNull();
  });

  test('Send is disabled while sending: a second click sends nothing more', async () => {
    server.answers['/api/nps'] = 'pending';
    const user = userEvent.setup();
    const { dialog, slider, send } = await openOpinion();
    choose(slider, 6);
    await user.click(send);
    const sending = within(dialog).getByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    await user.click(sending);
    expect(calls().map(describeCall)).toEqual(['POST /api/nps']);
  });

  test('French thanks: "Merci pour votre avis, celui-ci a bien été pris en compte"', async () => {
    server.answers['/api/nps'] = { data: { success: true, message: 'ok' } };
    const { dialog, slider, send } = await openOpinion(FRENCH);
    expect(dialog).toHaveAccessibleName('Votre avis');
    choose(slider, 3);
    await userEvent.setup().click(send);
    await settle();
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Merci pour votre avis, celui-ci a bien été pris en compte$/);
  });

  test.each([
    ['an unsuccessful answer', { data: { success: false, message: 'no' } }],
    ['data.error', { data: { error: true, message: 'no' } }],
    ['HTTP 500', { data: {}, status: 500 }],
    ['a network failure', 'network'],
  ] as const)(
    '%s: "Sorry your opinion can\'t be taken due to an error.", no cookie, the form stays to send again',
    async (_case, answer) => {
      server.answers['/api/nps'] = answer;
      const { dialog, slider, send } = await openOpinion();
      choose(slider, 6);
      await userEvent.setup().click(send);
      await settle();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Sorry your opinion can't be taken due to an error\.$/);
      expect(readCookie('nps')).toBeNull();
      expect(send).toBeEnabled();
      expect(screen.queryByText('Thanks for your opinion')).not.toBeInTheDocument();
    },
  );

  test('French error: "Désolé votre avis ne peut être pris en compte à cause d\'une erreur."', async () => {
    server.answers['/api/nps'] = { data: {}, status: 503 };
    const { dialog, slider, send } = await openOpinion(FRENCH);
    choose(slider, 10);
    await userEvent.setup().click(send);
    await settle();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Désolé votre avis ne peut être pris en compte à cause d'une erreur\.$/);
  });

  test.each([
    ['en_EN', 'Too many attempts. Try again in 3 minutes.'],
    ['fr_FR', 'Trop de tentatives. Réessayez dans 3 minutes.'],
  ] as const)(
    '%s: a rate limit (429) shows its message (how long to wait) instead of the error text; no cookie',
    async (locale, message) => {
      server.answers['/api/nps'] = { data: { error: true, message }, status: 429 };
      const { dialog, slider, send } = await openOpinion(withLocale(visitorPageData(), locale));
      choose(slider, 7);
      await userEvent.setup().click(send);
      await settle();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(new RegExp(`^${message.replace(/\./g, '\\.')}$`));
      expect(readCookie('nps')).toBeNull();
      expect(send).toBeEnabled();
      // Sent again and refused otherwise: the usual error text.
      server.answers['/api/nps'] = { data: {}, status: 500 };
      await userEvent.setup().click(send);
      await settle();
      expect(within(dialog).getByRole('alert')).not.toHaveTextContent(message);
    },
  );

  test('opened again, it starts afresh', async () => {
    const { slider } = await openOpinion();
    choose(slider, 2);
    expect(slider).toHaveAttribute('aria-valuetext', '2 out of 10');
    const again = await openOpinion();
    expect(again.slider).toHaveAttribute('aria-valuetext', 'No score chosen yet');
  });
});
