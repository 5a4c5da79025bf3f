import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { $sidebar, createMount } from '@salon/shared';

// Loaded when first opened: the page does not pay for a sidebar nobody opened.
const Journey = lazy(() => import('./Journey').then((module) => ({ default: module.Journey })));

/** The slot: the journey while the sidebar slot holds it (spec §2.6; the top bar's Journey button). */
export function JourneySlot() {
  const sidebar = useStore($sidebar);
  if (sidebar?.name !== 'journey') return null;
  return (
    <Suspense fallback={null}>
      <Journey />
    </Suspense>
  );
}

const mountJourney = createMount('journey', JourneySlot, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountJourney(element, props);
}
