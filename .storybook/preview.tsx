import type { Decorator, Loader, Preview } from '@storybook/react-webpack5';
import { I18nProvider } from '@lingui/react';
import {
  $locale,
  activateLocale,
  clearConsent,
  clearToasts,
  closeModal,
  hideSidebar,
  i18n,
  injectTokens,
  registerCatalog,
  setConsent,
  setPageData,
  showSidebar,
  showToast,
  type Consent,
  type PageDataInput,
  type Sidebar,
  type ToastInput,
} from '@salon/shared';
import { resetChat, resetChatUsers } from '@salon/shared/chat';
import { refreshLiveActivity } from '@salon/shared/live';
import { leaveStand, registerFramePort, setSoundState, type SoundState } from '@salon/shared/room';
import { visitorPageData } from '@salon/shared/test/fixtures';
import { setApiMode, setStreamAnswer, type ApiMode, type StreamAnswer } from './api-mock';
import { setChatFixture, type ChatFixture } from './chat-mock';
import { applySocketFixture } from './socket-mock';

/** What a story puts in `parameters.salon`. */
export interface SalonParameters {
  /** The widget folders whose catalogs the story needs, e.g. ['top-bar']. */
  widgets?: string[];
  /** Page data as the server would inject it (a visitor in English when left out). */
  pageData?: PageDataInput;
  /** Toasts shown when the story starts. */
  toasts?: ToastInput[];
  /** How the fake API answers (default 'ok'). */
  api?: ApiMode;
  /** The analytics choice (default 'refused', so the cookie banner only shows where a story asks for it). */
  consent?: Consent;
  /** What GET /api/stream/active answers (default: no stream). */
  stream?: StreamAnswer;
  /** The room frame's sound as its checkSound would report it (default: unmuted, available). */
  sound?: SoundState;
  /** A stand-in room frame for stories without the room widget: commands are logged, not toasted as unavailable. */
  fakeFrame?: boolean;
  /** The chat server's channels, messages and people, and the socket's state (chat-mock.ts). */
  chat?: ChatFixture;
  /** The sidebar open when the story starts. */
  sidebar?: Sidebar;
}

// The design tokens, as createMount adds them to the salon's pages.
injectTokens();

let unregisterFakeFrame: () => void = () => undefined;

/** Before each story: a fresh bus from the story's parameters, and its catalogs loaded in its language. */
const salonBus: Loader = async ({ parameters }) => {
  const salon = (parameters.salon ?? {}) as SalonParameters;
  // The heights the story before published for the page (`--salon-toasts-height`…): this story's widgets publish theirs.
  document.documentElement.removeAttribute('style');
  leaveStand();
  clearToasts();
  hideSidebar();
  closeModal();
  setApiMode(salon.api ?? 'ok');
  setStreamAnswer(salon.stream ?? { active: false, video_url: null, chat_url: null });
  setPageData(salon.pageData ?? visitorPageData());
  const consent = salon.consent ?? 'refused';
  if (consent === 'unset') clearConsent();
  else setConsent(consent);
  setSoundState(salon.sound ?? { muted: false, available: true });
  unregisterFakeFrame();
  unregisterFakeFrame = salon.fakeFrame
    ? registerFramePort({
        window: () =>
          ({ postMessage: (message: unknown) => console.info('[story] command to the room frame', message) }) as unknown as Window,
        origin: globalThis.location.origin,
      })
    : () => undefined;
  for (const widget of salon.widgets ?? []) {
    registerCatalog(widget, (locale) => import(`../widgets/${widget}/locales/${locale}/messages.ts`));
  }
  setChatFixture(salon.chat);
  resetChat();
  resetChatUsers();
  applySocketFixture();
  await activateLocale($locale.get().locale);
  for (const toast of salon.toasts ?? []) showToast(toast);
  if (salon.sidebar) showSidebar(salon.sidebar);
  return {};
};

const withI18n: Decorator = (Story) => (
  <I18nProvider i18n={i18n}>
    <Story />
  </I18nProvider>
);

const preview: Preview = {
  loaders: [salonBus],
  // Once every loader has set the story's answers: a live stream still held from the story before (nanostores keeps
  // it a second after its last listener) is opened anew, and its first event is this story's state.
  beforeEach: () => {
    refreshLiveActivity();
  },
  decorators: [withI18n],
  parameters: { layout: 'fullscreen' },
};

export default preview;
