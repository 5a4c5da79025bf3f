import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { PageDataInput } from '@salon/shared';
import { anonymousActive, exhibitorPageData, promoterPageData, withLocale } from '@salon/shared/test/fixtures';
import type { AttendanceData, StandAnalyticsData } from '@salon/shared/contracts/analytics';
import type { UsersActivesData } from '@salon/shared/contracts/backoffice';
import { Stats } from '../widgets/stats/Stats';
import { resetStats } from '../widgets/stats/store';
import { setStatsAnswers, type StatsAnswers } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { logsOnPurpose } from './decorators';

const HOUR = 3_600_000;
const now = Math.floor(Date.now() / HOUR) * HOUR;
const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();

/** Nine hours of a stand: a morning rush, a quiet lunch, an afternoon with chats and leads. */
function standFigures(id: string, name: string, nameEn: string, scale = 1): StandAnalyticsData {
  const visits = [2, 6, 11, 9, 3, 2, 7, 8, 4].map((v) => v * scale);
  const hours = visits.map((v, i) => ({
    hour: at(8 - i),
    visits: v,
    unique_visitors: Math.max(0, v - 1),
    chats: Math.floor(v / 3),
    leads: Math.floor(v / 5),
  }));
  const sum = (key: 'visits' | 'chats' | 'leads') => hours.reduce((total, h) => total + h[key], 0);
  return {
    stand: { id, name, name_en: nameEn },
    hours,
    totals: {
      visits: sum('visits'),
      unique_visitors: Math.round(sum('visits') * 0.7),
      chats: sum('chats'),
      leads: sum('leads'),
      meetings: { booked: 3, held: 1, cancelled: 1 },
    },
    generated_at: at(0),
  };
}
const EMPTY = (id: string, name: string, nameEn: string): StandAnalyticsData => ({
  stand: { id, name, name_en: nameEn },
  hours: [{ hour: at(0), visits: 0, unique_visitors: 0, chats: 0, leads: 0 }],
  totals: { visits: 0, unique_visitors: 0, chats: 0, leads: 0, meetings: { booked: 0, held: 0, cancelled: 0 } },
  generated_at: at(0),
});

const exhibitor = (): PageDataInput => {
  const page = exhibitorPageData();
  return { ...page, user: { ...page.user, stands: ['s1', 's2'] } } as PageDataInput;
};

const DAY: AttendanceData = {
  hours: Array.from({ length: 24 }, (_, i) => {
    const hoursAgo = 23 - i;
    const people = hoursAgo > 10 ? 0 : ([4, 12, 30, 41, 38, 22, 19, 33, 36, 17, 9][10 - hoursAgo] ?? 0);
    return { hour: at(hoursAgo), people, visits: people * 3 };
  }),
  generated_at: at(0),
};
const QUIET_DAY: AttendanceData = { hours: DAY.hours.map((h) => ({ ...h, people: 0, visits: 0 })), generated_at: at(0) };

const anonymous = (id: string) => anonymousActive(id, at(0));

const ACTIVES: UsersActivesData = {
  count: 7,
  period: 900,
  users: [
    anonymous('a1'),
    {
      id_user: 'u1',
      obfuscated_id: 'u1',
      profile: 'visitor',
      fullname: 'Zoé Martin',
      pseudo: null,
      company: null,
      last_activity_at: at(0),
      city: 'Lyon',
    },
    {
      id_user: 'u2',
      obfuscated_id: 'u2',
      profile: 'visitor',
      fullname: '',
      pseudo: 'Curious Cat',
      company: null,
      last_activity_at: at(0),
      city: 'Nantes',
    },
    {
      id_user: 'u3',
      obfuscated_id: 'u3',
      profile: 'exhibitor',
      fullname: 'Claire Fontaine',
      pseudo: null,
      company: { name: 'Helios' },
      last_activity_at: at(0),
      city: 'Grenoble',
      hidden: true,
    },
    {
      id_user: 'u4',
      obfuscated_id: 'u4',
      profile: 'promoter',
      fullname: 'Paul Organisateur',
      pseudo: null,
      company: null,
      last_activity_at: at(0),
      city: 'Paris',
    },
    anonymous('a2'),
    anonymous('a3'),
  ],
};

const FULL: StatsAnswers = {
  stands: { s1: standFigures('s1', 'Helios Solaire', 'Helios Solar'), s2: standFigures('s2', 'Helios Stockage', 'Helios Storage', 0.5) },
  attendance: DAY,
  actives: ACTIVES,
};

const params = (pageData: PageDataInput, answers: StatsAnswers): { salon: SalonParameters; stats: StatsAnswers } => ({
  salon: { widgets: ['stats'], pageData },
  stats: answers,
});

/**
 * The back office's figures (issue 13 item 6), as /exposant and /organisateur mount them: an exhibitor's stands (the
 * sentence, the uPlot chart, the hours in a table under "Figures per hour", the CSV), and the organisers' dashboard
 * (who is in the room now, live; the attendance over the day).
 */
const meta = {
  title: 'Widgets/Stats',
  component: Stats,
  loaders: [
    async ({ parameters }) => {
      resetStats();
      setStatsAnswers((parameters.stats as StatsAnswers | undefined) ?? FULL);
      return {};
    },
  ],
  parameters: params(exhibitor(), FULL),
} satisfies Meta<typeof Stats>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An exhibitor with two stands, a day of visits. */
export const ExhibitorWithData: Story = {};
/** The same in French. */
export const ExhibitorWithDataFrench: Story = { parameters: params(withLocale(exhibitor(), 'fr_FR'), FULL) };
/** No visit yet: the zeros and a sentence, no chart. */
export const ExhibitorNoVisitYet: Story = {
  parameters: params(exhibitor(), {
    stands: { s1: EMPTY('s1', 'Helios Solaire', 'Helios Solar'), s2: EMPTY('s2', 'Helios Stockage', 'Helios Storage') },
  }),
};
export const ExhibitorNoVisitYetFrench: Story = {
  parameters: params(withLocale(exhibitor(), 'fr_FR'), {
    stands: { s1: EMPTY('s1', 'Helios Solaire', 'Helios Solar'), s2: EMPTY('s2', 'Helios Stockage', 'Helios Storage') },
  }),
};
/** The figures are loading. */
export const ExhibitorLoading: Story = { parameters: params(exhibitor(), { stands: { s1: 'pending', s2: 'pending' } }) };
export const ExhibitorLoadingFrench: Story = {
  parameters: params(withLocale(exhibitor(), 'fr_FR'), { stands: { s1: 'pending', s2: 'pending' } }),
};
/** The server fails for one stand: its error and Try again; the other stand shows. */
export const ExhibitorError: Story = {
  parameters: params(exhibitor(), { stands: { s1: 'fail', s2: standFigures('s2', 'Helios Stockage', 'Helios Storage') } }),
};
export const ExhibitorErrorFrench: Story = {
  parameters: params(withLocale(exhibitor(), 'fr_FR'), {
    stands: { s1: 'fail', s2: standFigures('s2', 'Helios Stockage', 'Helios Storage') },
  }),
};

/**
 * An organiser: seven people in the room (a hidden exhibitor flagged; three anonymous visitors, whom no name tells
 * apart, on one line: "3 anonymous visitors"), the attendance of the day.
 */
export const OrganiserWithData: Story = { parameters: params(promoterPageData(), FULL) };
export const OrganiserWithDataFrench: Story = { parameters: params(withLocale(promoterPageData(), 'fr_FR'), FULL) };
/** Nobody here, nobody came. */
export const OrganiserEmpty: Story = {
  parameters: params(promoterPageData(), { attendance: QUIET_DAY, actives: { count: 0, period: 900, users: [] } }),
};
export const OrganiserEmptyFrench: Story = {
  parameters: params(withLocale(promoterPageData(), 'fr_FR'), { attendance: QUIET_DAY, actives: { count: 0, period: 900, users: [] } }),
};
/** Connecting and loading. */
export const OrganiserLoading: Story = { parameters: params(promoterPageData(), { attendance: 'pending', actives: 'pending' }) };
export const OrganiserLoadingFrench: Story = {
  parameters: params(withLocale(promoterPageData(), 'fr_FR'), { attendance: 'pending', actives: 'pending' }),
};
/** The attendance fails and the live list cannot connect (it keeps trying). */
export const OrganiserError: Story = { parameters: params(promoterPageData(), { attendance: 'fail', actives: 'fail' }) };
export const OrganiserErrorFrench: Story = {
  parameters: params(withLocale(promoterPageData(), 'fr_FR'), { attendance: 'fail', actives: 'fail' }),
};

logsOnPurpose(
  [ExhibitorError, ExhibitorErrorFrench, OrganiserError, OrganiserErrorFrench],
  'the story makes the figures fail; the API client logs the failed call',
  'Response not ok: 500',
);
