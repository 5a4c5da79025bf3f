import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { useStore } from '@nanostores/react';
import { $sidebar, activateLocale, hideSidebar, i18n, showSidebar, toggleSidebar } from '@salon/shared';
import { SidebarFrame } from './Sidebar';

/** A page with the top bar's toggle and a journey sidebar holding a button and a menu that handles Escape itself. */
function Page({ closable = true, remountKey = 'a' }: { closable?: boolean; remountKey?: string }) {
  const sidebar = useStore($sidebar);
  return (
    <I18nProvider i18n={i18n}>
      <button type="button" onClick={() => toggleSidebar({ name: 'journey' })}>
        Journey
      </button>
      <button type="button">Elsewhere</button>
      {sidebar?.name === 'journey' && (
        <SidebarFrame key={remountKey} name="journey" label="My personal journey" title={<h2>My personal journey</h2>} closable={closable}>
          <button type="button">Inside</button>
          <div
            role="menu"
            tabIndex={-1}
            onKeyDown={(event) => {
              if (event.key === 'Escape') event.preventDefault();
            }}
          >
            Menu
          </div>
        </SidebarFrame>
      )}
    </I18nProvider>
  );
}

beforeAll(async () => {
  await act(() => activateLocale('en_EN'));
});
afterEach(() => {
  act(() => hideSidebar());
  cleanup();
});

describe('SidebarFrame', () => {
  test('Escape inside closes it and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Journey' }));
    expect(screen.getByRole('complementary', { name: 'My personal journey' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Inside' }).focus();
    await user.keyboard('{Escape}');
    expect($sidebar.get()).toBeNull();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Journey' })).toHaveFocus();
  });

  test('the × button closes it and gives the focus back too', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Journey' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect($sidebar.get()).toBeNull();
    expect(screen.getByRole('button', { name: 'Journey' })).toHaveFocus();
  });

  test('Escape that something inside handled (a menu) does not close it; Escape elsewhere on the page does nothing', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Journey' }));
    screen.getByRole('menu').focus();
    await user.keyboard('{Escape}');
    expect($sidebar.get()).toEqual({ name: 'journey' });
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await user.keyboard('{Escape}');
    expect($sidebar.get()).toEqual({ name: 'journey' });
  });

  test('opening moves the focus into the panel: the next Tab reaches its first control', async () => {
    const user = userEvent.setup();
    render(<Page />);
    screen.getByRole('button', { name: 'Journey' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('complementary', { name: 'My personal journey' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  test('Escape on the button that opened it closes it too, and the focus stays on that button', async () => {
    const user = userEvent.setup();
    render(<Page />);
    screen.getByRole('button', { name: 'Journey' }).focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Journey' }).focus();
    await user.keyboard('{Escape}');
    expect($sidebar.get()).toBeNull();
    expect(screen.getByRole('button', { name: 'Journey' })).toHaveFocus();
  });

  test('a panel that remounts while open (a widget switching views) keeps the focus inside', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Page />);
    screen.getByRole('button', { name: 'Journey' }).focus();
    await user.keyboard('{Enter}');
    rerender(<Page remountKey="b" />);
    expect(screen.getByRole('complementary', { name: 'My personal journey' })).toHaveFocus();
  });

  test('a sidebar that cannot be closed stays on Escape; closed from elsewhere, it leaves the focus alone', async () => {
    const user = userEvent.setup();
    render(<Page closable={false} />);
    await user.click(screen.getByRole('button', { name: 'Journey' }));
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Inside' }).focus();
    await user.keyboard('{Escape}');
    expect($sidebar.get()).toEqual({ name: 'journey' });
    // Replaced by another sidebar: not a close, the focus is not moved back.
    act(() => showSidebar({ name: 'chat' }));
    expect(screen.getByRole('button', { name: 'Journey' })).not.toHaveFocus();
  });
});
