import type { Decorator } from '@storybook/react-webpack5';
import { Toaster } from '../widgets/toaster/Toaster';

/** A sidebar or a modal over a plain page, with the toaster for the toasts it shows. */
export const onPageWithToaster: Decorator = (Story) => (
  <div style={{ minHeight: '100vh', background: 'linear-gradient(120deg, #dfe9f3, #ffffff)' }}>
    <Story />
    <Toaster />
  </div>
);
