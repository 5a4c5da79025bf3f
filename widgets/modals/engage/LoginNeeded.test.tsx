import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $modal, closeModal, setPageData } from '@salon/shared';
import { chatWith } from '@salon/shared/exhibitors';
import { anonymousPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { goToPanorama, registerFramePort } from '@salon/shared/room';
import { openTestModal, startServer, stopServer } from '../testing';

beforeEach(startServer);
let unregisterFrame: () => void = () => undefined;
afterEach(async () => {
  unregisterFrame();
  await stopServer();
});

describe('an anonymous visitor is offered the login before an action kept for accounts (spec §6)', () => {
  test('Chat on an exhibitor card opens the offer, not a chat; both links come back to the same panorama (the plan)', async () => {
    unregisterFrame = registerFramePort({ window: () => ({ postMessage: jest.fn() }) as unknown as Window, origin: 'http://localhost' });
    expect(goToPanorama('plan')).toBe(true);
    // The modals widget is on the page (as on /salon), nothing open yet.
    await openTestModal({ name: 'feedback' }, anonymousPageData());
    act(() => closeModal());
    await act(() => chatWith('ex1', 's1'));
    expect($modal.get()).toEqual({ name: 'login-needed', reason: 'chat' });
    const dialog = await screen.findByRole('dialog', { name: 'Log in to chat' });
    expect(dialog).toHaveAccessibleName('Log in to chat');
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/connexion?retour=%2Fsalon%2Fplan');
    expect(within(dialog).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/connexion?retour=%2Fsalon%2Fplan#register-title',
    );
  });

  test('the contest, in French; Escape closes it', async () => {
    unregisterFrame = registerFramePort({ window: () => ({ postMessage: jest.fn() }) as unknown as Window, origin: 'http://localhost' });
    expect(goToPanorama('conference')).toBe(true);
    const dialog = await openTestModal({ name: 'login-needed', reason: 'contest' }, withLocale(anonymousPageData(), 'fr_FR'));
    expect(within(dialog).getByRole('heading', { name: 'Connectez-vous pour participer au jeu concours' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Le jeu concours est réservé aux visiteurs ayant un compte/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/connexion?retour=%2Fsalon%2Fconference');
    await userEvent.setup().keyboard('{Escape}');
    expect($modal.get()).toBeNull();
  });

  test('a logged-in visitor goes straight to the chat (no offer)', async () => {
    act(() => setPageData(visitorPageData()));
    await chatWith('ex1', 's1').catch(() => undefined);
    expect($modal.get()).toBeNull();
  });
});
