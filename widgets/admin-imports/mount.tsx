import { createMount } from '@salon/shared';
import { AdminImports } from './AdminImports';

const mountAdminImports = createMount('admin-imports', AdminImports, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

/** The CSV imports of `/admin/imports` (administrators and promoters). */
export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountAdminImports(element, props);
}
