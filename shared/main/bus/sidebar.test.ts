import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { $sidebar, hideSidebar, onSidebarHidden, showSidebar, toggleSidebar } from './sidebar';

afterEach(() => hideSidebar());

describe('the sidebar slot', () => {
  test('starts empty', () => {
    expect($sidebar.get()).toBeNull();
  });

  test('showing one sidebar hides the one showing', () => {
    showSidebar({ name: 'chat', userId: 'u1' });
    showSidebar({ name: 'company-sheet', companyId: 'c9' });
    expect($sidebar.get()).toEqual({ name: 'company-sheet', companyId: 'c9' });
  });

  test('hiding clears the slot and fires the hidden reaction once, with the hidden sidebar', () => {
    const hidden = jest.fn();
    const stop = onSidebarHidden(hidden);
    showSidebar({ name: 'journey' });
    hideSidebar();
    hideSidebar();
    expect($sidebar.get()).toBeNull();
    expect(hidden).toHaveBeenCalledTimes(1);
    expect(hidden).toHaveBeenCalledWith({ name: 'journey' });
    stop();
  });

  test('replacing a sidebar by another is not a hide', () => {
    const hidden = jest.fn();
    const stop = onSidebarHidden(hidden);
    showSidebar({ name: 'journey' });
    showSidebar({ name: 'activity-stream' });
    expect(hidden).not.toHaveBeenCalled();
    stop();
  });

  test('the reaction stops after unsubscribing', () => {
    const hidden = jest.fn();
    onSidebarHidden(hidden)();
    showSidebar({ name: 'journey' });
    hideSidebar();
    expect(hidden).not.toHaveBeenCalled();
  });

  test('toggle shows, then hides the same sidebar', () => {
    toggleSidebar({ name: 'contact-point', standId: 's1' });
    expect($sidebar.get()).toEqual({ name: 'contact-point', standId: 's1' });
    toggleSidebar({ name: 'contact-point', standId: 's1' });
    expect($sidebar.get()).toBeNull();
  });
});
