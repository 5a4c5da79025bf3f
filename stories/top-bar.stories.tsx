import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import {
  administratorPageData,
  anonymousPageData,
  exhibitorPageData,
  promoterPageData,
  visitorPageData,
  withJourney,
  withLocale,
} from '@salon/shared/test/fixtures';
import type { PageDataInput } from '@salon/shared';
import { TopBar } from '../widgets/top-bar/TopBar';
import { Toaster } from '../widgets/toaster/Toaster';
import type { SalonParameters } from '../.storybook/preview';

// A stand-in room frame answers the commands (Home, Map, Conferences, sound) unless a story says otherwise.
const salon = (pageData: PageDataInput, extra: Omit<SalonParameters, 'widgets' | 'pageData'> = {}): { salon: SalonParameters } => ({
  salon: { widgets: ['top-bar', 'toaster'], pageData, fakeFrame: true, ...extra },
});

/**
 * The room's top bar (spec §2.3). The toaster is rendered beside it so failures (language switch, no
 * room frame) show their toast; the background is striped so opacity and blur show (stripes, not a gradient: the
 * check's screenshots stay small).
 */
const meta = {
  title: 'Widgets/Top bar',
  component: TopBar,
  decorators: [
    (Story) => (
      <div
        style={{
          minHeight: '14rem',
          background: 'repeating-linear-gradient(90deg, #f6d365 0 6rem, #fda085 6rem 12rem, #5ee7df 12rem 18rem)',
        }}
      >
        <Story />
        <Toaster />
      </div>
    ),
  ],
  // A phone layout (the widget's CSS has one): checked at 375×812 too.
  parameters: { ...salon(visitorPageData()), check: { phone: true } },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A logged-in visitor: Home, Journey, Map, Conferences, Feedback, sound, language, Profile, More. */
export const Visitor: Story = {};

/** Anonymous: Log in where Profile would be (Create an account in More), no Leave the room. */
export const Anonymous: Story = { parameters: salon(anonymousPageData()) };

/** An exhibitor: Activity, and My account goes to the exhibitor area. */
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

/** Feature flag journey on: the badge counts the stands still to visit (3). */
export const JourneyBadge: Story = {
  parameters: salon(withJourney(visitorPageData(), '{"vistingStand":"s9","standsToVisit":["s1","s2","s3"],"standsVisited":["s4"]}')),
};

/** Feature flag journey off: no Journey button. */
export const JourneyOff: Story = { parameters: salon(withJourney(visitorPageData(), null, '0')) };

/** The room's sound is muted (the frame's checkSound said so): the button offers to turn it back on. */
export const Muted: Story = { parameters: salon(visitorPageData(), { sound: { muted: true, available: true } }) };

/** No room frame on the page: Map, Home, Conferences and the sound toggle show their "not available" toasts. */
export const WithoutRoomFrame: Story = { parameters: salon(visitorPageData(), { fakeFrame: false }) };

/** The overflow menu open (share, fullscreen when available, legal links, leave the room). Arrow keys move, Escape closes. */
export const OverflowOpen: Story = {
  parameters: salon(exhibitorPageData()),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'More' }));
  },
};

/** 750 px or less: icons only; Conferences, Activity, Feedback and the account move into the overflow menu. */
export const Mobile: Story = {
  parameters: salon(withJourney(exhibitorPageData(), '{"standsToVisit":["s1","s2"]}')),
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/** Mobile with the overflow menu open. */
export const MobileOverflowOpen: Story = {
  parameters: salon(exhibitorPageData()),
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'More' }));
  },
};

const LONG_NAME_FR = 'Salon international des technologies de l’innovation industrielle, numérique et durable de Lyon';
const LONG_NAME_EN = 'International fair of industrial, digital and sustainable innovation technologies of Lyon';
function withLongName(data: PageDataInput): PageDataInput {
  return { ...data, parameters: { ...data.parameters, room_name: LONG_NAME_FR, room_name_en: LONG_NAME_EN } };
}
/** The bar in a box of `width` px: what does not fit moves into the overflow menu. */
const narrow = (width: number) => (Story: () => React.JSX.Element) => (
  <div style={{ width }}>
    <Story />
  </div>
);

/** 1,000 px wide, an exhibitor in French: the items of lowest priority (Votre avis, Conférences…) are in "Plus". */
export const NarrowFrench: Story = { parameters: salon(withLocale(exhibitorPageData(), 'fr_FR')), decorators: [narrow(1000)] };

/** The same in English. */
export const NarrowEnglish: Story = { parameters: salon(exhibitorPageData()), decorators: [narrow(1000)] };

/** A long salon name at 1,366 px: items move into "Plus" before the name is cut. */
export const LongName: Story = { parameters: salon(withLocale(withLongName(exhibitorPageData()), 'fr_FR')), decorators: [narrow(1366)] };

/** A long salon name at 751 px: everything that can move has moved; the name is cut, its tooltip gives it whole. */
export const LongNameCut: Story = { parameters: salon(withLongName(exhibitorPageData())), decorators: [narrow(751)] };

/** The same in French, with the menu open: the moved items first, in the bar's order. */
export const LongNameCutFrench: Story = {
  parameters: salon(withLocale(withLongName(exhibitorPageData()), 'fr_FR')),
  decorators: [narrow(751)],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Plus' }));
  },
};
