import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { msg } from '@lingui/core/macro';
import { $modal, openModal } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { openTestModal, startServer, stopServer } from '../testing';

beforeEach(startServer);
afterEach(stopServer);

describe('the generic confirm (spec §2.4)', () => {
  test('the message, Cancel then Confirm; Cancel has the focus; Confirm runs the action, then closes', async () => {
    const onConfirm = jest.fn();
    const dialog = await openTestModal({ name: 'confirm', message: 'Skip the lines without an email?', onConfirm });
    expect(dialog).toHaveAccessibleName('Please confirm');
    expect(within(dialog).getByText('Skip the lines without an email?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect($modal.get()).toBeNull();
  });

  test.each([
    ['Cancel', async (dialog: HTMLElement) => userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }))],
    ['Escape', async () => userEvent.setup().keyboard('{Escape}')],
    ['the × button', async (dialog: HTMLElement) => userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }))],
  ])('%s closes without running the action', async (_how, close) => {
    const onConfirm = jest.fn();
    const dialog = await openTestModal({ name: 'confirm', message: 'Sure?', onConfirm });
    await close(dialog);
    expect(onConfirm).not.toHaveBeenCalled();
    expect($modal.get()).toBeNull();
  });

  test("a Lingui message is shown in the page's language", async () => {
    const dialog = await openTestModal(
      { name: 'confirm', message: msg`Confirm`, onConfirm: () => undefined },
      withLocale(visitorPageData(), 'fr_FR'),
    );
    expect(dialog).toHaveAccessibleName('Confirmation');
    expect(within(dialog).getByText('Confirmer', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });

  test('an action that opens another modal keeps it open', async () => {
    const dialog = await openTestModal({
      name: 'confirm',
      message: 'Leave your details?',
      onConfirm: () => openModal({ name: 'contact-organizer' }),
    });
    await act(() => userEvent.setup().click(within(dialog).getByRole('button', { name: 'Confirm' })));
    expect($modal.get()).toEqual({ name: 'contact-organizer' });
  });
});
