import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { type PageDataInput, showSidebar } from '@salon/shared';
import { exhibitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { historyItem, roomUser, stand } from '@salon/shared/test/exhibitors';
import { ActivityStream } from '../widgets/activity-stream/ActivityStream';
import { setExhibitorAnswers, type ExhibitorAnswers } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { onPageWithToaster } from './decorators';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const ME = roomUser('u42x', 'Camille Martin', { profile: 'exhibitor', availability: true });
const ANA = roomUser('ana1', 'Ana Lopez', { company: { name: 'Globex' } });
const BRUNO = roomUser('bruno1', 'Bruno Petit');
const CLARA = roomUser('clara1', 'Clara Weber', { company: { name: 'Initech' } });
const EVE = roomUser('eve1', 'Eve Marchand', {
  profile: 'exhibitor',
  availability: true,
  company: { name: 'Acme Robotics' },
  last_activity_at: minutesAgo(2),
});
const FRED = roomUser('fred1', 'Fred Simon', {
  profile: 'exhibitor',
  availability: true,
  company: { name: 'Acme Robotics' },
  last_activity_at: minutesAgo(5),
});
const IDLE = roomUser('idle1', 'Idle Exhibitor', { profile: 'exhibitor', availability: true, last_activity_at: minutesAgo(120) });
const STANDS = { s1: stand('s1', 'Robots Acme', 'Acme Robots'), s2: stand('s2', 'Atelier Acme', 'Acme Workshop') };

function history(standId: string, count: number, offset = 0) {
  const types = ['enterOnStand', 'chatStarted', 'leaveStand', 'updateAvailability', 'visioOpened'] as const;
  const people = [ANA, BRUNO, CLARA, ME, ANA];
  return Array.from({ length: count }, (_, i) => {
    const type = types[i % types.length] ?? 'enterOnStand';
    return historyItem(standId, type, people[i % people.length], offset + i * 7, {
      id: `${standId}h${i}`,
      availability: type === 'updateAvailability' ? i % 2 === 0 : undefined,
    });
  });
}

const BUSY: ExhibitorAnswers = {
  stands: STANDS,
  history: { s1: history('s1', 8) },
  live: { owned_stands_users: { s1: [ANA, BRUNO, CLARA] }, owned_stands_exhibitors: { s1: [ME, EVE, FRED, IDLE] } },
};

interface Setup {
  answers: ExhibitorAnswers;
  panel: boolean;
  /** The widget starts collapsed to its "Show my activity" button (what the previous page left). */
  collapsed?: boolean;
}

function exhibitor(user: Record<string, unknown> = {}, stands = ['s1']): PageDataInput {
  const data = exhibitorPageData();
  return { ...data, owned_stands_ids: stands, user: { ...data.user, hidden: false, availability: true, stands, ...user } };
}

const salon = (
  answers: ExhibitorAnswers,
  pageData: PageDataInput = exhibitor(),
  panel = true,
): { salon: SalonParameters; setup: Setup } => ({
  salon: { widgets: ['activity-stream', 'toaster'], pageData },
  setup: { answers, panel },
});

/**
 * The exhibitor's activity stream (spec §2.10): the widget, bottom left on desktop, and the panel (opened by
 * the top bar's Activity or the room's unavailable banner): availability switch, visitors per owned stand,
 * other available exhibitors, the stand history (scroll it to load older entries).
 */
const meta = {
  title: 'Widgets/Activity stream',
  component: ActivityStream,
  loaders: [
    async ({ parameters }) => {
      const setup = parameters.setup as Setup;
      setExhibitorAnswers(setup.answers);
      if (setup.panel) showSidebar({ name: 'activity-stream' });
      localStorage.setItem('salon.activity-widget.collapsed', setup.collapsed ? '1' : '0');
      return {};
    },
  ],
  decorators: [onPageWithToaster],
  // A phone layout (the widget's CSS has one): checked at 375×812 too.
  parameters: { ...salon(BUSY), check: { phone: true } },
} satisfies Meta<typeof ActivityStream>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Available, three visitors on the stand, two other exhibitors available (the idle one is not listed). */
export const PanelAvailable: Story = {};

/** Registered as unavailable: the switch is off. */
export const PanelUnavailable: Story = { parameters: salon(BUSY, exhibitor({ availability: false })) };

/** Nobody around: the empty states. */
export const PanelQuiet: Story = {
  parameters: salon({
    stands: STANDS,
    history: { s1: [] },
    live: { owned_stands_users: { s1: [] }, owned_stands_exhibitors: { s1: [ME] } },
  }),
};

/** Two owned stands: one visitors card each, and each history line names its stand. */
export const HistoryWithSeveralStands: Story = {
  parameters: salon(
    {
      stands: STANDS,
      history: { s1: history('s1', 6), s2: history('s2', 5, 3) },
      live: { owned_stands_users: { s1: [ANA], s2: [BRUNO, CLARA] }, owned_stands_exhibitors: { s1: [ME, EVE], s2: [ME, FRED] } },
    },
    exhibitor({}, ['s1', 's2']),
  ),
};

/** 45 history entries: the list is 300 px high; scrolling to its end loads the older ones (GET …/history?last=). */
export const LongHistory: Story = { parameters: salon({ ...BUSY, history: { s1: history('s1', 45) } }) };

/** The profile is not published: the message and the link to the own profile page, in the panel and the widget. */
export const HiddenProfile: Story = { parameters: salon(BUSY, exhibitor({ hidden: true })) };

/** The server refuses the change: the switch goes back, with the error toast. Click the switch. */
export const SaveFails: Story = { parameters: salon({ ...BUSY, availability: 'fail' }) };

/** Only the widget (the panel closed): the 3 latest lines, the switch, the available exhibitors per stand. */
export const Widget: Story = { parameters: salon(BUSY, exhibitor(), false) };

/** The widget with two stands. */
export const WidgetSeveralStands: Story = {
  parameters: salon(
    {
      stands: STANDS,
      history: { s1: history('s1', 3), s2: history('s2', 3, 2) },
      live: { owned_stands_exhibitors: { s1: [ME, EVE], s2: [ME] } },
    },
    exhibitor({}, ['s1', 's2']),
    false,
  ),
};

/** French page: "il y a 2 min", French labels. */
export const French: Story = { parameters: salon(BUSY, withLocale(exhibitor(), 'fr_FR')) };

/** French, unpublished profile. */
export const HiddenProfileFrench: Story = { parameters: salon(BUSY, withLocale(exhibitor({ hidden: true }), 'fr_FR')) };

/** The widget collapsed to its one button, floating at the bottom left ("Show my activity" expands it). */
export const WidgetCollapsed: Story = {
  parameters: { ...salon(BUSY, exhibitor(), false), setup: { answers: BUSY, panel: false, collapsed: true } },
};

/** The same in French ("Afficher mon activité"). */
export const WidgetCollapsedFrench: Story = {
  parameters: { ...salon(BUSY, withLocale(exhibitor(), 'fr_FR'), false), setup: { answers: BUSY, panel: false, collapsed: true } },
};
