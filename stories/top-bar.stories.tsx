import type { Meta, StoryObj } from '@storybook/react-webpack5';
import {
  administratorPageData,
  anonymousPageData,
  exhibitorPageData,
  promoterPageData,
  visitorPageData,
  withLocale,
} from '@salon/shared/page-data/fixtures';
import type { PageDataInput } from '@salon/shared';
import { TopBar } from '../widgets/top-bar/TopBar';
import { Toaster } from '../widgets/toaster/Toaster';
import type { SalonParameters } from '../.storybook/preview';

const salon = (pageData: PageDataInput, extra: Omit<SalonParameters, 'widgets' | 'pageData'> = {}): { salon: SalonParameters } => ({
  salon: { widgets: ['top-bar', 'toaster'], pageData, ...extra },
});

/**
 * The room's top bar (spec §2.3, first subset). The toaster is rendered beside it so a failing
 * language switch shows its toast; the background is a gradient so opacity and blur show.
 */
const meta = {
  title: 'Widgets/Top bar',
  component: TopBar,
  decorators: [
    (Story) => (
      <div style={{ minHeight: '14rem', background: 'linear-gradient(120deg, #f6d365, #fda085 40%, #5ee7df)' }}>
        <Story />
        <Toaster />
      </div>
    ),
  ],
  parameters: salon(visitorPageData()),
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A logged-in visitor: Profile and Leave the room. */
export const Visitor: Story = {};

/** Anonymous: neither Profile nor Leave the room. */
export const Anonymous: Story = { parameters: salon(anonymousPageData()) };

/** An exhibitor: My account goes to the exhibitor area. */
export const Exhibitor: Story = { parameters: salon(exhibitorPageData()) };

export const Promoter: Story = { parameters: salon(promoterPageData()) };

export const Administrator: Story = { parameters: salon(administratorPageData()) };

/** One language only: no switcher. */
export const Monolingual: Story = { parameters: salon(withLocale(visitorPageData(), 'fr_FR', false)) };

/** French page: French labels and the French room name. */
export const French: Story = { parameters: salon(withLocale(exhibitorPageData(), 'fr_FR')) };

/** The server refuses the switch: the page stays in its language and a toast says so. */
export const LanguageSwitchFails: Story = { parameters: salon(visitorPageData(), { api: 'fail' }) };

function withSidebarStyle(opacity: number, blur: number): PageDataInput {
  const data = visitorPageData();
  return { ...data, parameters: { ...data.parameters, styles: { sidebar: { opacity, blur } } } };
}

/** Opacity 40 %, blur 12 px from the sidebar style settings. */
export const Translucent: Story = { parameters: salon(withSidebarStyle(40, 12)) };

/** Out-of-range settings (opacity 250, blur -10) are clamped to 100 and 0. */
export const ClampedStyle: Story = { parameters: salon(withSidebarStyle(250, -10)) };
