import { createMount } from '@salon/shared';
import { ExhibitorProfile } from './ExhibitorProfile';

const mountExhibitorProfile = createMount('exhibitor-profile', ExhibitorProfile, {
  // Only this widget's catalog (the card's texts are in the shared one).
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

/** `/exposant/profil`: the exhibitor's card editor and its live preview. */
export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountExhibitorProfile(element, props);
}
