import { atom, readonlyType, type WritableAtom } from 'nanostores';
import type { MessageDescriptor } from '@lingui/core';
import { busSingleton } from '../singleton';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
/**
 * A Lingui descriptor (made with `msg` from `@lingui/core/macro`) is translated when rendered, so it
 * follows a language switch; a plain string (a server message) is shown as given.
 */
export type ToastMessage = MessageDescriptor | string;

export interface Toast {
  id: number;
  kind: ToastKind;
  message: ToastMessage;
  /** Stays until closed; otherwise hidden after `TOAST_AUTO_HIDE_MS`. */
  persistent: boolean;
}

export interface ToastInput {
  kind: ToastKind;
  message: ToastMessage;
  persistent?: boolean;
  /** Replaces every toast showing. */
  single?: boolean;
  /** Not added when an equal toast (same kind and message) is showing. */
  unique?: boolean;
}

/** Spec §9: toast auto-hide. */
export const TOAST_AUTO_HIDE_MS = 5000;

interface ToastState {
  $toasts: WritableAtom<readonly Toast[]>;
  timers: Map<number, ReturnType<typeof setTimeout>>;
  lastId: number;
}

const state = busSingleton<ToastState>('toasts', () => ({ $toasts: atom<readonly Toast[]>([]), timers: new Map(), lastId: 0 }));

/** The toasts showing, oldest first. */
export const $toasts = readonlyType(state.$toasts);

function sameMessage(a: ToastMessage, b: ToastMessage): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.id === b.id && JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {});
}

function clearTimer(id: number): void {
  const timer = state.timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  state.timers.delete(id);
}

/** Shows a toast and returns its id, or null when `unique` found an equal one showing. */
export function showToast(input: ToastInput): number | null {
  const current = state.$toasts.get();
  if (input.unique && current.some((toast) => toast.kind === input.kind && sameMessage(toast.message, input.message))) {
    return null;
  }
  const toast: Toast = { id: ++state.lastId, kind: input.kind, message: input.message, persistent: input.persistent ?? false };
  if (input.single) {
    for (const shown of current) clearTimer(shown.id);
    state.$toasts.set([toast]);
  } else {
    state.$toasts.set([...current, toast]);
  }
  if (!toast.persistent) {
    state.timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), TOAST_AUTO_HIDE_MS),
    );
  }
  return toast.id;
}

export function dismissToast(id: number): void {
  clearTimer(id);
  const current = state.$toasts.get();
  if (current.some((toast) => toast.id === id)) state.$toasts.set(current.filter((toast) => toast.id !== id));
}

export function clearToasts(): void {
  for (const id of state.timers.keys()) clearTimer(id);
  state.$toasts.set([]);
}
