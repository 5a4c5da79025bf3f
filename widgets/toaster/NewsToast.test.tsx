import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  $modal,
  activateLocale,
  clearToasts,
  closeModal,
  receiveNotifications,
  resetNotifications,
  setPageData,
  showToast,
} from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { mountWidget } from '@salon/shared/test/widgets';
import { mount } from './mount';

let widget: Awaited<ReturnType<typeof mountWidget>> | undefined;

const news = (
  id: number,
  title: string,
  titleEn: string,
  message = 'Rendez-vous en salle Ampère',
  messageEn = 'Meet us in the Ampère room',
) => ({
  id_notification: id,
  title,
  title_en: titleEn,
  message,
  message_en: messageEn,
  sent_at: `2026-11-21T1${id}:00:00.000Z`,
});

/** The organisers send `list` to a visitor whose browser already knew the older ones. */
function arrive(...list: ReturnType<typeof news>[]) {
  act(() => {
    receiveNotifications([], 'list');
    receiveNotifications(list, 'list');
  });
}

async function mountIn(locale: 'en_EN' | 'fr_FR') {
  setPageData(withLocale(visitorPageData(), locale));
  await act(() => activateLocale(locale));
  widget = await mountWidget(mount);
}

beforeEach(() => {
  localStorage.clear();
  resetNotifications();
});
afterEach(() => {
  act(() => {
    clearToasts();
    resetNotifications();
    closeModal();
  });
  widget?.unmount();
  widget = undefined;
  jest.useRealTimers();
});

describe('notification toasts (spec §4.7)', () => {
  test('show the title and message in English for en_EN, and stay after 5 seconds while other toasts go', async () => {
    await mountIn('en_EN');
    jest.useFakeTimers();
    arrive(news(3, 'Conférence à 15h', 'Talk at 3 pm'));
    act(() => {
      showToast({ kind: 'info', message: 'Saved' });
    });
    const toast = screen.getByText('Talk at 3 pm').closest('[role="status"]') as HTMLElement;
    expect(toast).toHaveTextContent('News: Talk at 3 pm');
    expect(toast).toHaveTextContent('Meet us in the Ampère room');
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10 * 60_000));
    expect(screen.getByText('Talk at 3 pm')).toBeInTheDocument();
  });

  test('show the French fields otherwise, with French controls', async () => {
    await mountIn('fr_FR');
    arrive(news(3, 'Conférence à 15h', 'Talk at 3 pm'));
    expect(screen.getByRole('status')).toHaveTextContent('Actualité : Conférence à 15hRendez-vous en salle Ampère');
    expect(screen.getByRole('button', { name: 'Voir toutes les actualités' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fermer la notification' })).toBeInTheDocument();
  });

  test('show each new one once, and never what the browser already had', async () => {
    await mountIn('en_EN');
    act(() => receiveNotifications([news(1, 'Ancienne', 'Old one')], 'list'));
    expect(screen.queryByText('Old one')).not.toBeInTheDocument();
    act(() => receiveNotifications([news(2, 'Nouvelle', 'New one'), news(1, 'Ancienne', 'Old one')], 'list'));
    act(() => receiveNotifications([{ ...news(2, 'Nouvelle', 'New one'), id_notification: '2' }], 'push'));
    expect(screen.getAllByText('New one')).toHaveLength(1);
    expect(screen.queryByText('Old one')).not.toBeInTheDocument();
  });

  test('render what the organiser wrote as text', async () => {
    await mountIn('en_EN');
    arrive(news(3, '<b>x</b>', '<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '<script>alert(1)</script>'));
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('.salon-toaster img, .salon-toaster script')).toBeNull();
  });

  test('"See all news" opens the room notifications; the close button closes it', async () => {
    await mountIn('en_EN');
    const user = userEvent.setup();
    arrive(news(3, 'Un', 'One'));
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('One')).not.toBeInTheDocument();
    arrive(news(4, 'Deux', 'Two'));
    await user.click(within(document.body).getByRole('button', { name: 'See all news' }));
    expect($modal.get()).toEqual({ name: 'room-notifications' });
    expect(screen.queryByText('Two')).not.toBeInTheDocument();
  });

  test('several news items make one toast that says how many and names the latest; See all news opens the list', async () => {
    await mountIn('en_EN');
    const user = userEvent.setup();
    arrive(news(3, 'Un', 'Keynote at 2 pm'), news(4, 'Deux', 'Lunch is served'), news(5, 'Trois', 'Last call'));
    const toasts = document.querySelectorAll('.salon-toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveTextContent('3 news items');
    expect(toasts[0]).toHaveTextContent('Latest: Last call');
    await user.click(screen.getByRole('button', { name: 'See all news' }));
    expect($modal.get()).toEqual({ name: 'room-notifications' });
    expect(document.querySelectorAll('.salon-toast')).toHaveLength(0);
  });

  test('the summary in French, and × closes every news item at once', async () => {
    await mountIn('fr_FR');
    const user = userEvent.setup();
    arrive(news(6, 'Conférence', 'C'), news(7, 'Déjeuner', 'D'));
    expect(document.querySelector('.salon-toast')).toHaveTextContent('2 actualités');
    expect(document.querySelector('.salon-toast')).toHaveTextContent('Dernière : Déjeuner');
    await user.click(screen.getByRole('button', { name: 'Fermer les actualités' }));
    expect(document.querySelectorAll('.salon-toast')).toHaveLength(0);
  });
});
