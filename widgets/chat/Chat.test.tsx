import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $sidebar, activateLocale, clearToasts, hideSidebar, i18n, setPageData, showSidebar, type PageDataInput } from '@salon/shared';
import { anonymousPageData, administratorPageData, exhibitorPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { resetChat, resetChatUsers, startChat, type Channel, type ChatMessage } from '@salon/shared/chat';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { lastFakeSocket, type FakeSocket } from '@salon/shared/test/socket';
import { ALICE, ALICE_PUBLISHED, BRUNO, ME, channel, channelWith, message, person } from '@salon/shared/test/chat';
import { type MountedWidget, mountWidget, showWidget, toastTexts } from '@salon/shared/test/widgets';
import { mount } from './mount';
import { messageDate } from './format';

jest.mock('socket.io-client', () => (jest.requireActual('@salon/shared/test/socket') as { socketIoMock: unknown }).socketIoMock);
// emoji-picker-element is a web component shipped as ESM: a stand-in element records its options.
jest.mock('emoji-picker-element', () => {
  class MockPicker extends globalThis.HTMLElement {
    options: unknown;
    constructor(mockOptions?: unknown) {
      super();
      this.options = mockOptions;
    }
  }
  globalThis.customElements.define('mock-emoji-picker', MockPicker);
  return { Picker: MockPicker };
});
jest.mock('emoji-picker-element/i18n/fr', () => ({ __esModule: true, default: { categoriesLabel: 'Catégories' } }));

interface Server {
  channels: Channel[];
  messages: Record<string, ChatMessage[]>;
  open: Record<string, Channel | null>;
  users: { search_enabled: boolean; on_stand: unknown[]; elsewhere: unknown[] };
}
let server: Server;
let fetchMock: ReturnType<typeof installFetch>;
let widget: MountedWidget | undefined;

async function serve(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/api/chat/channels' && request.method === 'GET') return jsonResponse({ data: { channels: server.channels } });
  if (url.pathname === '/api/chat/channels') {
    const body = (await request.clone().json()) as { members?: string[]; id_channel?: string };
    const key = body.id_channel ?? body.members?.[0] ?? '';
    const found = key in server.open ? (server.open[key] ?? null) : (server.channels.find((c) => c.obfuscated_id === key) ?? null);
    return jsonResponse({ data: { channel: found, messages: found ? (server.messages[found.obfuscated_id] ?? []) : [] } });
  }
  if (url.pathname === '/api/chat/users') return jsonResponse({ data: server.users });
  return jsonResponse({ data: {} });
}

const AT = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 21, 10, minute, second)).toISOString();
const socket = (): FakeSocket => lastFakeSocket();
const sentContents = () =>
  socket()
    .emitted('new_chat_message')
    .map((e) => (e.payload as { content: unknown }).content);

/** The labels of the checkboxes in `element`, in order. */
const checkboxLabels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('checkbox')
    .map((box) => box.parentElement?.textContent);

/** Mounts the widget, opens the chat sidebar and waits for the panel (loaded on first opening). */
async function openChatSidebar(data: PageDataInput = visitorPageData()) {
  widget = await showWidget(mount, data);
  act(() => showSidebar({ name: 'chat' }));
  // The panel loads on first opening: the tabs come with it.
  await screen.findByRole('tablist');
  socket().sent.length = 0;
  return screen.getByRole('complementary', { name: 'Chat' });
}

/** Opens the first conversation of My chats. */
async function openFirstChannel(user = userEvent.setup()) {
  const list = await screen.findByRole('list', { name: /My chats|Mes discussions/ });
  await user.click(within(list).getAllByRole('button')[0]!);
  return screen.findByRole('list', { name: 'Messages' });
}

beforeEach(() => {
  server = { channels: [], messages: {}, open: {}, users: { search_enabled: true, on_stand: [], elsewhere: [] } };
  fetchMock = installFetch(serve);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  // The stores stop one second after their last listener (the chat, then the socket): on fake time, so the
  // next test starts them again.
  jest.useFakeTimers();
  widget?.unmount();
  widget = undefined;
  act(() => {
    hideSidebar();
    jest.advanceTimersByTime(3000);
    resetChat();
    resetChatUsers();
    clearToasts();
  });
  jest.useRealTimers();
  fetchMock.restore();
  jest.restoreAllMocks();
});

describe('the chat sidebar (spec §2.7)', () => {
  test('shows nothing until the chat sidebar opens; then My chats is the selected tab', async () => {
    setPageData(visitorPageData());
    widget = await mountWidget(mount);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    act(() => showSidebar({ name: 'journey' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    act(() => showSidebar({ name: 'chat' }));
    expect(screen.getByRole('complementary', { name: 'Chat' })).toHaveTextContent('Loading…');
    await screen.findByRole('tablist');
    const panel = screen.getByRole('complementary', { name: 'Chat' });
    expect(within(panel).getByRole('tab', { name: 'My chats' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByRole('tab', { name: 'Start a chat' })).toHaveAttribute('aria-selected', 'false');
    expect(await within(panel).findByText('No conversation yet.')).toBeInTheDocument();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Close' }));
    expect($sidebar.get()).toBeNull();
  });

  test('My chats: channels with messages, newest first, with their new-message counters', async () => {
    server.channels = [
      channelWith('c1', ALICE, [message('c1', ALICE, 'Bonjour', AT(1))], 2),
      channel('c3', person('x', 'Without Messages')),
      channelWith('c2', BRUNO, [message('c2', BRUNO, 'Salut\nça va ?', AT(5))]),
    ];
    await openChatSidebar();
    const list = await screen.findByRole('list', { name: 'My chats' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Bruno Petit'),
      expect.stringContaining('Alice Durand'),
    ]);
    expect(within(items[1]!).getByText('2 new')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Acme Robotics')).toBeInTheDocument();
    expect(screen.queryByText('Without Messages')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /My chats/ })).toHaveTextContent('2');
    // A new message elsewhere adds to the counter.
    act(() => socket().push('new_chat_message', message('c2', BRUNO, 'Tu es là ?', AT(6))));
    expect(within(within(list).getAllByRole('button')[0]!).getByText('1 new')).toBeInTheDocument();
  });

  test('anonymous users have no Start tab (no search): My chats says an account is needed, with Log in and Create an account', async () => {
    const panel = await openChatSidebar(anonymousPageData());
    expect(screen.getByRole('tab', { name: 'My chats' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Start a chat' })).not.toBeInTheDocument();
    expect(await within(panel).findByText(/Chatting with exhibitors needs an account/)).toBeInTheDocument();
    expect(within(panel).queryByText('No conversation yet.')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/connexion\?retour=%2Fsalon/),
    );
    expect(within(panel).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      expect.stringMatching(/#register-title$/),
    );
  });
});

describe('Start a chat (spec §2.7, §5 search permissions, §6)', () => {
  const withPermissions = (data: PageDataInput, visitor: string[], exhibitor: string[] = []): PageDataInput => ({
    ...data,
    parameters: {
      ...data.parameters,
      visitor_search_permissions: visitor,
      exhibitor_search_permissions: exhibitor,
    } as PageDataInput['parameters'],
  });

  test('visitors search only what their permissions allow; the stand card needs a current stand', async () => {
    const user = userEvent.setup();
    server.users = {
      search_enabled: true,
      on_stand: [person('v2', 'Vera On Stand')],
      elsewhere: [ALICE, person('p1', 'Paul Promoter', { profile: 'promoter' })],
    };
    await openChatSidebar(withPermissions(visitorPageData(), ['exhibitor', 'stand_vistor']));
    await user.click(screen.getByRole('tab', { name: 'Start a chat' }));
    const filters = await screen.findByRole('search', { name: 'Find participants' });
    expect(
      within(filters)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Exhibitors', 'Visitors', 'Connected', 'Not connected']);
    const elsewhere = await screen.findByRole('region', { name: 'Elsewhere in the room' });
    // The promoter is not searchable for visitors with these permissions, even if the server sent one.
    expect(
      within(elsewhere)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Alice Durand')]);
    expect(screen.queryByRole('region', { name: 'On this stand' })).not.toBeInTheDocument();
    expect(fetchMock.requests.find((r) => r.url.pathname === '/api/chat/users')?.url.searchParams.get('profiles')).toBe(
      'exhibitor,visitor',
    );
  });

  test('"connected" finds connected people of any profile; organisers include administrators', async () => {
    const user = userEvent.setup();
    const recently = new Date(Date.now() - 60_000).toISOString();
    server.users = {
      search_enabled: true,
      on_stand: [],
      elsewhere: [
        person('p1', 'Paula Promoter', { profile: 'promoter', last_activity_at: recently }),
        { ...ALICE, last_activity_at: null },
        person('a1', 'Ada Admin', { profile: 'administrator' }),
      ],
    };
    await openChatSidebar(withPermissions(visitorPageData(), ['connected', 'promoter']));
    await user.click(screen.getByRole('tab', { name: 'Start a chat' }));
    const filters = await screen.findByRole('search');
    expect(checkboxLabels(filters)).toEqual(['Exhibitors', 'Visitors', 'Organizers', 'Connected', 'Not connected']);
    const elsewhere = await screen.findByRole('region', { name: 'Elsewhere in the room' });
    expect(
      within(elsewhere)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringMatching(/^Paula Promoter.*Connected$/), expect.stringMatching(/^Ada Admin.*Not connected$/)]);
  });

  test.each([
    [
      'connected only: every profile (connected people of any), no status to choose',
      ['connected'],
      ['Exhibitors', 'Visitors', 'Organizers'],
    ],
    ['exhibitors only: no profile to choose, connected or not', ['exhibitor'], ['Connected', 'Not connected']],
    ['exhibitors and visitors', ['exhibitor', 'visitor'], ['Exhibitors', 'Visitors', 'Connected', 'Not connected']],
  ])('a visitor sees only the filters their permissions let them use: %s', async (_case, permissions, labels) => {
    await openChatSidebar(withPermissions(visitorPageData(), permissions));
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Start a chat' }));
    expect(checkboxLabels(await screen.findByRole('search'))).toEqual(labels);
  });

  test('an exhibitor, by exhibitor_search_permissions: visitors on the stand and exhibitors anywhere', async () => {
    await openChatSidebar(withPermissions(exhibitorPageData(), [], ['exhibitor', 'stand_vistor']));
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Start a chat' }));
    expect(checkboxLabels(await screen.findByRole('search'))).toEqual(['Exhibitors', 'Visitors', 'Connected', 'Not connected']);
  });

  test('on a stand: a card of the people on it (their profiles per stand_* permissions)', async () => {
    const user = userEvent.setup();
    server.users = { search_enabled: true, on_stand: [person('v2', 'Vera On Stand'), ALICE], elsewhere: [] };
    await openChatSidebar({ ...withPermissions(visitorPageData(), ['stand_vistor']), visited_stand_id: 's7' });
    await user.click(screen.getByRole('tab', { name: 'Start a chat' }));
    const onStand = await screen.findByRole('region', { name: 'On this stand' });
    expect(await within(onStand).findByText('Vera On Stand')).toBeInTheDocument();
    expect(within(onStand).queryByText('Alice Durand')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Elsewhere in the room' })).not.toBeInTheDocument();
    expect(
      fetchMock.requests
        .filter((r) => r.url.pathname === '/api/chat/users')
        .at(-1)
        ?.url.searchParams.get('stand_id'),
    ).toBe('s7');
  });

  test('the name search waits 300 ms after the last keystroke; the filters go in the query', async () => {
    await openChatSidebar(administratorPageData());
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Start a chat' }));
    const filters = await screen.findByRole('search');
    expect(checkboxLabels(filters)).toEqual(['Exhibitors', 'Visitors', 'Organizers', 'Connected', 'Not connected']);
    const searches = () => fetchMock.requests.filter((r) => r.url.pathname === '/api/chat/users');
    await waitFor(() => expect(searches()).toHaveLength(1));
    // Keystrokes 100 ms apart, on fake time (user-event would wait on timers Testing Library cannot see here).
    jest.useFakeTimers();
    const box = within(filters).getByRole('searchbox', { name: 'Search by name' });
    for (const text of ['A', 'Al', 'Ali']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => jest.advanceTimersByTime(100));
    }
    act(() => jest.advanceTimersByTime(199));
    await act(() => Promise.resolve());
    expect(searches()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    jest.useRealTimers();
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches().at(-1)?.url.searchParams.get('search')).toBe('Ali');
    const user = userEvent.setup();
    await user.click(within(filters).getByRole('checkbox', { name: 'Not connected' }));
    await user.click(within(filters).getByRole('checkbox', { name: 'Visitors' }));
    await waitFor(() => expect(searches()).toHaveLength(4));
    expect(Object.fromEntries(searches().at(-1)?.url.searchParams ?? [])).toEqual({
      search: 'Ali',
      profiles: 'exhibitor,promoter',
      connected: '1',
    });
  });

  test('no permission: the search is disabled by the organiser (English and French); the server can say so too', async () => {
    const user = userEvent.setup();
    await openChatSidebar(withPermissions(exhibitorPageData(), ['exhibitor'], []));
    await user.click(screen.getByRole('tab', { name: 'Start a chat' }));
    expect(screen.getByText('Participant search is disabled by the organiser')).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    widget?.unmount();
    widget = undefined;
    act(() => hideSidebar());
    await openChatSidebar(withLocale(withPermissions(visitorPageData(), []), 'fr_FR'));
    await user.click(screen.getByRole('tab', { name: 'Démarrer une discussion' }));
    expect(screen.getByText("La recherche de participants est désactivée par l'organisateur")).toBeInTheDocument();
  });

  test('the server may disable the search', async () => {
    const user = userEvent.setup();
    server.users = { search_enabled: false, on_stand: [], elsewhere: [] };
    await openChatSidebar(administratorPageData());
    await user.click(screen.getByRole('tab', { name: 'Start a chat' }));
    expect(await screen.findByText('Participant search is disabled by the organiser')).toBeInTheDocument();
  });

  test('choosing a person opens the conversation; back returns to the list', async () => {
    const user = userEvent.setup();
    server.users = { search_enabled: true, on_stand: [], elsewhere: [ALICE] };
    server.open = { [ALICE.obfuscated_id]: channel('c5', ALICE) };
    await openChatSidebar(administratorPageData());
    await user.click(screen.getByRole('tab', { name: 'Start a chat' }));
    await user.click(await screen.findByRole('button', { name: /Alice Durand/ }));
    expect(await screen.findByRole('heading', { name: 'Alice Durand' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect($sidebar.get()).toEqual({ name: 'chat' });
  });
});

describe('the channel view', () => {
  test('date and author separators: same author grouped; the date after more than 1 minute', async () => {
    const messages = [
      message('c1', ALICE, 'First', AT(0, 0)),
      message('c1', ALICE, 'Second', AT(0, 50)),
      message('c1', ME, 'Mine', AT(1, 50)),
      message('c1', ME, 'Mine later', AT(2, 51)),
      message('c1', ALICE, 'Back', AT(3, 0)),
    ];
    server.channels = [channelWith('c1', ALICE, messages)];
    server.messages.c1 = messages;
    await openChatSidebar();
    const list = await openFirstChannel();
    const items = within(list).getAllByRole('listitem');
    const shows = (item: HTMLElement, text: string) => within(item).queryByText(text) !== null;
    const date = (iso: string) => messageDate(i18n, iso);
    expect(items.map((item, i) => shows(item, date(messages[i]!.created_at)))).toEqual([true, false, false, true, false]);
    expect(items.map((item) => shows(item, 'Alice Durand'))).toEqual([true, false, false, false, true]);
    expect(items.map((item) => shows(item, 'You'))).toEqual([false, false, true, true, false]);
  });

  test('Enter sends the trimmed message, Shift+Enter adds a line, an empty one is not sent; new lines show as line breaks', async () => {
    const user = userEvent.setup();
    server.channels = [channelWith('c1', ALICE, [message('c1', ALICE, 'Hi', AT(1))])];
    await openChatSidebar();
    const list = await openFirstChannel(user);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '   {Enter}');
    expect(sentContents()).toEqual([]);
    await user.type(box, '  Line 1{Shift>}{Enter}{/Shift}Line 2  ');
    expect(box).toHaveValue('     Line 1\nLine 2  ');
    await user.keyboard('{Enter}');
    expect(sentContents()).toEqual([{ type: 'message', text: 'Line 1\nLine 2' }]);
    expect(box).toHaveValue('');
    const line = within(list).getByText('Line 1');
    expect(line.parentElement).toHaveTextContent('Line 1Line 2');
    expect(line.parentElement?.querySelectorAll('br')).toHaveLength(1);
    expect(within(list).getByText('Sending…')).toBeInTheDocument();
    // The send button does the same.
    await user.type(box, 'Again');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sentContents()).toHaveLength(2);
  });

  test('HTML and scripts in a message are shown as text, never as elements', async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script><b>bold</b>';
    server.channels = [channelWith('c1', ALICE, [message('c1', ALICE, hostile, AT(1))])];
    server.messages.c1 = [message('c1', ALICE, hostile, AT(1))];
    await openChatSidebar();
    const list = await openFirstChannel();
    expect(within(list).getByText(hostile)).toBeInTheDocument();
    expect(within(list).queryByRole('img')).not.toBeInTheDocument();
    expect(list.querySelector('script, b, img')).toBeNull();
  });

  test('the typing indicator shows who types, and clears 4 s after the last event', async () => {
    server.channels = [channelWith('c1', ALICE, [message('c1', ALICE, 'Hi', AT(1))])];
    await openChatSidebar();
    await openFirstChannel();
    jest.useFakeTimers();
    act(() => socket().push('user_writing', { channel_id: 'c1', user_id: ALICE.obfuscated_id, fullname: 'Alice Durand' }));
    expect(screen.getByText('Alice Durand is typing…')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3999));
    expect(screen.getByText('Alice Durand is typing…')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Alice Durand is typing…')).not.toBeInTheDocument();
  });

  test('files are download links named by their pretty name; images show inline with it as alt text', async () => {
    const file = {
      type: 'file',
      url: 'http://localhost/chat/file/f1.pdf',
      filename: 'f1.pdf',
      prettyName: 'Brochure 2026.pdf',
      extension: 'pdf',
      downloadable: true,
      size: 1_200_000,
      mime: 'application/pdf',
    } as const;
    const image = { type: 'image', url: 'http://localhost/chat/file/i1.png', filename: 'i1.png', prettyName: 'stand.png' } as const;
    const messages = [
      message('c1', ALICE, file, AT(1)),
      message('c1', ALICE, image, AT(1, 10)),
      message('c1', ALICE, { ...file, url: 'javascript:alert(1)', prettyName: 'evil.pdf', size: 2000 }, AT(1, 20)),
    ];
    server.channels = [channelWith('c1', ALICE, messages)];
    server.messages.c1 = messages;
    await openChatSidebar();
    const list = await openFirstChannel();
    const link = within(list).getByRole('link', { name: 'Brochure 2026.pdf' });
    expect(link).toHaveAttribute('href', 'http://localhost/chat/file/f1.pdf');
    expect(link).toHaveAttribute('download', 'Brochure 2026.pdf');
    expect(within(list).getByText(/1\.2 MB/)).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'stand.png' })).toHaveAttribute('src', 'http://localhost/chat/file/i1.png');
    expect(within(list).getByText('evil.pdf', { exact: false })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'evil.pdf' })).not.toBeInTheDocument();
  });

  test('header: a visitor sees ask-for-video, phone and email for the other member when published', async () => {
    const user = userEvent.setup();
    const exhibitor = ALICE_PUBLISHED;
    server.channels = [channelWith('c1', exhibitor, [message('c1', exhibitor, 'Hi', AT(1))])];
    await openChatSidebar();
    await openFirstChannel(user);
    expect(screen.getByRole('heading', { name: 'Alice Durand' })).toBeInTheDocument();
    expect(screen.getByText('Acme Robotics')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Alice Durand' })).toHaveAttribute('href', 'tel:0601020304');
    expect(screen.getByRole('link', { name: 'Email Alice Durand' })).toHaveAttribute('href', 'mailto:alice@acme.test');
    expect(screen.queryByRole('button', { name: 'Invite to a video call' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask for a video call' }));
    expect(sentContents()).toEqual([{ type: 'visio_ask' }]);
  });

  test('header: unpublished phone and email are not offered', async () => {
    const exhibitor = person('alice1', 'Alice Durand', {
      profile: 'exhibitor',
      mobile: '0601020304',
      contact_email: 'alice@acme.test',
      fields_param: { mobile: '1', contact_email: '1' },
    });
    server.channels = [channelWith('c1', exhibitor, [message('c1', exhibitor, 'Hi', AT(1))])];
    await openChatSidebar();
    await openFirstChannel();
    expect(screen.queryByRole('link', { name: 'Call Alice Durand' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Email Alice Durand' })).not.toBeInTheDocument();
  });

  test('header: an exhibitor with a published video link invites (not ask, phone, email); the button waits for the answer', async () => {
    const user = userEvent.setup();
    const data = exhibitorPageData();
    const visitor = person('v1', 'Victor Visiteur', { mobile: '0601020304', email: 'v@x.test' });
    server.channels = [channelWith('c1', visitor, [message('c1', visitor, 'Hi', AT(1))])];
    await openChatSidebar({ ...data, user: { ...data.user, visio_link: { link: 'https://visio.example/me' }, fields_param: {} } });
    await openFirstChannel(user);
    expect(screen.queryByRole('button', { name: 'Ask for a video call' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Call/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite to a video call' }));
    expect(sentContents()).toEqual([{ type: 'visio_invitation', link: 'https://visio.example/me', acceptation: null }]);
    expect(screen.getByRole('button', { name: 'Invitation sent, waiting for an answer' })).toBeDisabled();
    expect(screen.getByText('You sent a video call invitation.')).toBeInTheDocument();
    expect(screen.getByText('Waiting for an answer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the video call' })).toHaveAttribute('href', 'https://visio.example/me');
  });
});

describe('video invitations (spec §4.5)', () => {
  const invitation = (acceptation: boolean | null, at: string) =>
    message('c1', ALICE, { type: 'visio_invitation', link: 'https://visio.example/alice', acceptation }, at);

  test('pending: Accept and Decline; accepting answers through the socket and offers to join', async () => {
    const user = userEvent.setup();
    const pending = invitation(null, new Date().toISOString());
    server.channels = [channelWith('c1', ALICE, [pending])];
    server.messages.c1 = [pending];
    await openChatSidebar();
    const list = await openFirstChannel(user);
    expect(within(list).getByText('Alice Durand invites you to a video call.')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Accept' }));
    const [update] = socket().emitted('update_chat_message');
    expect(update?.payload).toEqual({ channel_id: 'c1', message_id: pending.obfuscated_id, acceptation: true });
    await act(async () => update?.answer({ ok: true, message: { ...pending, content: { ...pending.content, acceptation: true } } }));
    expect(within(list).getByText('Accepted')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Join the video call' })).toHaveAttribute('href', 'https://visio.example/alice');
  });

  test('declined, and unanswered after more than 1 minute (no buttons)', async () => {
    const declined = invitation(false, AT(1));
    const old = invitation(null, AT(2));
    server.channels = [channelWith('c1', ALICE, [declined, old])];
    server.messages.c1 = [declined, old];
    await openChatSidebar();
    const list = await openFirstChannel();
    expect(within(list).getByText('Declined')).toBeInTheDocument();
    expect(within(list).getByText('Unanswered')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  test('a pending invitation turns unanswered once a minute has passed', async () => {
    jest.useFakeTimers({ now: Date.parse(AT(10)), advanceTimers: true });
    const pending = invitation(null, AT(10));
    server.channels = [channelWith('c1', ALICE, [pending])];
    server.messages.c1 = [pending];
    await openChatSidebar();
    const list = await openFirstChannel(userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) }));
    expect(within(list).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(61_000));
    expect(within(list).getByText('Unanswered')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});

describe('the composer: files and contact details (spec §5)', () => {
  async function composer(data: PageDataInput = visitorPageData()) {
    server.channels = [channelWith('c1', ALICE, [message('c1', ALICE, 'Hi', AT(1))])];
    await openChatSidebar(data);
    await openFirstChannel();
  }

  test('a chosen file shows as a chip (name, size, remove) before sending', async () => {
    const user = userEvent.setup();
    await composer();
    await user.click(screen.getByRole('button', { name: 'Attach' }));
    expect(screen.getByRole('button', { name: 'Share a file' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('File to share'), new File([new Uint8Array(340_000)], 'plan.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('plan.pdf')).toBeInTheDocument();
    expect(screen.getByText('340 kB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the file' }));
    expect(screen.queryByText('plan.pdf')).not.toBeInTheDocument();
  });

  test('more than 5 MB is refused with the message (English and French)', async () => {
    const user = userEvent.setup();
    await composer();
    await user.upload(screen.getByLabelText('File to share'), new File([new Uint8Array(5_242_881)], 'huge.mov'));
    expect(screen.getByRole('alert')).toHaveTextContent('The file limit is 5MB. Please upload a smaller file');
    expect(screen.queryByText('huge.mov')).not.toBeInTheDocument();
    await act(() => activateLocale('fr_FR'));
    expect(screen.getByRole('alert')).toHaveTextContent("La limite d'un fichier est de 5Mo. Veuillez télécharger un fichier plus petit");
  });

  test('contact details missing: the error and a link to complete the profile', async () => {
    const user = userEvent.setup();
    const data = visitorPageData();
    await composer({ ...data, user: { ...data.user, firstname: null, lastname: null, email: null, mobile: null } });
    await user.click(screen.getByRole('button', { name: 'Attach' }));
    await user.click(screen.getByRole('button', { name: 'Share my contact details' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your contact details are missing');
    expect(within(alert).getByRole('link', { name: 'Complete my profile' })).toHaveAttribute('href', 'http://localhost/profil');
    expect(sentContents()).toEqual([]);
    await act(() => activateLocale('fr_FR'));
    expect(screen.getByRole('alert')).toHaveTextContent('Vos coordonnées sont manquantes');
  });

  test('contact details partly shareable: sent, with a notice of what was not shared', async () => {
    const user = userEvent.setup();
    const data = visitorPageData();
    await composer({ ...data, user: { ...data.user, email: 'camille@example.com', mobile: null } });
    await user.click(screen.getByRole('button', { name: 'Attach' }));
    await user.click(screen.getByRole('button', { name: 'Share my contact details' }));
    expect(sentContents()).toEqual([{ type: 'contact_details', firstname: 'Camille', lastname: 'Martin', email: 'camille@example.com' }]);
    expect(screen.getByText('Not shared (missing or not published in your profile): mobile')).toBeInTheDocument();
    expect(screen.getByText('You shared your contact details:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'camille@example.com' })).toHaveAttribute('href', 'mailto:camille@example.com');
  });
});

describe('the emoji picker (loaded when first opened)', () => {
  test.each([
    ['en_EN', 'en', undefined],
    ['fr_FR', 'fr', { categoriesLabel: 'Catégories' }],
  ] as const)(
    '%s: emoji-picker-element with its data from /spa/emoji/%s/data.json; a chosen emoji goes in the message',
    async (locale, lang, labels) => {
      const user = userEvent.setup();
      server.channels = [channelWith('c1', ALICE, [message('c1', ALICE, 'Hi', AT(1))])];
      await openChatSidebar(withLocale(visitorPageData(), locale));
      await openFirstChannel(user);
      const box = screen.getByRole('textbox');
      await user.type(box, 'Hello');
      await user.click(screen.getByRole('button', { name: lang === 'fr' ? 'Émojis' : 'Emoji' }));
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(dialog.querySelector('mock-emoji-picker')).not.toBeNull());
      const picker = dialog.querySelector('mock-emoji-picker') as HTMLElement & { options: unknown };
      expect(picker.options).toEqual({ locale: lang, dataSource: `/spa/emoji/${lang}/data.json`, ...(labels ? { i18n: labels } : {}) });
      act(() => {
        picker.dispatchEvent(new CustomEvent('emoji-click', { detail: { unicode: '😀' } }));
      });
      expect(box).toHaveValue('Hello😀');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // The first Escape closed the picker only; the next one closes the chat sidebar.
      expect($sidebar.get()).toMatchObject({ name: 'chat' });
      box.focus();
      await user.keyboard('{Escape}');
      expect($sidebar.get()).toBeNull();
    },
  );

  test('sending closes the picker, so it covers neither the conversation nor an invitation', async () => {
    const user = userEvent.setup();
    server.channels = [channelWith('c1', ALICE, [message('c1', ALICE, 'Hi', AT(1))])];
    await openChatSidebar();
    await openFirstChannel(user);
    await user.click(screen.getByRole('button', { name: 'Emoji' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'Hello{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('navigation and availability', () => {
  test('a chat started on a user (contact point): back closes the sidebar', async () => {
    const user = userEvent.setup();
    server.open = { [ALICE.obfuscated_id]: channel('c5', ALICE) };
    setPageData(visitorPageData());
    await act(() => activateLocale('en_EN'));
    widget = await mountWidget(mount);
    await act(async () => {
      await startChat(ALICE.obfuscated_id, { standId: 's7' });
    });
    expect(await screen.findByRole('heading', { name: 'Alice Durand' })).toBeInTheDocument();
    expect(fetchMock.requests.some((r) => r.url.pathname === '/api/stands/s7/history')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect($sidebar.get()).toBeNull();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  test('when the socket closes the chat hides with the toast; it opens again once reconnected, silently', async () => {
    await openChatSidebar();
    act(() => socket().drop());
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual(['Chat is unavailable, please try again later.']);
    act(() => clearToasts());
    act(() => showSidebar({ name: 'chat' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual(['Chat is unavailable, please try again later.']);
    act(() => {
      clearToasts();
      socket().accept();
    });
    expect(toastTexts()).toEqual([]);
    act(() => showSidebar({ name: 'chat' }));
    expect(screen.getByRole('complementary', { name: 'Chat' })).toBeInTheDocument();
  });
});
