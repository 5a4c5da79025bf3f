import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { $modal, closeModal, onModalClosed, openModal } from './modal';

afterEach(() => closeModal());

describe('the modal slot', () => {
  test('opening a modal closes the one showing', () => {
    openModal({ name: 'feedback' });
    openModal({ name: 'stand-contact-request', standId: 's1' });
    expect($modal.get()).toEqual({ name: 'stand-contact-request', standId: 's1' });
  });

  test('closing clears the slot and fires the closed reaction once', () => {
    const closed = jest.fn();
    const stop = onModalClosed(closed);
    openModal({ name: 'contest' });
    closeModal();
    closeModal();
    expect($modal.get()).toBeNull();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(closed).toHaveBeenCalledWith({ name: 'contest' });
    stop();
  });
});
