import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { NPS_COOKIE, NPS_COOKIE_MAX_AGE_SECONDS } from '@salon/shared/contracts/form-rules';
import { deleteCookie, readCookie, writeCookie } from '../platform/cookies';
import { $modal, closeModal, openModal } from './modal';
import { OPINION_COOKIE, OPINION_COOKIE_MAX_AGE, recordOpinionGiven, resetOpinionTimer, startOpinionTimer } from './opinion';
import { setPageData } from './pageData';

const withDelay = (feedback_delay: number) => setPageData({ feedback_delay });

beforeEach(() => {
  jest.useFakeTimers();
  resetOpinionTimer();
  deleteCookie(OPINION_COOKIE, { sameSite: 'Lax' });
});

afterEach(() => {
  resetOpinionTimer();
  closeModal();
  deleteCookie(OPINION_COOKIE, { sameSite: 'Lax' });
  jest.useRealTimers();
});

describe('the opinion popup (spec §4.9)', () => {
  test('opens the feedback modal by itself after feedback_delay seconds', () => {
    withDelay(1200);
    startOpinionTimer();
    jest.advanceTimersByTime(1_199_999);
    expect($modal.get()).toBeNull();
    jest.advanceTimersByTime(1);
    expect($modal.get()).toEqual({ name: 'feedback' });
  });

  test('never twice: closed, it does not come back, and a second start does nothing', () => {
    withDelay(10);
    startOpinionTimer();
    jest.advanceTimersByTime(10_000);
    expect($modal.get()).toEqual({ name: 'feedback' });
    closeModal();
    startOpinionTimer();
    jest.advanceTimersByTime(100_000);
    expect($modal.get()).toBeNull();
  });

  test('not when the nps cookie is there', () => {
    writeCookie(OPINION_COOKIE, '1', { sameSite: 'Lax' });
    withDelay(10);
    startOpinionTimer();
    jest.advanceTimersByTime(60_000);
    expect($modal.get()).toBeNull();
  });

  test('not when the delay is 0 (or negative)', () => {
    for (const delay of [0, -5]) {
      resetOpinionTimer();
      withDelay(delay);
      startOpinionTimer();
      jest.advanceTimersByTime(10_000_000);
      expect($modal.get()).toBeNull();
    }
  });

  test('a delay that is not a number (null, empty, a word) is the spec’s 1200 s, not 0', () => {
    for (const delay of [null, '', 'soon', true]) {
      resetOpinionTimer();
      closeModal();
      setPageData({ feedback_delay: delay as never });
      startOpinionTimer();
      jest.advanceTimersByTime(1_199_999);
      expect([delay, $modal.get()]).toEqual([delay, null]);
      jest.advanceTimersByTime(1);
      expect([delay, $modal.get()]).toEqual([delay, { name: 'feedback' }]);
    }
  });

  test('a numeric string counts as its number', () => {
    setPageData({ feedback_delay: '30' as never });
    startOpinionTimer();
    jest.advanceTimersByTime(29_999);
    expect($modal.get()).toBeNull();
    jest.advanceTimersByTime(1);
    expect($modal.get()).toEqual({ name: 'feedback' });
  });

  test('not when an opinion was given meanwhile (the cookie is read again when the time comes)', () => {
    withDelay(10);
    startOpinionTimer();
    writeCookie(OPINION_COOKIE, '1', { sameSite: 'Lax' });
    jest.advanceTimersByTime(10_000);
    expect($modal.get()).toBeNull();
  });

  test('waits while another modal is open, then opens once the slot is free', () => {
    withDelay(10);
    startOpinionTimer();
    openModal({ name: 'contest' });
    jest.advanceTimersByTime(10_000);
    expect($modal.get()).toEqual({ name: 'contest' });
    openModal({ name: 'todays-news' });
    expect($modal.get()).toEqual({ name: 'todays-news' });
    closeModal();
    expect($modal.get()).toEqual({ name: 'feedback' });
    closeModal();
    expect($modal.get()).toBeNull();
  });

  test('already open (the visitor opened it) when the time comes: it does not open again once closed', () => {
    withDelay(10);
    startOpinionTimer();
    openModal({ name: 'feedback' });
    jest.advanceTimersByTime(10_000);
    closeModal();
    jest.advanceTimersByTime(100_000);
    expect($modal.get()).toBeNull();
  });

  test('the visitor opens it while the timer waits for the slot: it does not open again once closed', () => {
    withDelay(10);
    startOpinionTimer();
    openModal({ name: 'contest' });
    jest.advanceTimersByTime(10_000);
    openModal({ name: 'feedback' });
    closeModal();
    expect($modal.get()).toBeNull();
  });

  test('a given opinion writes the nps cookie for a year and stops the timer', () => {
    const assignments: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      assignments.push(value);
      descriptor.set!.call(document, value);
    });
    withDelay(10);
    startOpinionTimer();
    recordOpinionGiven();
    expect(assignments).toEqual(['nps=1; Path=/; Max-Age=31536000; SameSite=Lax']);
    expect(readCookie('nps')).toBe('1');
    jest.advanceTimersByTime(60_000);
    expect($modal.get()).toBeNull();
  });

  test('the cookie is the one the forms name', () => {
    expect(OPINION_COOKIE).toBe(NPS_COOKIE);
    expect(OPINION_COOKIE_MAX_AGE).toBe(NPS_COOKIE_MAX_AGE_SECONDS);
  });
});
