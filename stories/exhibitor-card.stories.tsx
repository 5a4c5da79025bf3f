import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import type { PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { ExhibitorCard } from '@salon/shared/exhibitors';
import { animator } from '@salon/shared/test/exhibitors';
import { Toaster } from '../widgets/toaster/Toaster';
import type { SalonParameters } from '../.storybook/preview';
import { recordedVideo, visitorWith } from './exhibitors';
import { logsOnPurpose } from './decorators';

const salon = (pageData: PageDataInput = visitorPageData()): { salon: SalonParameters } => ({ salon: { widgets: ['toaster'], pageData } });

const ALICE = animator('alice1', 'Alice', 'Durand');

/**
 * The exhibitor card (spec §2.9), shared by the contact point and the activity stream: picture or placeholder,
 * optional video, name, function, presentation cut at 60 characters (hover it for the whole text), the main
 * action (spec §5) and the three-dots menu of published channels.
 */
const meta = {
  title: 'Shared/Exhibitor card',
  component: ExhibitorCard,
  args: { exhibitor: ALICE, standId: 's1' },
  decorators: [
    (Story) => (
      <div style={{ width: '22rem', padding: '1rem' }}>
        <Story />
        <Toaster />
      </div>
    ),
  ],
  parameters: { layout: 'padded', ...salon() },
} satisfies Meta<typeof ExhibitorCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A picture; the presentation is cut (hover it); the main action is Chat (priority chat). */
export const WithPicture: Story = {};

/** No picture: the placeholder with the initials. */
export const Placeholder: Story = { args: { exhibitor: { ...ALICE, picturePath: null } } };

/** The picture fails to load: the placeholder. */
export const BrokenPicture: Story = { args: { exhibitor: { ...ALICE, picturePath: '/missing-picture.png' } } };

/** A video: the play button plays it; it goes back to the start on pause or at the end. */
export const WithVideo: Story = {
  loaders: [async () => ({ video: await recordedVideo() })],
  render: (args, { loaded }) => (
    <ExhibitorCard {...args} exhibitor={{ ...ALICE, videoPath: (loaded.video as string | null) ?? '/missing-video.webm' }} />
  ),
};

/** A video that fails to load: hidden, the picture stays. */
export const BrokenVideo: Story = { args: { exhibitor: { ...ALICE, videoPath: '/missing-video.webm' } } };

/** An unknown user: 'Unknown user'; no chat without an id. */
export const UnknownUser: Story = { args: { exhibitor: null } };

/** The same in French: 'Utilisateur Inconnu'. */
export const UnknownUserFrench: Story = { args: { exhibitor: null }, parameters: salon(withLocale(visitorPageData(), 'fr_FR')) };

/** Main action: forced video link, and the exhibitor has a link → join the video call. */
export const MainActionVideo: Story = {
  args: { exhibitor: { ...ALICE, visio_link: { link: 'https://visio.example/alice' } } },
  parameters: salon(visitorWith({ exhibitor_force_visio_link: true })),
};

/** Main action: priority mail, contact email published → send an email. */
export const MainActionMail: Story = { parameters: salon(visitorWith({ exhibitor_upc_priority_action: 'mail' })) };

/** Main action: priority mobile, published → call. */
export const MainActionPhone: Story = { parameters: salon(visitorWith({ exhibitor_upc_priority_action: 'mobile' })) };

/** Main action: priority linkedin, published → the LinkedIn profile. */
export const MainActionLinkedin: Story = { parameters: salon(visitorWith({ exhibitor_upc_priority_action: 'linkedin' })) };

/** Priority mail, but the contact email is not published (fields_param): chat; the menu offers only the phone. */
export const PriorityNotPublished: Story = {
  args: { exhibitor: { ...ALICE, fields_param: { contact_email: '1', mobile: '0' } } },
  parameters: salon(visitorWith({ exhibitor_upc_priority_action: 'mail' })),
};

/** The three-dots menu open: email, phone, LinkedIn. */
export const MenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'More ways to contact Alice Durand' }));
  },
};

/** The phone chosen in the menu: shown instead of the presentation. */
export const PhoneShown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'More ways to contact Alice Durand' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Phone' }));
  },
};

/** French page: French function and presentation, French labels. */
export const French: Story = { parameters: salon(withLocale(visitorPageData(), 'fr_FR')) };

logsOnPurpose(
  [BrokenPicture, BrokenVideo],
  'the picture or video is broken on purpose: the browser logs its 404',
  'Failed to load resource: the server responded with a status of 404',
);
