import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import type { PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import type { Journey as JourneyState } from '@salon/shared/contracts/journey';
import { stand } from '@salon/shared/test/exhibitors';
import { Journey } from '../widgets/journey/Journey';
import { ModalsSlot } from '../widgets/modals/mount';
import { setExhibitorAnswers } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { onPageWithToaster } from './decorators';

const STANDS = {
  s1: stand('s1', 'Helios Solaire', 'Helios Solar'),
  s2: stand('s2', 'Robotique Nordique', 'Nordic Robotics'),
  s3: stand('s3', 'Verdi Mobilité', 'Verdi Mobility'),
  s4: stand('s4', 'Atelier Lumen', 'Lumen Studio'),
  s5: stand('s5', 'BioNova Santé', 'BioNova Health'),
};

/** The page data of a visitor whose stored journey is `journey` (spec §3 User.journey, a JSON string). */
function withJourney(journey: Partial<JourneyState> | null, data: PageDataInput = visitorPageData()): PageDataInput {
  return {
    ...data,
    user: {
      ...data.user,
      journey: journey ? JSON.stringify({ vistingStand: null, standsToVisit: [], standsVisited: [], ...journey }) : null,
    },
  };
}

const french = (data: PageDataInput) => withLocale(data, 'fr_FR');

const salon = (pageData: PageDataInput) => ({
  salon: { widgets: ['journey', 'toaster'], pageData, fakeFrame: true, sidebar: { name: 'journey' } } satisfies SalonParameters,
});

const ALL_THREE: Partial<JourneyState> = { vistingStand: 's1', standsToVisit: ['s2', 's3'], standsVisited: ['s4', 's5'] };
const ALL_DONE: Partial<JourneyState> = { standsVisited: ['s1', 's2', 's4'] };

/**
 * The journey sidebar (spec §2.6), opened by the top bar's Journey button: the stand in progress, the stands left
 * to visit (counted, with a plural) and the stands seen, each with its actions (go to stand logs the command the
 * room frame would get), and "Empty the list" (which opens the confirm modal).
 */
const meta = {
  title: 'Widgets/Journey',
  component: Journey,
  loaders: [
    async () => {
      setExhibitorAnswers({ stands: STANDS });
      return {};
    },
  ],
  decorators: [onPageWithToaster],
  // A phone layout (the widget's CSS has one): checked at 375×812 too.
  parameters: { ...salon(withJourney(ALL_THREE)), check: { phone: true } },
} satisfies Meta<typeof Journey>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A stand in progress, two left to visit and two seen. */
export const VisitingToVisitAndSeen: Story = {};

/** Nothing in the journey: the empty message and the link to the map. */
export const Empty: Story = { parameters: salon(withJourney(null)) };

/** One stand to visit: the count in the singular. */
export const OneToVisit: Story = { parameters: salon(withJourney({ standsToVisit: ['s2'] })) };

/** Several stands to visit, nothing else yet: the count in the plural. */
export const SeveralToVisit: Story = { parameters: salon(withJourney({ standsToVisit: ['s2', 's3', 's5'] })) };

/** On the last stand: nothing left to visit while a stand is in progress. */
export const LastStandInProgress: Story = { parameters: salon(withJourney({ vistingStand: 's3', standsVisited: ['s1', 's2'] })) };

/** Every stand of the journey seen: the congratulation. */
export const AllDone: Story = { parameters: salon(withJourney(ALL_DONE)) };

/** A stand the salon no longer has: "Unknown stand", which can only be removed. */
export const UnknownStand: Story = { parameters: salon(withJourney({ standsToVisit: ['s2', 'gone1'] })) };

/** French: the three lists, French stand names. */
export const French: Story = { parameters: salon(withJourney(ALL_THREE, french(visitorPageData()))) };

/** French, empty. */
export const FrenchEmpty: Story = { parameters: salon(withJourney(null, french(visitorPageData()))) };

/** French, one stand to visit (singular). */
export const FrenchOneToVisit: Story = { parameters: salon(withJourney({ standsToVisit: ['s2'] }, french(visitorPageData()))) };

/** French, several stands to visit (plural). */
export const FrenchSeveralToVisit: Story = {
  parameters: salon(withJourney({ standsToVisit: ['s2', 's3', 's5'] }, french(visitorPageData()))),
};

/** French, all done. */
export const FrenchAllDone: Story = { parameters: salon(withJourney(ALL_DONE, french(visitorPageData()))) };

/**
 * "Empty the list" clicked: the confirm modal (the modals remote beside the sidebar) asks first; Cancel keeps the
 * list, Confirm empties it.
 */
const confirmingReset = (pageData: PageDataInput, button: string, title: string): Story => ({
  parameters: { salon: { ...salon(pageData).salon, widgets: ['journey', 'modals/engage', 'toaster'] } satisfies SalonParameters },
  render: () => (
    <>
      <Journey />
      <ModalsSlot />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: button }));
    await canvas.findByRole('dialog', { name: title });
  },
});

export const EmptyTheListConfirm: Story = confirmingReset(withJourney(ALL_THREE), 'Empty the list', 'Please confirm');

export const FrenchEmptyTheListConfirm: Story = confirmingReset(
  withJourney(ALL_THREE, french(visitorPageData())),
  'Vider la liste',
  'Confirmation',
);
