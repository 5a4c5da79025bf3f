import { createMount } from '@salon/shared';
import { Room } from './Room';

const mountRoom = createMount('room', Room, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountRoom(element, props);
}
