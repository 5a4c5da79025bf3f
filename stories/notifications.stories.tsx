import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { openModal, receiveNotifications, resetNotifications, type Modal, type PageDataInput } from '@salon/shared';
import { $notificationList, $todaysNews, setNewsTimeZone, type Notification } from '@salon/shared/notifications';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { ModalsSlot } from '../widgets/modals/mount';
import { neverAnswered } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { onPageWithToaster, logsOnPurpose } from './decorators';

type Locale = 'en_EN' | 'fr_FR';

/**
 * What GET /api/notifications answers: every notification (10 a page), never ('pending'), a 503, or the first pages
 * and then never (`{list, pendingFrom}`: the page `pendingFrom` and later never answer).
 */
type NewsAnswer = Notification[] | 'pending' | 'fail' | { list: Notification[]; pendingFrom: number };

interface NewsStory {
  /** The modal open at the start (none: only toasts). */
  modal?: Modal;
  /** Notifications that arrive live when the story starts (shown as toasts). */
  arriving?: Notification[];
  answer?: NewsAnswer;
  /** The visitor's time zone (default: the browser's). */
  timeZone?: string;
}

/** Title, message and when (`at`, a time in HHhMM, empty when the notification says nothing), French then English. */
const TOPICS: [string, string, string, string, string, string][] = [
  [
    'Conférence à 15h : le cloud souverain',
    'Talk at 3 pm: the sovereign cloud',
    'Au fond du hall. Les places sont limitées.',
    'At the back of the hall. Seats are limited.',
    '15h00',
    '15h00',
  ],
  [
    'Pause café virtuelle',
    'Virtual coffee break',
    'Retrouvez les exposants disponibles dans le point de contact unique.',
    'Meet the available exhibitors in the contact point.',
    '',
    '',
  ],
  [
    'Jeu concours',
    'Contest',
    'Répondez aux 5 questions pour tenter de gagner une batterie Helios.',
    'Answer the 5 questions for a chance to win a Helios battery.',
    '',
    '',
  ],
  ['Démonstration de cobots', 'Cobot demonstration', 'Dans 10 minutes.', 'In 10 minutes.', '10h30', '10h30'],
  [
    'Donnez votre avis',
    'Give us your opinion',
    'Le bouton Avis est dans la barre du haut.',
    'The Feedback button is in the top bar.',
    '',
    '',
  ],
];

/** `count` notifications, newest first, one every 25 minutes back from now. */
function newsList(count: number): Notification[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const [title, title_en, message, message_en, at, at_en] = TOPICS[i % TOPICS.length]!;
    const id = count - i;
    return {
      id_notification: id,
      title: `${title} (${id})`,
      title_en: `${title_en} (${id})`,
      message,
      message_en,
      at,
      at_en,
      sent_at: new Date(now - i * 25 * 60_000).toISOString(),
    };
  });
}

let answer: NewsAnswer = [];
/** Whether a story of this file is shown: the stories of other files, shown after them in the same page, get no news. */
let shown = false;
// The fake API of .storybook/api-mock.ts knows nothing of the notifications: answer them here, pass the rest on.
const passOn = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : String(input), globalThis.location.href);
  if (!shown || url.pathname !== '/api/notifications') return passOn(input, init);
  await new Promise((resolve) => setTimeout(resolve, 400));
  if (answer === 'pending') return neverAnswered();
  if (answer === 'fail') return new Response('', { status: 503, statusText: 'Service Unavailable' });
  const page = Number(url.searchParams.get('page') ?? '1');
  if (!Array.isArray(answer) && page >= answer.pendingFrom) return neverAnswered();
  const list = Array.isArray(answer) ? answer : answer.list;
  const data = {
    notifications: list.slice((page - 1) * 10, page * 10),
    page,
    per_page: 10,
    total: list.length,
    pages: Math.max(1, Math.ceil(list.length / 10)),
  };
  return new Response(JSON.stringify({ data }), { headers: { 'Content-Type': 'application/json' } });
};

/**
 * nanostores lets a store go a second after its last listener: a modal of the story before, still held, would show
 * its list here without asking the server. Each story starts from lists not loaded yet, as on a page just opened.
 */
async function listsLetGo(): Promise<void> {
  const held = () =>
    [$notificationList, $todaysNews].some((store) => store.lc > 0 || (store as unknown as { active?: boolean }).active === true);
  for (let waited = 0; held() && waited < 2000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
}

const page = (locale: Locale): PageDataInput => withLocale(visitorPageData(), locale);
const story = (news: NewsStory, locale: Locale = 'en_EN') => ({
  salon: { widgets: ['modals/news', 'toaster'], pageData: page(locale) } satisfies SalonParameters,
  news,
});

/**
 * The organisers' notifications (spec §2.4, §2.11, §4.7): the toast each new one shows (it stays until closed), the
 * room notifications modal (paged as its end scrolls into view) and today's news.
 */
const meta = {
  title: 'Widgets/Notifications',
  component: ModalsSlot,
  loaders: [
    async ({ parameters }) => {
      const news = parameters.news as NewsStory;
      await listsLetGo();
      answer = news.answer ?? newsList(25);
      setNewsTimeZone(news.timeZone);
      // Every story starts as a first visit: nothing shown or remembered yet.
      for (const key of Object.keys(localStorage)) if (key.startsWith('salon.notifications@')) localStorage.removeItem(key);
      resetNotifications();
      if (news.arriving) receiveNotifications(news.arriving, 'push');
      if (news.modal) openModal(news.modal);
      return {};
    },
  ],
  beforeEach: () => {
    shown = true;
    return () => {
      shown = false;
      resetNotifications();
    };
  },
  decorators: [onPageWithToaster],
  parameters: story({ arriving: newsList(1) }),
} satisfies Meta<typeof ModalsSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

const ROOM: Modal = { name: 'room-notifications' };
const TODAY: Modal = { name: 'todays-news' };

// ─── Toasts ───

/** A notification just sent: title and message in English, "See all news" and close. It stays until closed. */
export const Toast: Story = {};

export const ToastFrench: Story = { parameters: story({ arriving: newsList(1) }, 'fr_FR') };

/** Several sent while the visitor was there: one toast says how many and names the latest. */
export const ToastsStacked: Story = { parameters: story({ arriving: newsList(3) }) };

export const ToastsStackedFrench: Story = { parameters: story({ arriving: newsList(3) }, 'fr_FR') };

/** What the organiser wrote is text: markup shows as typed. */
export const ToastWithMarkup: Story = {
  parameters: story({
    arriving: [
      {
        ...newsList(1)[0]!,
        title_en: '<b>Bold?</b> <img src=x onerror=alert(1)>',
        message_en: 'Line one\nLine two <script>alert(1)</script>',
      },
    ],
  }),
};

/** "See all news" opens the room notifications. */
export const ToastSeeAllNews: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'See all news' }));
  },
};

// ─── Room notifications ───

/** The first page, newest first; scrolling to the end loads the next (or "Load more"). */
export const RoomNotifications: Story = { parameters: story({ modal: ROOM }) };

export const RoomNotificationsFrench: Story = { parameters: story({ modal: ROOM }, 'fr_FR') };

/** While a page loads. */
export const RoomNotificationsLoading: Story = { parameters: story({ modal: ROOM, answer: 'pending' }) };

export const RoomNotificationsEmpty: Story = { parameters: story({ modal: ROOM, answer: [] }) };

export const RoomNotificationsEmptyFrench: Story = { parameters: story({ modal: ROOM, answer: [] }, 'fr_FR') };

/** The server fails: the message and Retry. */
export const RoomNotificationsError: Story = { parameters: story({ modal: ROOM, answer: 'fail' }) };

export const RoomNotificationsErrorFrench: Story = { parameters: story({ modal: ROOM, answer: 'fail' }, 'fr_FR') };

/** Three pages, all loaded with "Load more" (the keyboard's way; scrolling does the same). */
export const RoomNotificationsSeveralPages: Story = {
  parameters: story({ modal: ROOM }),
  play: async ({ canvasElement }) => {
    const box = within(await within(canvasElement).findByRole('dialog'));
    for (let i = 0; i < 2; i += 1) {
      const more = await box.findByRole('button', { name: 'Load more' });
      await userEvent.click(more);
    }
    await box.findByRole('heading', { name: /\(1\)$/ });
  },
};

/** The first page shown while the next one loads: the list, then the loading row (page 2 never answers here). */
const loadingNextPage = (locale: Locale, loadMore: string): Story => ({
  parameters: story({ modal: ROOM, answer: { list: newsList(25), pendingFrom: 2 } }, locale),
  play: async ({ canvasElement }) => {
    const box = within(await within(canvasElement).findByRole('dialog'));
    await box.findByRole('heading', { name: /\(25\)$/ });
    // The end of a short list in view asks for the next page by itself; otherwise "Load more" does.
    const more = box.queryByRole('button', { name: loadMore });
    if (more) await userEvent.click(more);
    await box.findByRole('status');
  },
});

export const RoomNotificationsLoadingNextPage: Story = loadingNextPage('en_EN', 'Load more');

export const RoomNotificationsLoadingNextPageFrench: Story = loadingNextPage('fr_FR', 'Afficher plus');

/** A visitor in Tokyo: the times are theirs. */
export const RoomNotificationsTokyo: Story = { parameters: story({ modal: ROOM, timeZone: 'Asia/Tokyo' }) };

// ─── Today's news ───

/** Today's news once answered: every notification of the day (the 25 of the list, one every 25 minutes, go back to 00h00). */
const todaysNews = (locale: Locale): Story => ({
  parameters: story({ modal: TODAY }, locale),
  play: async ({ canvasElement }) => {
    const box = within(await within(canvasElement).findByRole('dialog'));
    // Three pages of 10, each answered in 400 ms.
    const list = await box.findByRole('list', { name: locale === 'fr_FR' ? 'Les actualités du jour' : 'Today’s news' }, { timeout: 5000 });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    await expect(box.queryByRole('status')).not.toBeInTheDocument();
  },
});

/** What was sent today in the visitor's time zone, each with its time (HH:mm). */
export const TodaysNews: Story = todaysNews('en_EN');

export const TodaysNewsFrench: Story = todaysNews('fr_FR');

export const TodaysNewsLoading: Story = {
  parameters: story({ modal: TODAY, answer: 'pending' }),
  play: async ({ canvasElement }) => {
    await expect(await within(await within(canvasElement).findByRole('dialog')).findByRole('status')).toHaveTextContent('Loading news…');
  },
};

/** Nothing sent today (the last one was two days ago). */
export const TodaysNewsEmpty: Story = {
  parameters: story({ modal: TODAY, answer: [{ ...newsList(1)[0]!, sent_at: new Date(Date.now() - 2 * 86_400_000).toISOString() }] }),
  play: async ({ canvasElement }) => {
    await within(await within(canvasElement).findByRole('dialog')).findByText('No news today yet.');
  },
};

export const TodaysNewsError: Story = {
  parameters: story({ modal: TODAY, answer: 'fail' }, 'fr_FR'),
  play: async ({ canvasElement }) => {
    await expect(await within(await within(canvasElement).findByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Les actualités n’ont pas pu être chargées.',
    );
  },
};

logsOnPurpose(
  [RoomNotificationsError, RoomNotificationsErrorFrench, TodaysNewsError],
  'the story makes the server fail; the API client logs the failed call',
  'Response not ok: 503',
);
