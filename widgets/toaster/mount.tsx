import { createMount, startOpinionTimer } from '@salon/shared';
import { Toaster } from './Toaster';

const mountToaster = createMount('toaster', Toaster, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  const unmount = mountToaster(element, props);
  // The toaster is on every page from its load: it starts the opinion popup's timer (spec §4.9), once per page.
  startOpinionTimer();
  return unmount;
}
