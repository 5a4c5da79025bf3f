import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import type { PageDataInput } from '@salon/shared';
import { meetingOf, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import type { AgendaData, Meeting, Slot } from '@salon/shared/contracts/meetings';
import type { ProgrammeData, Talk } from '@salon/shared/contracts/programme';
import { ProgrammeSlot } from '../widgets/programme/mount';
import { setProgrammeAnswers, type ProgrammeAnswers } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { logsOnPurpose, onPageWithToaster } from './decorators';

// The stories' date is fixed: 12 March 2026, 10:00 in Paris.
const at = (hhmm: string) => `2026-03-12T${hhmm}:00.000Z`;

const talk = (over: Partial<Talk>): Talk => ({
  id: 't1',
  title_fr: 'L’autoconsommation solaire en 2030',
  title_en: 'Solar self-consumption by 2030',
  description_fr: 'Table ronde avec trois installateurs.',
  description_en: 'A round table with three installers.',
  speakers: ['Claire Fontaine', 'Marc Dubois'],
  start: at('08:30'),
  end: at('09:30'),
  place: 'stream',
  stand_id: null,
  stand_name: null,
  stand_slug: null,
  video_url: 'https://video.example.org/solar',
  chat_url: null,
  live: true,
  in_agenda: true,
  ...over,
});

const PROGRAMME: ProgrammeData = {
  time_zone: 'Europe/Paris',
  talks: [
    talk({}),
    talk({
      id: 't2',
      title_fr: 'Stocker l’énergie chez soi',
      title_en: 'Storing energy at home',
      start: at('13:00'),
      end: at('13:45'),
      place: 'stand',
      stand_id: 's1',
      stand_name: 'Helios Stockage',
      stand_slug: 'stand-helios-stockage',
      video_url: null,
      speakers: ['Chloé Martin'],
      live: false,
      in_agenda: false,
    }),
  ],
};

const SLOTS: Slot[] = [
  { id: 'sl1', stand_id: 's1', start: at('14:00'), end: at('14:20'), exhibitor: { id: 'u1', fullname: 'Chloé Martin' }, free: true },
  { id: 'sl2', stand_id: 's1', start: at('14:20'), end: at('14:40'), exhibitor: { id: 'u1', fullname: 'Chloé Martin' }, free: false },
];

const meeting = (over: Partial<Meeting>): Meeting =>
  meetingOf({
    slot_id: 'sl2',
    start: at('14:20'),
    end: at('14:40'),
    status: 'accepted',
    role: 'visitor',
    video_link: 'https://visio.example.org/chloe',
    ...over,
  });

const AGENDA: AgendaData = {
  items: [
    { kind: 'talk', start: PROGRAMME.talks[0]!.start, talk: PROGRAMME.talks[0]! },
    { kind: 'meeting', start: at('14:20'), meeting: meeting({}) },
    {
      kind: 'meeting',
      start: at('15:00'),
      meeting: meeting({
        id: 'm2',
        start: at('15:00'),
        end: at('15:20'),
        status: 'cancelled',
        reason: 'A customer visit came up',
        video_link: null,
      }),
    },
  ],
};

const salon = (pageData: PageDataInput, view: 'talks' | 'agenda' | 'slots' = 'talks') => ({
  salon: {
    widgets: ['programme', 'toaster'],
    pageData,
    fakeFrame: true,
    sidebar: view === 'slots' ? { name: 'programme', view, standId: 's1' } : { name: 'programme', view },
  } satisfies SalonParameters,
});

const answers = (next: ProgrammeAnswers) => async () => {
  setProgrammeAnswers(next);
  return {};
};

/**
 * The programme sidebar (issue 38), opened by the top bar's Conferences: the talks by day and hour in the visitor's
 * time zone (the salon's beside them when they differ), My agenda, and a stand's slots to book a meeting.
 */
const meta = {
  title: 'Widgets/Programme',
  component: ProgrammeSlot,
  loaders: [answers({ programme: PROGRAMME, agenda: AGENDA, slots: SLOTS })],
  decorators: [onPageWithToaster],
  // A sidebar: checked at 375×812 too (the phone layout).
  parameters: { ...salon(visitorPageData()), check: { phone: true } },
} satisfies Meta<typeof ProgrammeSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A talk live now on the stream (badge, Join), and a talk on a stand later. */
export const TalkLiveNow: Story = {};

/** The same in French. */
export const TalkLiveNowFrench: Story = { parameters: salon(withLocale(visitorPageData(), 'fr_FR')) };

/** No talk scheduled yet. */
export const EmptyProgramme: Story = { loaders: [answers({ programme: { talks: [], time_zone: 'Europe/Paris' } })] };

/** My agenda: a talk, an accepted meeting (its video link) and a cancelled one (its reason). */
export const AgendaWithCancelledMeeting: Story = { parameters: salon(visitorPageData(), 'agenda') };

/** A stand's slots: one free, one booked. */
export const StandSlots: Story = { parameters: salon(visitorPageData(), 'slots') };

/** The visitor books the free slot, but someone else just took it: "This slot was just booked". */
export const SlotJustTaken: Story = {
  loaders: [
    answers({
      slots: SLOTS,
      booking: { status: 409, body: { data: { error: true, message: 'This slot was just booked' } } },
    }),
  ],
  parameters: salon(visitorPageData(), 'slots'),
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement.ownerDocument.body);
    await userEvent.click(await panel.findByRole('button', { name: /^Choose / }, { timeout: 10_000 }));
    await userEvent.type(panel.getByLabelText('Your message (optional)'), 'About your batteries');
    await userEvent.click(panel.getByRole('button', { name: 'Book this slot' }));
    await expect(await panel.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('This slot was just booked');
  },
};

logsOnPurpose(
  [SlotJustTaken],
  'the story makes the server refuse the booking; the API client logs the refused call',
  'Response not ok: 409',
);
