import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { msg } from '@lingui/core/macro';
import { serverErrorMessage, type ToastInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { Toaster } from '../widgets/toaster/Toaster';
import type { SalonParameters } from '../.storybook/preview';

const salon = (toasts: ToastInput[], extra: Omit<SalonParameters, 'widgets' | 'toasts'> = {}): { salon: SalonParameters } => ({
  salon: { widgets: ['toaster'], toasts, ...extra },
});

/** The toast stack, top right under the top bar (spec §2.2, §4.7, §8); at most three at once. Stories use persistent toasts unless said. */
const meta = {
  title: 'Widgets/Toaster',
  component: Toaster,
  decorators: [
    (Story) => (
      <div style={{ minHeight: '24rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  parameters: salon([{ kind: 'info', message: 'Le stand Acme ouvre dans 10 minutes.', persistent: true }]),
};

export const Success: Story = {
  parameters: salon([
    { kind: 'success', message: 'The request has been sent successfully, you will be contacted very soon.', persistent: true },
  ]),
};

export const Warning: Story = {
  parameters: salon([{ kind: 'warning', message: 'Sound manipulation not available', persistent: true }]),
};

/** A translated message from the bus (the failed language switch). */
export const ErrorToast: Story = {
  name: 'Error',
  parameters: salon([{ kind: 'error', message: msg`Language Switch unavailable.`, persistent: true }]),
};

/** The top one hides after 5 seconds; the persistent one stays until closed. */
export const PersistentAndAutoHiding: Story = {
  parameters: salon([
    { kind: 'info', message: 'I disappear after 5 seconds.' },
    { kind: 'warning', message: 'I stay until you close me.', persistent: true },
  ]),
};

/** A long server error (`data.error`), cut at 1000 characters as the API client does. */
export const LongMessage: Story = {
  parameters: salon([
    {
      kind: 'error',
      message: serverErrorMessage(
        'SQLSTATE[23000]: Integrity constraint violation: 1062 Duplicate entry for key "uniq_email". '.repeat(20),
      ),
      persistent: true,
    },
  ]),
};

export const Stack: Story = {
  parameters: salon([
    { kind: 'success', message: 'Saved.', persistent: true },
    { kind: 'info', message: 'A new notification arrived.', persistent: true },
    { kind: 'warning', message: 'Map access is not available, try again later.', persistent: true },
    { kind: 'error', message: 'Chat is unavailable, please try again later.', persistent: true },
  ]),
};

/** French: labels, the close button and translated messages in French. */
export const French: Story = {
  parameters: salon(
    [
      { kind: 'error', message: msg`Language Switch unavailable.`, persistent: true },
      { kind: 'success', message: 'Votre demande a bien été envoyée.', persistent: true },
    ],
    { pageData: withLocale(visitorPageData(), 'fr_FR') },
  ),
};

/** No analytics choice yet: the cookie banner (Accept / Refuse, link to the cookie policy). */
export const CookieBanner: Story = {
  parameters: salon([], { consent: 'unset' }),
};

/** The cookie banner in French, under a toast. */
export const CookieBannerFrench: Story = {
  parameters: salon([{ kind: 'info', message: 'Bienvenue au salon !', persistent: true }], {
    consent: 'unset',
    pageData: withLocale(visitorPageData(), 'fr_FR'),
  }),
};
