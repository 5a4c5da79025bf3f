import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { $sidebar, createMount } from '@salon/shared';

// Loaded when first opened: the page does not pay for a sidebar nobody opened.
const Programme = lazy(() => import('./Programme').then((module) => ({ default: module.Programme })));

/** The slot: the programme while the sidebar slot holds it (the top bar's Conferences, the journey, a stand's card). */
export function ProgrammeSlot() {
  const sidebar = useStore($sidebar);
  if (sidebar?.name !== 'programme') return null;
  return (
    <Suspense fallback={null}>
      <Programme view={sidebar.view ?? 'talks'} standId={sidebar.standId ?? null} />
    </Suspense>
  );
}

const mountProgramme = createMount('programme', ProgrammeSlot, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountProgramme(element, props);
}
