import { createMount } from '@salon/shared';
import { Toaster } from './Toaster';

const mountToaster = createMount('toaster', Toaster, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountToaster(element, props);
}
