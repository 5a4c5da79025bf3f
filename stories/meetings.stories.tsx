import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { PageDataInput } from '@salon/shared';
import { exhibitorPageData, meetingOf, withLocale } from '@salon/shared/test/fixtures';
import { stand } from '@salon/shared/test/exhibitors';
import type { Meeting, Slot } from '@salon/shared/contracts/meetings';
import { Meetings } from '../widgets/meetings/Meetings';
import { setExhibitorAnswers, setProgrammeAnswers, type ProgrammeAnswers } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';

// The stories' date is fixed: 12 March 2026, 10:00 in Paris.
const at = (hhmm: string) => `2026-03-12T${hhmm}:00.000Z`;

const MEETINGS: Meeting[] = [
  meetingOf({}),
  meetingOf({
    id: 'm2',
    slot_id: 'sl2',
    start: at('14:00'),
    end: at('14:20'),
    status: 'accepted',
    visitor: { id: 'u3', fullname: 'Marc Dubois' },
  }),
  meetingOf({
    id: 'm3',
    slot_id: 'sl3',
    start: at('15:00'),
    end: at('15:20'),
    status: 'cancelled',
    reason: 'A customer visit came up',
    visitor: { id: 'u4', fullname: 'Zoé Martin' },
    message: '',
  }),
];

const SLOTS: Slot[] = [
  { id: 'sl2', stand_id: 's1', start: at('14:00'), end: at('14:20'), exhibitor: { id: 'u1', fullname: 'Chloé Martin' }, free: false },
  { id: 'sl4', stand_id: 's1', start: at('16:00'), end: at('16:20'), exhibitor: { id: 'u1', fullname: 'Chloé Martin' }, free: true },
];

const params = (pageData: PageDataInput, answers: ProgrammeAnswers): { salon: SalonParameters; meetings: ProgrammeAnswers } => ({
  salon: { widgets: ['meetings'], pageData },
  meetings: answers,
});

/**
 * `/exposant`'s meetings with visitors (issue 38): the figures, the requests to answer and the meetings to come, and
 * the slots the exhibitor offers on their stand.
 */
const meta = {
  title: 'Widgets/Meetings',
  component: Meetings,
  loaders: [
    async ({ parameters }) => {
      setExhibitorAnswers({ stands: { s1: stand('s1', 'Helios Stockage', 'Helios Storage') } });
      setProgrammeAnswers((parameters.meetings as ProgrammeAnswers | undefined) ?? {});
      return {};
    },
  ],
  // One column on a phone: checked at 375×812 too.
  parameters: { ...params(exhibitorPageData(), { meetings: MEETINGS, slots: SLOTS }), check: { phone: true } },
} satisfies Meta<typeof Meetings>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A request to answer, a meeting to come, a cancelled one with its reason; a booked slot and a free one. */
export const RequestsAndSlots: Story = {};

/** The same in French. */
export const RequestsAndSlotsFrench: Story = {
  parameters: params(withLocale(exhibitorPageData(), 'fr_FR'), { meetings: MEETINGS, slots: SLOTS }),
};

/** Nothing booked, no slot offered yet. */
export const NothingYet: Story = { parameters: params(exhibitorPageData(), { meetings: [], slots: [] }) };
