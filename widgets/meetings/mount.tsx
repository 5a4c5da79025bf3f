import { createMount } from '@salon/shared';
import { Meetings } from './Meetings';

const mountMeetings = createMount('meetings', Meetings, {
  loadMessages: (locale) => import(`./locales/${locale}/messages.ts`),
});

export function mount(element: HTMLElement, props?: Record<string, unknown>): () => void {
  return mountMeetings(element, props);
}
