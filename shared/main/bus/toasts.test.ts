import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { msg } from '@lingui/core/macro';
import { $toasts, clearToasts, dismissToast, showToast, TOAST_AUTO_HIDE_MS } from './toasts';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  clearToasts();
  jest.useRealTimers();
});

const messages = () => $toasts.get().map((toast) => toast.message);

describe('toasts', () => {
  test('a toast auto-hides after 5 seconds', () => {
    expect(TOAST_AUTO_HIDE_MS).toBe(5000);
    showToast({ kind: 'info', message: 'Saved' });
    jest.advanceTimersByTime(4999);
    expect(messages()).toEqual(['Saved']);
    jest.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  test('a persistent toast stays until dismissed', () => {
    const id = showToast({ kind: 'warning', message: 'Stay', persistent: true });
    jest.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['Stay']);
    dismissToast(id as number);
    expect($toasts.get()).toEqual([]);
  });

  test('toasts stack oldest first, each with its own timer', () => {
    showToast({ kind: 'info', message: 'one' });
    jest.advanceTimersByTime(3000);
    showToast({ kind: 'success', message: 'two' });
    expect(messages()).toEqual(['one', 'two']);
    jest.advanceTimersByTime(2000);
    expect(messages()).toEqual(['two']);
    jest.advanceTimersByTime(3000);
    expect(messages()).toEqual([]);
  });

  test('single replaces every toast showing, and their timers no longer fire', () => {
    showToast({ kind: 'info', message: 'one' });
    showToast({ kind: 'info', message: 'two', persistent: true });
    jest.advanceTimersByTime(1000);
    showToast({ kind: 'error', message: 'only', single: true });
    expect(messages()).toEqual(['only']);
    jest.advanceTimersByTime(4000);
    expect(messages()).toEqual(['only']);
    jest.advanceTimersByTime(1000);
    expect(messages()).toEqual([]);
  });

  test('unique is not added while an equal toast shows (same kind and message)', () => {
    expect(showToast({ kind: 'error', message: 'Oops', unique: true })).not.toBeNull();
    expect(showToast({ kind: 'error', message: 'Oops', unique: true })).toBeNull();
    expect(showToast({ kind: 'info', message: 'Oops', unique: true })).not.toBeNull();
    expect(messages()).toEqual(['Oops', 'Oops']);
    jest.advanceTimersByTime(5000);
    expect(showToast({ kind: 'error', message: 'Oops', unique: true })).not.toBeNull();
  });

  test('unique compares translatable messages by id and values', () => {
    const name = 'Stand A';
    const other = 'Stand B';
    showToast({ kind: 'success', message: msg`Added ${name}`, unique: true });
    expect(showToast({ kind: 'success', message: msg`Added ${name}`, unique: true })).toBeNull();
    expect(showToast({ kind: 'success', message: msg`Added ${other}`, unique: true })).not.toBeNull();
    expect($toasts.get()).toHaveLength(2);
  });

  test('dismissing an unknown id changes nothing', () => {
    showToast({ kind: 'info', message: 'x' });
    const before = $toasts.get();
    dismissToast(9999);
    expect($toasts.get()).toBe(before);
  });
});
