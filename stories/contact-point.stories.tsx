import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { type PageDataInput, showSidebar } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import type { Animator } from '@salon/shared/exhibitors';
import { ALICE_EXHIBITOR, BASILE_EXHIBITOR, CHLOE_EXHIBITOR, animator } from '@salon/shared/test/exhibitors';
import { ContactPoint } from '../widgets/contact-point/ContactPoint';
import { setExhibitorAnswers } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { onPageWithToaster, logsOnPurpose } from './decorators';

const DAVID_EXHIBITOR = animator('david1', 'David', 'Nguyen', {
  availability: false,
  picturePath: null,
  presentation: null,
  presentation_en: null,
});

const salon = (
  animators: Animator[],
  pageData: PageDataInput = visitorPageData(),
  extra: Omit<SalonParameters, 'widgets' | 'pageData'> = {},
) => ({
  salon: { widgets: ['contact-point', 'toaster'], pageData, ...extra } satisfies SalonParameters,
  animators,
});

/**
 * The unique contact point (spec §2.8), opened by the room frame's showStandUcp: the stand's available and
 * unavailable exhibitors (collapsible, with counts), and the button that opens the contact-request modal.
 */
const meta = {
  title: 'Widgets/Contact point',
  component: ContactPoint,
  loaders: [
    async ({ parameters }) => {
      setExhibitorAnswers({ animators: (parameters.animators as Animator[] | undefined) ?? [] });
      showSidebar({ name: 'contact-point', standId: 's1' });
      return {};
    },
  ],
  decorators: [onPageWithToaster],
  // A phone layout (the widget's CSS has one): checked at 375×812 too.
  parameters: { ...salon([ALICE_EXHIBITOR, BASILE_EXHIBITOR, CHLOE_EXHIBITOR]), check: { phone: true } },
} satisfies Meta<typeof ContactPoint>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Available and unavailable exhibitors: both groups open, with their counts. */
export const AvailableAndUnavailable: Story = {};

/** Only unavailable exhibitors: the available group is open and empty, the unavailable one open. */
export const OnlyUnavailable: Story = { parameters: salon([CHLOE_EXHIBITOR, DAVID_EXHIBITOR]) };

/** Only available exhibitors: the unavailable group is closed. */
export const OnlyAvailable: Story = { parameters: salon([ALICE_EXHIBITOR, BASILE_EXHIBITOR]) };

/** Nobody to show: the no-exhibitors message and the contact-request button. */
export const Nobody: Story = { parameters: salon([]) };

/** The server fails: the error, its toast, a retry, and the contact-request button. */
export const LoadingError: Story = { parameters: salon([], visitorPageData(), { api: 'fail' }) };

/** French page. */
export const French: Story = {
  parameters: salon([ALICE_EXHIBITOR, BASILE_EXHIBITOR, CHLOE_EXHIBITOR], withLocale(visitorPageData(), 'fr_FR')),
};

logsOnPurpose([LoadingError], 'the story makes the server fail; the API client logs the failed call', 'Response not ok: 503');
