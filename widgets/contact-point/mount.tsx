import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { $sidebar, createMount } from '@salon/shared';

// Loaded when first opened: the page does not pay for a sidebar nobody opened.
const ContactPoint = lazy(() => import('./ContactPoint').then((module) => ({ default: module.ContactPoint })));

/** The slot: the contact point while the sidebar slot holds it (spec §2.8, frame message showStandUcp). */
export function ContactPointSlot() {
  const sidebar = useStore($sidebar);
  if (sidebar?.name !== 'contact-point') return null;
  return (
    <Suspense fallback={null}>
      <ContactPoint />
    </Suspense>
  );
}

const mountContactPoint = createMount('contact-point', ContactPointSlot, {
  // Only this widget's catalog: the remote must not carry other widgets' messages.
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountContactPoint(element, props);
}
