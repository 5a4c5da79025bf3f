import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { msg } from '@lingui/core/macro';
import {
  $modal,
  activateLocale,
  clearToasts,
  closeModal,
  hideSidebar,
  openModal,
  resetOpinionTimer,
  setPageData,
  showSidebar,
  showToast,
} from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { mountWidget } from '@salon/shared/test/widgets';
import { mount } from './mount';

let widget: Awaited<ReturnType<typeof mountWidget>> | undefined;

beforeEach(async () => {
  setPageData(visitorPageData());
  await act(() => activateLocale('en_EN'));
  widget = await mountWidget(mount);
});
afterEach(() => {
  act(() => clearToasts());
  widget?.unmount();
  jest.useRealTimers();
});

describe('toaster', () => {
  test('shows the newest three toasts; the others wait for a place', () => {
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) showToast({ kind: 'info', message: `Toast ${n}`, persistent: true });
    });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      'Information: Toast 3',
      'Information: Toast 4',
      'Information: Toast 5',
    ]);
  });

  test('sits beside an open sidebar, and over an open modal at the right (still under the top bar), and publishes its height for the modal and the sidebars', () => {
    act(() => showToast({ kind: 'info', message: 'Hello', persistent: true }));
    const stack = document.querySelector('.salon-toaster')!;
    expect(stack.className).toBe('salon-toaster');
    act(() => showSidebar({ name: 'journey' }));
    expect(stack).toHaveClass('salon-toaster--beside-sidebar');
    act(() => openModal({ name: 'feedback' }));
    expect(stack).toHaveClass('salon-toaster--over-modal');
    act(() => {
      closeModal();
      hideSidebar();
    });
    expect(stack.className).toBe('salon-toaster');
    expect(document.documentElement.style.getPropertyValue('--salon-toasts-height')).toMatch(/^\d+px$/);
  });

  test('while a modal is open, toasts leaving do not shrink the room it keeps free (the modal stays under the pointer); closing it does', async () => {
    // jsdom lays nothing out: each toast is 60 px high, and the page's ResizeObserver is called by hand.
    const resized: (() => void)[] = [];
    const observer = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(callback: ResizeObserverCallback) {
        resized.push(() => callback([], this as unknown as ResizeObserver));
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    const rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { height: this.classList.contains('salon-toaster') ? 60 * this.children.length : 0 } as DOMRect;
    });
    try {
      widget?.unmount();
      widget = await mountWidget(mount);
      const published = () => document.documentElement.style.getPropertyValue('--salon-toasts-height');
      const layout = () => act(() => resized.forEach((call) => call()));
      act(() => {
        showToast({ kind: 'info', message: 'First', persistent: true });
        showToast({ kind: 'info', message: 'Second', persistent: true });
      });
      layout();
      expect(published()).toBe('120px');
      act(() => openModal({ name: 'feedback' }));
      await userEvent.click(
        within(screen.getByText('Second').closest('.salon-toast')!).getByRole('button', { name: 'Close notification' }),
      );
      layout();
      expect(published()).toBe('120px');
      act(() => closeModal());
      expect(published()).toBe('60px');
      // A toast that leaves as the modal opens (its button opened it) leaves no room behind.
      act(() => {
        openModal({ name: 'feedback' });
        clearToasts();
      });
      layout();
      expect(published()).toBe('0px');
      act(() => {
        closeModal();
        showToast({ kind: 'info', message: 'Third', persistent: true });
      });
      layout();
      expect(published()).toBe('60px');
      await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
      layout();
      expect(published()).toBe('0px');
    } finally {
      rect.mockRestore();
      globalThis.ResizeObserver = observer;
    }
  });

  test('shows nothing without toasts', () => {
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('info and success are polite status messages, errors are alerts', () => {
    act(() => {
      showToast({ kind: 'info', message: 'Your stand is open' });
      showToast({ kind: 'success', message: 'Saved' });
      showToast({ kind: 'error', message: 'Could not save' });
    });
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual(['Information: Your stand is open', 'Success: Saved']);
    expect(statuses[0]).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Could not save');
  });

  test('a toast hides by itself after 5 seconds, a persistent one stays', () => {
    jest.useFakeTimers();
    act(() => {
      showToast({ kind: 'info', message: 'Short-lived' });
      showToast({ kind: 'warning', message: 'Here to stay', persistent: true });
    });
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Short-lived')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Short-lived')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Here to stay')).toBeInTheDocument();
  });

  test('each toast has a close button', async () => {
    const user = userEvent.setup();
    act(() => {
      showToast({ kind: 'error', message: 'First', persistent: true });
      showToast({ kind: 'error', message: 'Second', persistent: true });
    });
    const closeButtons = screen.getAllByRole('button', { name: 'Close notification' });
    expect(closeButtons).toHaveLength(2);
    await user.click(closeButtons[0]!);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
  });

  test('a long message is shown whole', () => {
    const long = `Le salon ferme bientôt. ${'Merci de votre visite. '.repeat(40)}`.trim();
    act(() => {
      showToast({ kind: 'info', message: long });
    });
    expect(screen.getByRole('status')).toHaveTextContent(long);
  });

  test('translated toasts re-render when the language changes', async () => {
    act(() => {
      showToast({ kind: 'error', message: msg`Language Switch unavailable.`, persistent: true });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error: Language Switch unavailable.');
    await act(() => activateLocale('fr_FR'));
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur : Changement de langue indisponible.');
    expect(within(document.body).getByRole('button', { name: 'Fermer la notification' })).toBeInTheDocument();
  });
});

describe('toaster in French', () => {
  test('mounts in French when the page is French', async () => {
    widget?.unmount();
    setPageData(withLocale(visitorPageData(), 'fr_FR'));
    await act(() => activateLocale('fr_FR'));
    widget = await mountWidget(mount);
    act(() => {
      showToast({ kind: 'success', message: 'Profil enregistré' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Succès : Profil enregistré');
    expect(screen.getByRole('button', { name: 'Fermer la notification' })).toBeInTheDocument();
  });
});

describe('the opinion popup (spec §4.9) starts with the toaster', () => {
  test('its mount starts the timer: feedback_delay seconds later the feedback modal opens by itself', () => {
    widget?.unmount();
    resetOpinionTimer();
    jest.useFakeTimers();
    setPageData({ ...visitorPageData(), feedback_delay: 30 });
    const element = document.body.appendChild(document.createElement('div'));
    let unmount: () => void = () => undefined;
    act(() => {
      unmount = mount(element);
    });
    act(() => jest.advanceTimersByTime(29_999));
    expect($modal.get()).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect($modal.get()).toEqual({ name: 'feedback' });
    act(() => {
      closeModal();
      unmount();
    });
    element.remove();
    widget = undefined;
    resetOpinionTimer();
  });
});
