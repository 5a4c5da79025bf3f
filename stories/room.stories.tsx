import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { exhibitorPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import type { PageDataInput } from '@salon/shared';
import { Room } from '../widgets/room/Room';
import { RoomView } from '../widgets/room/RoomView';
import { resetBanners, setStream } from '../widgets/room/store';
import { TopBar } from '../widgets/top-bar/TopBar';
import { Toaster } from '../widgets/toaster/Toaster';
import type { StreamAnswer } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';

/** The stand-ins in .storybook/public, served beside the stories. */
const here = (path: string) => new URL(path, globalThis.location?.href ?? 'http://localhost/').href;
const ROOM_STUB = here('room-stub/index.html');
const LIVE = { active: true, video_url: here('stream-stub.html'), chat_url: here('chat-stub.html') };

function room(data: PageDataInput): PageDataInput {
  return { ...data, room_url: ROOM_STUB, tracked_room_url: `${ROOM_STUB}?tracking=1` };
}

function exhibitor(user: { hidden?: boolean; availability?: boolean }): PageDataInput {
  const data = room(exhibitorPageData());
  return { ...data, user: { ...data.user, hidden: false, availability: true, ...user } };
}

const salon = (pageData: PageDataInput, extra: Omit<SalonParameters, 'widgets' | 'pageData'> = {}): { salon: SalonParameters } => ({
  salon: { widgets: ['room', 'top-bar', 'toaster'], pageData, ...extra },
});

/**
 * The room (spec §2.2): the 360° frame (here a stand-in that speaks the room-frame contract: its buttons
 * send frame messages, it shows the host's commands), or the live stream that replaces it, and the
 * exhibitor banners. The top bar and the toaster are rendered with it so commands and toasts show.
 */
const meta = {
  title: 'Widgets/Room',
  component: Room,
  loaders: [
    async () => {
      resetBanners();
      setStream({ status: 'idle', data: null });
      return {};
    },
  ],
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
        <TopBar />
        <div style={{ flex: 1, minHeight: 0 }}>
          <Story />
        </div>
        <Toaster />
      </div>
    ),
  ],
  // A phone layout (the widget's CSS has one): checked at 375×812 too.
  parameters: { ...salon(room(visitorPageData())), check: { phone: true } },
} satisfies Meta<typeof Room>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The frame has loaded: click its buttons (enter a stand, open a sidebar…) or the top bar's Map. */
export const Loaded: Story = {};

/** Until the frame's load event: the loader ("Loading the room…"). */
export const Loading: Story = {
  render: () => (
    <RoomView
      frameLoaded={false}
      view={{ mode: 'room', frame: { src: 'about:blank', origin: 'null' }, stream: null, hiddenProfileHref: null, unavailable: false }}
    />
  ),
};

const stream = (answer: StreamAnswer, data = room(visitorPageData())) => salon({ ...data, is_streaming: true }, { stream: answer });

/** A live stream replaces the room, with its chat and the button that hides it. */
export const StreamingWithChat: Story = { parameters: stream(LIVE) };

/** A live stream without a chat: no chat button. */
export const StreamingWithoutChat: Story = { parameters: stream({ ...LIVE, chat_url: null }) };

/** The page says a stream is on; its address is on its way. */
export const StreamLoading: Story = { parameters: stream('pending') };

/** An exhibitor whose profile is hidden: the message and the link to their profile sheet (new tab). */
export const HiddenProfileBanner: Story = { parameters: salon(exhibitor({ hidden: true })) };

/** An exhibitor registered as unavailable: the message and the button to the activity stream. */
export const UnavailableBanner: Story = { parameters: salon(exhibitor({ availability: false })) };

/** Both banners, in French. */
export const BothBannersFrench: Story = { parameters: salon(withLocale(exhibitor({ hidden: true, availability: false }), 'fr_FR')) };

/**
 * No room address in the page data: the room says so, and a command (click Map or the sound button in
 * the top bar) raises "Iframe est manquante" with its toast.
 */
export const MissingFrame: Story = { parameters: salon({ ...visitorPageData(), room_url: '', tracked_room_url: '' }) };

/** Analytics consent given: the tracked room address is used. */
export const TrackedAfterConsent: Story = { parameters: salon(room(visitorPageData()), { consent: 'accepted' }) };
