import { createMount } from '@salon/shared';
import { Stats } from './Stats';

const mountStats = createMount('stats', Stats, {
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountStats(element, props);
}
