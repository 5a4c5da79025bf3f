import type { Decorator } from '@storybook/react-webpack5';
import { Toaster } from '../widgets/toaster/Toaster';

/** A sidebar or a modal over a plain page, with the toaster for the toasts it shows. */
export const onPageWithToaster: Decorator = (Story) => (
  <div style={{ minHeight: '100vh', background: '#e9eef5' }}>
    <Story />
    <Toaster />
  </div>
);

/** What `scripts/storybook/check.ts` reads in a story's `parameters.check`. */
export interface CheckParameters {
  /** The widget has a phone layout: the story is checked at 375×812 too. */
  phone?: boolean;
  /** axe rules that are only an artefact of the story's harness: rule id → why. */
  axe?: Record<string, string>;
  /** Parts covered by a box in the screenshot: CSS selector → why (what the machine draws differently each time). */
  mask?: Record<string, string>;
  /** Console errors the story provokes on purpose: a text each contains → why. */
  consoleErrors?: Record<string, string>;
}

/**
 * Names the console errors these stories provoke on purpose (a server made to fail, whose failure the API client
 * logs; a picture that is broken on purpose): the check lets errors containing `texts` pass for them, and only them.
 */
export function logsOnPurpose(stories: { parameters?: Record<string, unknown> }[], reason: string, ...texts: string[]): void {
  for (const story of stories) {
    const check = (story.parameters?.check ?? {}) as CheckParameters;
    const consoleErrors = { ...check.consoleErrors, ...Object.fromEntries(texts.map((text) => [text, reason])) };
    story.parameters = { ...story.parameters, check: { ...check, consoleErrors } };
  }
}
