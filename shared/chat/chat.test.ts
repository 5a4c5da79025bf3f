import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { toastTexts } from '@salon/shared/test/widgets';
import { installFetch, jsonResponse, type RecordedRequest } from '@salon/shared/test/fetch';
import { lastFakeSocket, type FakeSocket } from '@salon/shared/test/socket';
import { ALICE, BRUNO, ME, channel, channelWith, message, person } from '@salon/shared/test/chat';
import { exhibitorPageData, visitorPageData } from '@salon/shared/test/fixtures';
import { activateLocale, clearToasts, hideSidebar, i18n, type PageDataInput, setPageData, showSidebar, $sidebar } from '@salon/shared';
import type { Channel, ChatMessage } from '@salon/shared/contracts/chat';
import {
  $chat,
  answerInvitation,
  attachFile,
  closeChannel,
  inviteToVisio,
  openChat,
  resetChat,
  retryMessage,
  sendDraft,
  sendMessage,
  setDraft,
  shareContactDetails,
  startChat,
  visioOpened,
} from './index';
import { $typing } from './chatTyping';

jest.mock('socket.io-client', () => (jest.requireActual('@salon/shared/test/socket') as { socketIoMock: unknown }).socketIoMock);

/** A fake chat server behind the API client: its channels and messages, and what it was asked. */
let server: {
  channels: Channel[];
  messages: Record<string, ChatMessage[]>;
  open: Record<string, Channel | null>;
  upload?: unknown;
  messagesDown?: boolean;
};
let fetchMock: ReturnType<typeof installFetch>;
let stop: () => void = () => undefined;

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
/** With fake timers: lets promises and the fake fetch settle. */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await jest.advanceTimersByTimeAsync(0);
};
const calls = (filter?: (r: RecordedRequest) => boolean) =>
  fetchMock.requests
    .filter((r) => !filter || filter(r))
    .map((r) => `${r.method} ${r.url.pathname}${r.url.search}${r.json === undefined ? '' : ` ${JSON.stringify(r.json)}`}`);
const view = () => $chat.get();
const texts = () => view().open?.items.map((item) => (item.content.type === 'message' ? item.content.text : item.content.type)) ?? [];

function serve(request: Request): Response {
  const url = new URL(request.url);
  const path = url.pathname;
  if (path === '/api/chat/channels' && request.method === 'GET') return jsonResponse({ data: { channels: server.channels } });
  const messages = /^\/api\/chat\/channels\/([^/]+)\/messages$/.exec(path);
  if (messages?.[1]) {
    if (server.messagesDown) return new Response('', { status: 503 });
    const all = server.messages[messages[1]] ?? [];
    const lastOne = url.searchParams.get('lastOne');
    const limit = Number(url.searchParams.get('limit') ?? 50);
    if (!lastOne) return jsonResponse({ data: { messages: all.slice(-limit) } });
    const index = all.findIndex((m) => m.obfuscated_id === lastOne);
    return jsonResponse({ data: { messages: all.slice(index + 1, index + 1 + limit) } });
  }
  if (path.endsWith('/messages/upload')) return jsonResponse({ data: server.upload });
  return jsonResponse({ data: {} });
}

async function asyncServe(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === '/api/chat/channels' && request.method === 'POST') {
    const body = (await request.clone().json()) as { members?: string[]; id_channel?: string };
    const key = body.id_channel ?? body.members?.[0] ?? '';
    const found = key in server.open ? server.open[key] : (server.channels.find((c) => c.obfuscated_id === key) ?? null);
    return jsonResponse({ data: { channel: found, messages: found ? (server.messages[found.obfuscated_id] ?? []) : [] } });
  }
  return serve(request);
}

async function listen(data: PageDataInput = visitorPageData()): Promise<FakeSocket> {
  setPageData(data);
  stop = $chat.listen(() => undefined);
  await flush();
  // The page keeps one socket from test to test: only this test's events count.
  const socket = lastFakeSocket();
  socket.sent.length = 0;
  return socket;
}

const AT = (minute: number, second = 0) => `2026-11-21T10:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000Z`;

beforeEach(async () => {
  await activateLocale('en_EN');
  server = { channels: [], messages: {}, open: {} };
  fetchMock = installFetch(asyncServe);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  // The stores stop one second after their last listener (the view, then the socket it listened to): on fake
  // time, so the next test starts them again.
  jest.useFakeTimers();
  stop();
  jest.advanceTimersByTime(3000);
  hideSidebar();
  resetChat();
  clearToasts();
  jest.useRealTimers();
  // Calls still under way (a catch-up) finish against this test's server.
  await flush();
  fetchMock.restore();
  jest.restoreAllMocks();
});

describe('My chats (spec §2.7)', () => {
  test('lists only channels with messages, newest last message first, with their counters', async () => {
    const older = message('c1', ALICE, 'Bonjour', AT(1));
    const newer = message('c2', BRUNO, 'Salut', AT(5));
    server.channels = [channelWith('c1', ALICE, [older], 2), channel('c3', person('x', 'Nobody')), channelWith('c2', BRUNO, [newer])];
    await listen();
    expect(view().channels.map((c) => [c.id, c.other?.fullname, c.unread])).toEqual([
      ['c2', 'Bruno Petit', 0],
      ['c1', 'Alice Durand', 2],
    ]);
    expect(view().unread).toBe(2);
  });

  test('a message for a channel that is not open adds to its counter; opening it resets it (POST read)', async () => {
    const first = message('c1', ALICE, 'Bonjour', AT(1));
    server.channels = [channelWith('c1', ALICE, [first])];
    server.messages.c1 = [first];
    const socket = await listen();
    socket.push('new_chat_message', message('c1', ALICE, 'Vous êtes là ?', AT(2)));
    socket.push('new_chat_message', message('c1', ALICE, 'Hello?', AT(3)));
    expect(view().channels[0]?.unread).toBe(2);
    showSidebar({ name: 'chat' });
    await openChat('c1');
    expect(view().channels[0]?.unread).toBe(0);
    expect(calls((r) => r.url.pathname.endsWith('/read'))).toEqual(['POST /api/chat/channels/c1/read']);
    // In the open channel, a new message is read at once.
    socket.push('new_chat_message', message('c1', ALICE, 'Great', AT(4)));
    expect(view().channels[0]?.unread).toBe(0);
    await flush();
    expect(calls((r) => r.url.pathname.endsWith('/read'))).toHaveLength(2);
    expect(texts()).toEqual(['Bonjour', 'Vous êtes là ?', 'Hello?', 'Great']);
  });

  test('a message in a channel not known yet reloads the list, which brings it with its counter', async () => {
    const socket = await listen();
    const incoming = message('c9', BRUNO, 'Hi', AT(1));
    server.channels = [channelWith('c9', BRUNO, [incoming], 1)];
    socket.push('new_chat_message', incoming);
    await flush();
    expect(view().channels.map((c) => [c.id, c.unread])).toEqual([['c9', 1]]);
  });
});

describe('nothing lost: client ids, acknowledgements, retries, reconnection (architecture §2)', () => {
  async function openedChannel() {
    server.channels = [channelWith('c1', ALICE, [])];
    const socket = await listen();
    showSidebar({ name: 'chat' });
    await openChat('c1');
    return socket;
  }

  test('a sent message shows at once as sending, with a client id; the acknowledgement makes it sent, once', async () => {
    const socket = await openedChannel();
    setDraft('  Bonjour Alice  ');
    sendDraft();
    const [emitted] = socket.emitted('new_chat_message');
    const payload = emitted?.payload as { channel_id: string; member_id: string; client_id: string; content: unknown };
    expect(payload).toEqual({
      channel_id: 'c1',
      member_id: 'mu42x',
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      content: { type: 'message', text: 'Bonjour Alice' },
    });
    expect(view().open?.items.map((i) => [i.delivery, i.mine])).toEqual([['sending', true]]);
    expect(view().open?.draft.text).toBe('');
    const stored = message('c1', ME, 'Bonjour Alice', AT(1), { client_id: payload.client_id });
    // The server fans it out to the sender too, before or after the acknowledgement: still once.
    socket.push('new_chat_message', stored);
    emitted?.answer({ ok: true, message: stored });
    await flush();
    expect(view().open?.items.map((i) => [i.id, i.delivery])).toEqual([[stored.obfuscated_id, 'sent']]);
    expect(view().channels[0]?.lastMessage?.obfuscated_id).toBe(stored.obfuscated_id);
  });

  test('without an acknowledgement it is sent again with the same client id (2 s, then 4 s…), and shown once', async () => {
    const socket = await openedChannel();
    jest.useFakeTimers();
    sendMessage('c1', { type: 'message', text: 'Ping' });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(socket.emitted('new_chat_message')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(socket.emitted('new_chat_message')).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(10_000 + 3999);
    expect(socket.emitted('new_chat_message')).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    const attempts = socket.emitted('new_chat_message');
    expect(attempts).toHaveLength(3);
    const clientIds = new Set(attempts.map((a) => (a.payload as { client_id: string }).client_id));
    expect(clientIds.size).toBe(1);
    const [clientId] = [...clientIds];
    const stored = message('c1', ME, 'Ping', AT(1), { client_id: clientId ?? null });
    attempts[2]?.answer({ ok: true, message: stored });
    await settle();
    expect(texts()).toEqual(['Ping']);
    expect(view().open?.items[0]?.delivery).toBe('sent');
    jest.advanceTimersByTime(120_000);
    await settle();
    expect(socket.emitted('new_chat_message')).toHaveLength(3);
  });

  test('written while the socket is down: kept, and sent on reconnection', async () => {
    const socket = await openedChannel();
    socket.drop();
    sendMessage('c1', { type: 'message', text: 'Offline' });
    expect(socket.emitted('new_chat_message')).toHaveLength(0);
    socket.accept();
    const [sent] = socket.emitted('new_chat_message');
    expect((sent?.payload as { content: unknown }).content).toEqual({ type: 'message', text: 'Offline' });
    showSidebar({ name: 'chat' });
    await openChat('c1');
    expect(view().open?.items.map((i) => [i.delivery, i.content])).toEqual([['sending', { type: 'message', text: 'Offline' }]]);
  });

  test('a refusal (ack ok:false) shows the message as failed; Retry sends it again', async () => {
    const socket = await openedChannel();
    sendMessage('c1', { type: 'message', text: 'Nope' });
    socket.emitted('new_chat_message')[0]?.answer({ ok: false, error: 'Message too long' });
    await flush();
    expect(view().open?.items.map((i) => [i.delivery, i.error])).toEqual([['failed', 'Message too long']]);
    retryMessage(view().open?.items[0]?.key ?? '');
    expect(socket.emitted('new_chat_message')).toHaveLength(2);
    expect(view().open?.items[0]?.delivery).toBe('sending');
  });

  test('a rate limit’s refusal: not sent, with the server’s message; never resent by itself (later, on reconnection), only by Retry', async () => {
    const socket = await openedChannel();
    jest.useFakeTimers();
    sendMessage('c1', { type: 'message', text: 'Encore' });
    const error = 'Vous envoyez trop de messages. Réessayez dans 12 secondes.';
    socket.emitted('new_chat_message')[0]?.answer({ ok: false, error });
    await jest.advanceTimersByTimeAsync(0);
    expect(view().open?.items.map((i) => [i.delivery, i.error, i.content])).toEqual([
      ['failed', error, { type: 'message', text: 'Encore' }],
    ]);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(socket.emitted('new_chat_message')).toHaveLength(1);
    jest.useRealTimers();
    // A reconnection sends what is still sending, not what was refused.
    socket.drop();
    socket.accept();
    showSidebar({ name: 'chat' });
    await openChat('c1');
    expect(socket.emitted('new_chat_message')).toHaveLength(1);
    expect(view().open?.items.map((i) => [i.delivery, i.error])).toEqual([['failed', error]]);
    retryMessage(view().open?.items[0]?.key ?? '');
    expect(socket.emitted('new_chat_message')).toHaveLength(2);
    expect(view().open?.items[0]?.delivery).toBe('sending');
  });

  test('after a reconnection: what each known channel missed, with ?lastOne=; counted and shown once', async () => {
    const a1 = message('c1', ALICE, 'One', AT(1));
    const b1 = message('c2', BRUNO, 'Un', AT(2));
    server.channels = [channelWith('c1', ALICE, [a1]), channelWith('c2', BRUNO, [b1])];
    server.messages = { c1: [a1], c2: [b1] };
    const socket = await listen();
    showSidebar({ name: 'chat' });
    await openChat('c1');
    socket.drop();
    // Written while away: its acknowledgement never comes, but the server stored it.
    sendMessage('c1', { type: 'message', text: 'Mine' });
    const clientId = view().open?.items.at(-1)?.key ?? '';
    const mine = message('c1', ME, 'Mine', AT(3), { client_id: clientId });
    const a2 = message('c1', ALICE, 'Two', AT(4));
    const b2 = message('c2', BRUNO, 'Deux', AT(5));
    server.messages = { c1: [a1, mine, a2], c2: [b1, b2] };
    fetchMock.requests.length = 0;
    socket.accept();
    await flush();
    expect(calls((r) => r.url.pathname.includes('/messages')).sort()).toEqual([
      `GET /api/chat/channels/c1/messages?lastOne=${a1.obfuscated_id}&limit=200`,
      `GET /api/chat/channels/c2/messages?lastOne=${b1.obfuscated_id}&limit=200`,
    ]);
    // The socket went down while the channel was open: the chat closed (spec §8), and c1's new message counts.
    expect(view().channels.find((c) => c.id === 'c1')?.unread).toBe(1);
    expect(view().channels.find((c) => c.id === 'c2')?.unread).toBe(1);
    // The retry on reconnection is answered with the same stored message: still once.
    socket.emitted('new_chat_message').at(-1)?.answer({ ok: true, message: mine });
    socket.push('new_chat_message', a2);
    await flush();
    showSidebar({ name: 'chat' });
    await openChat('c1');
    expect(texts()).toEqual(['One', 'Mine', 'Two']);
    expect(view().open?.items.map((i) => i.delivery)).toEqual(['sent', 'sent', 'sent']);
  });

  test('a long absence is fetched page by page (200 at a time) until a shorter page', async () => {
    const first = message('c1', ALICE, 'm0', AT(0));
    server.channels = [channelWith('c1', ALICE, [first])];
    const socket = await listen();
    socket.drop();
    const missed = Array.from({ length: 250 }, (_, i) =>
      message('c1', ALICE, `m${i + 1}`, new Date(Date.parse(AT(1)) + i * 1000).toISOString()),
    );
    server.messages.c1 = [first, ...missed];
    fetchMock.requests.length = 0;
    socket.accept();
    await flush();
    expect(calls((r) => r.url.pathname.includes('/messages'))).toEqual([
      `GET /api/chat/channels/c1/messages?lastOne=${first.obfuscated_id}&limit=200`,
      `GET /api/chat/channels/c1/messages?lastOne=${missed[199]?.obfuscated_id}&limit=200`,
    ]);
    expect(view().channels[0]?.unread).toBe(250);
  });

  test('an acknowledgement does not move the catch-up past a message still missing', async () => {
    const a1 = message('c1', ALICE, 'One', AT(1));
    server.channels = [channelWith('c1', ALICE, [a1])];
    server.messages.c1 = [a1];
    const socket = await listen();
    socket.drop();
    // Away: Alice writes (missed), then one's own message is stored after hers.
    const a2 = message('c1', ALICE, 'Two', AT(2));
    sendMessage('c1', { type: 'message', text: 'Mine' });
    // Back, but the catch-up fails; the resent message is acknowledged.
    server.messagesDown = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    socket.accept();
    await flush();
    const [retry] = socket.emitted('new_chat_message');
    const mine = message('c1', ME, 'Mine', AT(3), { client_id: (retry?.payload as { client_id: string }).client_id });
    server.messages.c1 = [a1, a2, mine];
    retry?.answer({ ok: true, message: mine });
    await flush();
    // Next connection: the catch-up starts after One, not after Mine, and finds Two.
    server.messagesDown = false;
    fetchMock.requests.length = 0;
    socket.drop();
    socket.accept();
    await flush();
    expect(calls((r) => r.url.pathname.includes('/messages'))).toEqual([
      `GET /api/chat/channels/c1/messages?lastOne=${a1.obfuscated_id}&limit=200`,
    ]);
    showSidebar({ name: 'chat' });
    await openChat('c1');
    expect(texts()).toEqual(['One', 'Two', 'Mine']);
  });
});

describe('typing (spec §4.6, §9)', () => {
  test('user_writing is sent at most every 3 s while typing; a received indicator clears after 4 s', async () => {
    server.channels = [channelWith('c1', ALICE, [])];
    const socket = await listen();
    showSidebar({ name: 'chat' });
    await openChat('c1');
    jest.useFakeTimers();
    setDraft('B');
    setDraft('Bo');
    jest.advanceTimersByTime(2999);
    setDraft('Bon');
    expect(socket.emitted('user_writing').map((e) => e.payload)).toEqual([{ channel_id: 'c1' }]);
    jest.advanceTimersByTime(1);
    setDraft('Bonj');
    setDraft('   ');
    expect(socket.emitted('user_writing')).toHaveLength(2);

    // The channel's name for her, not the event's short one.
    socket.push('user_writing', { channel_id: 'c1', user_id: ALICE.obfuscated_id, fullname: 'alice.d' });
    expect(view().open?.typing).toBe('Alice Durand');
    jest.advanceTimersByTime(3000);
    socket.push('user_writing', { channel_id: 'c1', user_id: ALICE.obfuscated_id, fullname: 'Alice Durand' });
    jest.advanceTimersByTime(3999);
    expect(view().open?.typing).toBe('Alice Durand');
    jest.advanceTimersByTime(1);
    expect(view().open?.typing).toBeNull();
    // One's own echo is not shown.
    socket.push('user_writing', { channel_id: 'c1', user_id: ME.obfuscated_id, fullname: 'Camille Martin' });
    expect($typing.get()).toEqual({});
  });
});

describe('the socket and the sidebar (spec §4.6, §8)', () => {
  test('a close or an error hides the chat with the toast; it cannot open while down; a reconnection is silent', async () => {
    const socket = await listen();
    showSidebar({ name: 'chat' });
    socket.drop();
    expect($sidebar.get()).toBeNull();
    expect(toastTexts()).toEqual(['Chat is unavailable, please try again later.']);
    clearToasts();
    showSidebar({ name: 'chat' });
    expect($sidebar.get()).toBeNull();
    expect(toastTexts()).toEqual(['Chat is unavailable, please try again later.']);
    clearToasts();
    socket.refuse();
    socket.accept();
    expect(toastTexts()).toEqual([]);
    showSidebar({ name: 'chat' });
    expect($sidebar.get()).toEqual({ name: 'chat' });
  });

  test('in French', async () => {
    await activateLocale('fr_FR');
    const socket = await listen();
    showSidebar({ name: 'chat' });
    socket.refuse();
    expect(toastTexts()).toEqual(['Le chat est indisponible, veuillez réessayer plus tard.']);
  });
});

describe('startChat (contact point, activity stream)', () => {
  test('opens the sidebar on the user, opens the channel, and records chatStarted on the stand', async () => {
    const c5 = channel('c5', ALICE);
    server.open = { [ALICE.obfuscated_id]: c5 };
    await listen();
    const result = await startChat(ALICE.obfuscated_id, { standId: 's7' });
    await flush();
    expect(result?.obfuscated_id).toBe('c5');
    expect($sidebar.get()).toEqual({ name: 'chat', userId: ALICE.obfuscated_id });
    expect(calls((r) => r.method === 'POST')).toEqual([
      'POST /api/chat/channels {"members":["alice1"]}',
      'POST /api/chat/channels/c5/read',
      'POST /api/stands/s7/history {"type":"chatStarted","channel_id":"c5"}',
    ]);
    expect(view().open).toMatchObject({ id: 'c5', onUser: true, status: 'ready' });
    // Back closes the sidebar: the channel was opened on a user.
    closeChannel();
    expect($sidebar.get()).toBeNull();
  });

  test('without a stand, no history; with oneself, nothing at all; a null channel closes silently', async () => {
    server.open = { [BRUNO.obfuscated_id]: channel('c6', BRUNO), ghost: null };
    await listen();
    await startChat(BRUNO.obfuscated_id);
    expect(calls((r) => r.url.pathname.includes('history'))).toEqual([]);
    hideSidebar();
    expect(await startChat(ME.obfuscated_id)).toBeNull();
    expect($sidebar.get()).toBeNull();
    expect(await startChat('ghost')).toBeNull();
    expect($sidebar.get()).toBeNull();
    expect(toastTexts()).toEqual([]);
  });

  test('back from a channel opened from the list returns to the list', async () => {
    server.channels = [channelWith('c1', ALICE, [message('c1', ALICE, 'Hi', AT(1))])];
    await listen();
    showSidebar({ name: 'chat' });
    await openChat('c1');
    closeChannel();
    expect(view().open).toBeNull();
    expect($sidebar.get()).toEqual({ name: 'chat' });
  });
});

describe('video (spec §4.4, §4.5)', () => {
  const published = (data: PageDataInput, link = 'https://visio.example/alice') => ({
    ...data,
    user: { ...data.user, visio_link: { link }, fields_param: {} },
  });

  test('an exhibitor invites once; the invitation waits 1 minute, then shows unanswered and they may invite again', async () => {
    server.channels = [channelWith('c1', BRUNO, [])];
    const socket = await listen(published(exhibitorPageData()));
    showSidebar({ name: 'chat' });
    await openChat('c1');
    jest.useFakeTimers({ now: Date.parse(AT(10)) });
    expect(view().open?.invite).toBe('ready');
    inviteToVisio('c1');
    const [sent] = socket.emitted('new_chat_message');
    expect((sent?.payload as { content: unknown }).content).toEqual({
      type: 'visio_invitation',
      link: 'https://visio.example/alice',
      acceptation: null,
    });
    sent?.answer({
      ok: true,
      message: message(
        'c1',
        { ...ME, profile: 'exhibitor' },
        { type: 'visio_invitation', link: 'https://visio.example/alice', acceptation: null },
        AT(10),
        { client_id: (sent.payload as { client_id: string }).client_id },
      ),
    });
    await settle();
    expect(view().open?.items[0]?.invitation).toBe('pending');
    expect(view().open?.invite).toBe('waiting');
    expect(inviteToVisio('c1')).toBeNull();
    jest.advanceTimersByTime(60_001);
    expect(view().open?.items[0]?.invitation).toBe('unanswered');
    expect(view().open?.invite).toBe('ready');
    expect(inviteToVisio('c1')).not.toBeNull();
  });

  test('an exhibitor whose link is missing or not published gets no invite button, and the action toasts', async () => {
    server.channels = [channelWith('c1', BRUNO, [])];
    const data = published(exhibitorPageData());
    await listen({ ...data, user: { ...data.user, fields_param: { visio_link: '1' } } });
    showSidebar({ name: 'chat' });
    await openChat('c1');
    expect(view().open?.invite).toBeNull();
    expect(inviteToVisio('c1')).toBeNull();
    expect(toastTexts()).toEqual(['Video link missing for the user']);
  });

  test('answering an invitation goes through update_chat_message and shows the answer', async () => {
    const invitation = message(
      'c1',
      ALICE,
      { type: 'visio_invitation', link: 'https://visio.example/a', acceptation: null },
      new Date().toISOString(),
    );
    server.channels = [channelWith('c1', ALICE, [invitation])];
    server.messages.c1 = [invitation];
    const socket = await listen();
    showSidebar({ name: 'chat' });
    await openChat('c1');
    const item = view().open?.items[0];
    expect(item?.invitation).toBe('pending');
    const answered = answerInvitation(item!, true);
    const [update] = socket.emitted('update_chat_message');
    expect(update?.payload).toEqual({ channel_id: 'c1', message_id: invitation.obfuscated_id, acceptation: true });
    update?.answer({ ok: true, message: { ...invitation, content: { ...invitation.content, acceptation: true } } });
    expect(await answered).toBe(true);
    expect(view().open?.items[0]?.invitation).toBe('accepted');
  });

  test('an exhibitor opening the link in a chat with a visitor becomes unavailable and records visioOpened; nobody else', async () => {
    server.channels = [channelWith('c1', BRUNO, []), channelWith('c2', person('e2', 'Other Exhibitor', { profile: 'exhibitor' }), [])];
    await listen(exhibitorPageData());
    await loadAll();
    await visioOpened('c2');
    await visioOpened('c1');
    expect(calls()).toEqual([
      'PUT /api/exhibitors/me/availability {"availability":false}',
      'POST /api/stands/s1/history {"type":"visioOpened","channel_id":"c1"}',
    ]);
    stop();
    fetchMock.requests.length = 0;
    setPageData(visitorPageData());
    await visioOpened('c1');
    expect(calls()).toEqual([]);
  });

  async function loadAll() {
    await flush();
    fetchMock.requests.length = 0;
  }
});

describe('contact details (spec §5)', () => {
  async function inChannel(data: PageDataInput) {
    server.channels = [channelWith('c1', ALICE, [])];
    const socket = await listen(data);
    showSidebar({ name: 'chat' });
    await openChat('c1');
    return socket;
  }
  const withUser = (data: PageDataInput, user: Record<string, unknown>): PageDataInput => ({ ...data, user: { ...data.user, ...user } });

  test('none shareable: the error with a link to the profile, nothing sent', async () => {
    const socket = await inChannel(withUser(visitorPageData(), { firstname: null, lastname: null, email: null, mobile: null }));
    shareContactDetails();
    expect(socket.emitted('new_chat_message')).toHaveLength(0);
    const notice = view().open?.draft.notice;
    expect(notice && i18n._(notice.message)).toBe('Your contact details are missing');
    expect(notice?.link?.href).toBe('http://localhost/profil');
  });

  test('some shareable: sent, with a notice naming what could not be shared (unpublished or missing)', async () => {
    const socket = await inChannel(
      withUser(visitorPageData(), {
        email: 'camille@example.com',
        mobile: '0601020304',
        fields_param: { firstname: '0', lastname: '0', email: '0', mobile: '1' },
      }),
    );
    shareContactDetails();
    expect((socket.emitted('new_chat_message')[0]?.payload as { content: unknown }).content).toEqual({
      type: 'contact_details',
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'camille@example.com',
    });
    const notice = view().open?.draft.notice;
    expect(notice?.kind).toBe('info');
    expect(notice?.items?.map((item) => i18n._(item))).toEqual(['mobile']);
  });

  test('exhibitors share their contact email; all published: no notice', async () => {
    const socket = await inChannel(
      withUser(exhibitorPageData(), {
        email: 'login@example.com',
        contact_email: 'stand@acme.test',
        mobile: '0601020304',
        fields_param: {},
      }),
    );
    shareContactDetails();
    expect((socket.emitted('new_chat_message')[0]?.payload as { content: unknown }).content).toEqual({
      type: 'contact_details',
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'stand@acme.test',
      mobile: '0601020304',
    });
    expect(view().open?.draft.notice).toBeNull();
  });
});

describe('the gif picker extension point', () => {
  test('it may show only when the organiser set a gif key', async () => {
    server.channels = [channelWith('c1', ALICE, [])];
    const data = visitorPageData();
    await listen(data);
    showSidebar({ name: 'chat' });
    await openChat('c1');
    expect(view().open?.gif).toBe(false);
    setPageData({ ...data, parameters: { ...data.parameters, gif_key: 'k3y' } });
    expect(view().open?.gif).toBe(true);
  });
});

describe('files (spec §5: 5 MB)', () => {
  test('more than 5242880 bytes is refused before sending; 5242880 is uploaded (multipart, with a client id) and shown', async () => {
    server.channels = [channelWith('c1', ALICE, [])];
    await listen();
    showSidebar({ name: 'chat' });
    await openChat('c1');
    expect(attachFile(new File([new Uint8Array(5_242_881)], 'big.pdf'))).toBe(false);
    expect(i18n._(view().open!.draft.notice!.message)).toBe('The file limit is 5MB. Please upload a smaller file');
    expect(view().open?.draft.file).toBeNull();
    const file = new File([new Uint8Array(5_242_880)], 'plan.pdf', { type: 'application/pdf' });
    expect(attachFile(file)).toBe(true);
    const content = {
      type: 'file',
      url: 'http://localhost/chat/file/abc.pdf',
      filename: 'abc.pdf',
      prettyName: 'plan.pdf',
      extension: 'pdf',
      downloadable: true,
      size: 5_242_880,
      mime: 'application/pdf',
    } as const;
    server.upload = { success: true, message: 'ok', file: content, chat_message: message('c1', ME, content, AT(1)) };
    sendDraft();
    expect(view().open?.draft.uploading).toBe(true);
    await flush();
    const upload = fetchMock.requests.find((r) => r.url.pathname.endsWith('/upload'));
    expect(upload?.url.pathname).toBe('/api/chat/channels/c1/messages/upload');
    expect([...(upload?.form?.keys() ?? [])]).toEqual(['client_id', 'file']);
    expect((upload?.form?.get('file') as File).name).toBe('plan.pdf');
    expect(view().open?.draft.file).toBeNull();
    expect(texts()).toEqual(['file']);
  });

  test('a failed upload shows the server message and keeps the file', async () => {
    server.channels = [channelWith('c1', ALICE, [])];
    await listen();
    showSidebar({ name: 'chat' });
    await openChat('c1');
    fetchMock.restore();
    fetchMock = installFetch(() => jsonResponse({ data: { error: true, message: 'Antivirus scan in progress' } }));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    attachFile(new File(['x'], 'a.txt'));
    sendDraft();
    await flush();
    expect(toastTexts()).toEqual(['Antivirus scan in progress']);
    expect(view().open?.draft.file?.name).toBe('a.txt');
  });
});
