import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { $sidebar, createMount } from '@salon/shared';

// Loaded when first opened: the page does not pay for a sidebar nobody opened.
const CompanySheet = lazy(() => import('./CompanySheet').then((module) => ({ default: module.CompanySheet })));

/** The slot: the company sheet while the sidebar slot holds it (spec §2.5, frame message showCompanySheet). */
export function CompanySheetSlot() {
  const sidebar = useStore($sidebar);
  if (sidebar?.name !== 'company-sheet') return null;
  return (
    <Suspense fallback={null}>
      <CompanySheet />
    </Suspense>
  );
}

const mountCompanySheet = createMount('company-sheet', CompanySheetSlot, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountCompanySheet(element, props);
}
