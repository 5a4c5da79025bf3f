import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $sidebar, showSidebar, type PageDataInput } from '@salon/shared';
import { exhibitorPageData, promoterPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { historyItem, roomUser, stand } from '@salon/shared/test/exhibitors';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { sseBody } from '@salon/shared/test/sse';
import { cleanUpWidgets, fakeMatchMedia, type MountedWidget, mountWidget, showWidget, toastTexts } from '@salon/shared/test/widgets';
import { $roomOverlay, applyLiveActivity, type HistoryItem, type LiveActivityState } from '@salon/shared/room';
import { mount } from './mount';

const mockStartChat = jest.fn(async (_userId: string, _options: { standId?: string | null }) => null);
jest.mock('@salon/shared/chat', () => ({ startChat: (...args: [string, { standId?: string | null }]) => mockStartChat(...args) }));

/** A controllable `(max-width: 750px)`, installed before the first mount. */
const media = fakeMatchMedia();

const NOW = new Date(2026, 10, 21, 14, 7).getTime();
const at = (hours: number, minutes: number) => new Date(2026, 10, 21, hours, minutes).getTime();
const ME = roomUser('u42x', 'Camille Martin', { profile: 'exhibitor', availability: true, last_activity_at: new Date(NOW).toISOString() });
const ANA = roomUser('ana1', 'Ana Lopez', { company: { name: 'Globex' } });
const BRUNO = roomUser('bruno1', 'Bruno Petit');
const active = (id: string, name: string, extra: Parameters<typeof roomUser>[2] = {}) =>
  roomUser(id, name, { profile: 'exhibitor', availability: true, last_activity_at: new Date(NOW - 60_000).toISOString(), ...extra });

let widget: MountedWidget | undefined;
let fetchMock: ReturnType<typeof installFetch>;
let availabilityAnswer: () => Response | Promise<Response>;
let historyPages: Record<string, HistoryItem[]>;

const calls = () =>
  fetchMock.requests.filter((r) => !r.url.pathname.startsWith('/api/sse/')).map((r) => `${r.method} ${r.url.pathname}${r.url.search}`);

function exhibitor(user: Partial<PageDataInput['user']> = {}, stands = ['s1']): PageDataInput {
  const data = exhibitorPageData();
  return { ...data, owned_stands_ids: stands, user: { ...data.user, hidden: false, availability: true, stands, ...user } };
}

async function show(data: PageDataInput, live: LiveActivityState = {}) {
  widget = await showWidget(mount, data);
  act(() => applyLiveActivity(live));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function openPanel() {
  act(() => showSidebar({ name: 'activity-stream' }));
  return screen.getByRole('complementary', { name: 'Activity stream' });
}

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  mockStartChat.mockClear();
  media.set(false);
  localStorage.removeItem('salon.activity-widget.collapsed');
  historyPages = {};
  availabilityAnswer = () => jsonResponse({ data: { availability: false } });
  fetchMock = installFetch((request) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/sse/')) return sseBody().response();
    if (url.pathname === '/api/stands')
      return jsonResponse({
        data: { stands: { s1: stand('s1', 'Robots Acme', 'Acme Robots'), s2: stand('s2', 'Atelier Acme', 'Acme Workshop') } },
      });
    if (url.pathname === '/api/exhibitors/me/availability') return availabilityAnswer();
    if (url.pathname.endsWith('/history')) return jsonResponse({ data: { history: historyPages[`${url.pathname}${url.search}`] ?? [] } });
    return jsonResponse({ data: {} });
  });
});

afterEach(() => cleanUpWidgets(fetchMock));

describe('exhibitors only (spec §6)', () => {
  test.each([
    ['a visitor', visitorPageData()],
    ['a promoter', promoterPageData()],
  ])('%s gets neither the widget nor the panel', async (_who, page) => {
    await show(page);
    expect(screen.queryByRole('region', { name: 'My activity' })).not.toBeInTheDocument();
    act(() => showSidebar({ name: 'activity-stream' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('the activity widget (spec §2.10)', () => {
  const lines = (standId = 's1') => [
    historyItem(standId, 'enterOnStand', ANA, 0, { id: 'h4', now: at(14, 5) }),
    historyItem(standId, 'chatStarted', BRUNO, 0, { id: 'h3', now: at(14, 1) }),
    historyItem(standId, 'leaveStand', ANA, 0, { id: 'h2', now: at(13, 50) }),
    historyItem(standId, 'updateAvailability', ME, 0, { id: 'h1', now: at(13, 0), availability: true }),
  ];

  test('bottom left for exhibitors, without opening anything: the last 3 history lines, the switch, available exhibitors per stand', async () => {
    await show(exhibitor(), { histories: { s1: lines() }, owned_stands_exhibitors: { s1: [ME, active('eve1', 'Eve Marchand')] } });
    const widgetRegion = screen.getByRole('region', { name: 'My activity' });
    expect(within(widgetRegion).getByRole('switch', { name: 'I am available' })).toHaveAttribute('aria-checked', 'true');
    const items = within(widgetRegion).getAllByRole('listitem');
    expect(items.slice(0, 3).map((item) => item.textContent?.replace(/\s+/g, ' '))).toEqual([
      '14h05 2 min. ago Ana Lopez entered the stand',
      '14h01 6 min. ago Bruno Petit started a chat',
      '13h50 17 min. ago Ana Lopez left the stand',
    ]);
    expect(within(widgetRegion).getByText('Eve Marchand', { exact: false })).toHaveTextContent('Acme Robots: Eve Marchand');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  test('desktop only: hidden at 750 px or less', async () => {
    await show(exhibitor());
    const setMobile = media.set;
    expect(screen.getByRole('region', { name: 'My activity' })).toBeInTheDocument();
    setMobile(true);
    expect(screen.queryByRole('region', { name: 'My activity' })).not.toBeInTheDocument();
    setMobile(false);
    expect(screen.getByRole('region', { name: 'My activity' })).toBeInTheDocument();
  });

  test('collapses to one button and back, keeping the focus on it and the choice for the next page; the room is told the box it floats in', async () => {
    // jsdom lays nothing out: the dock floats at the bottom left, 272 px wide, 300 px high expanded, 36 px collapsed.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('salon-activity-dock')) return new DOMRect();
      const height = this.classList.contains('salon-activity-dock--collapsed') ? 36 : 300;
      return new DOMRect(12, 756 - height, this.classList.contains('salon-activity-dock--collapsed') ? 150 : 272, height);
    });
    await show(exhibitor());
    expect($roomOverlay.get()).toEqual({ left: 12, top: 456, right: 284, bottom: 756 });
    const hide = within(screen.getByRole('region', { name: 'My activity' })).getByRole('button', { name: 'Hide my activity' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(hide);
    expect(screen.queryByRole('region', { name: 'My activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    const showButton = screen.getByRole('button', { name: 'Show my activity' });
    expect(showButton).toHaveAttribute('aria-expanded', 'false');
    expect(showButton).toHaveFocus();
    expect(localStorage.getItem('salon.activity-widget.collapsed')).toBe('1');

    // Collapsed, the button alone: the window's resize (or a size change) measures it again.
    act(() => void window.dispatchEvent(new Event('resize')));
    expect($roomOverlay.get()).toEqual({ left: 12, top: 720, right: 162, bottom: 756 });

    // The next page starts collapsed.
    widget?.unmount();
    expect($roomOverlay.get()).toBeNull();
    widget = await mountWidget(mount);
    await userEvent.click(screen.getByRole('button', { name: 'Show my activity' }));
    expect(within(screen.getByRole('region', { name: 'My activity' })).getByRole('button', { name: 'Hide my activity' })).toHaveFocus();
    expect(screen.getByRole('switch', { name: 'I am available' })).toBeInTheDocument();
    expect(localStorage.getItem('salon.activity-widget.collapsed')).toBe('0');
  });

  test('in French', async () => {
    await show(withLocale(exhibitor(), 'fr_FR'));
    const region = screen.getByRole('region', { name: 'Mon activité' });
    await userEvent.click(within(region).getByRole('button', { name: 'Masquer mon activité' }));
    expect(screen.getByRole('button', { name: 'Afficher mon activité' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('its button opens the activity stream panel; the panel closes', async () => {
    await show(exhibitor());
    await userEvent.click(screen.getByRole('button', { name: 'Open the activity stream' }));
    expect($sidebar.get()).toEqual({ name: 'activity-stream' });
    const panel = screen.getByRole('complementary', { name: 'Activity stream' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});

describe('availability (spec §4.4)', () => {
  test('the switch moves at once and stays when the server records it', async () => {
    let release: (response: Response) => void = () => undefined;
    availabilityAnswer = () => new Promise<Response>((resolve) => (release = resolve));
    await show(exhibitor());
    const toggle = screen.getByRole('switch', { name: 'I am available' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('You appear as unavailable.')).toBeInTheDocument();
    await act(async () => release(jsonResponse({ data: { availability: false } })));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).not.toHaveAttribute('aria-busy');
    expect(calls()).toContain('PUT /api/exhibitors/me/availability');
  });

  test('a refusal puts it back, with the error toast', async () => {
    availabilityAnswer = () => jsonResponse({ data: { error: true, message: 'Indisponible pour le moment' } });
    await show(exhibitor({ availability: false }));
    const toggle = screen.getByRole('switch', { name: 'I am available' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toastTexts()).toEqual(['Indisponible pour le moment']);
  });
});

describe('the activity stream panel (spec §2.10)', () => {
  test('the availability card, visitors on the stand, other exhibitors, the stand history', async () => {
    await show(exhibitor(), {
      owned_stands_users: { s1: [ANA, BRUNO] },
      owned_stands_exhibitors: {
        s1: [
          ME,
          active('eve1', 'Eve Marchand'),
          active('hid1', 'Hidden Exhibitor', { hidden: true }),
          active('off1', 'Off Exhibitor', { availability: false }),
          active('old1', 'Idle Exhibitor', { last_activity_at: new Date(NOW - 901_000).toISOString() }),
        ],
      },
      histories: { s1: [historyItem('s1', 'visioOpened', ANA, 0, { id: 'v1', now: at(14, 5) })] },
    });
    const panel = openPanel();
    expect(within(panel).getByRole('region', { name: 'My availability' })).toContainElement(
      within(panel).getByRole('switch', { name: 'I am available' }),
    );
    const visitors = within(panel).getByRole('region', { name: 'Visitors on Acme Robots (2)' });
    expect(
      within(visitors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ana LopezGlobexChat', 'Bruno PetitChat']);
    await userEvent.click(within(visitors).getByRole('button', { name: 'Chat with Ana Lopez' }));
    expect(mockStartChat).toHaveBeenCalledWith('ana1', { standId: 's1' });
    const others = within(panel).getByRole('region', { name: 'Other exhibitors available (1)' });
    expect(
      within(others)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Eve Marchand']);
    await userEvent.click(within(others).getByRole('button', { name: 'Chat with Eve Marchand' }));
    expect(mockStartChat).toHaveBeenLastCalledWith('eve1', { standId: 's1' });
    const history = within(panel).getByRole('region', { name: 'Stand history' });
    const line = within(history).getByRole('listitem');
    expect(line).toHaveTextContent('14h05 2 min. ago Ana Lopez opened a video call', { normalizeWhitespace: true });
    expect(within(line).getByText('14h05')).toHaveAttribute('datetime', new Date(at(14, 5)).toISOString());
  });

  test('anonymous visitors: one line that counts them, "Anonymous visitor" in the history; "Unknown user" stays for an unknown one', async () => {
    const anonymous = (id: string) => ({ ...roomUser(id, ''), anonymous: true as const });
    await show(exhibitor(), {
      owned_stands_users: { s1: [ANA, anonymous('x1'), anonymous('x2'), anonymous('x3')] },
      owned_stands_exhibitors: { s1: [ME] },
      histories: {
        s1: [
          historyItem('s1', 'chatStarted', anonymous('x1'), 0, { id: 'h1' }),
          historyItem('s1', 'chatStarted', roomUser('u1', ''), 1, { id: 'h2' }),
        ],
      },
    });
    const panel = openPanel();
    const visitors = within(panel).getByRole('region', { name: 'Visitors on Acme Robots (4)' });
    expect(
      within(visitors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ana LopezGlobexChat', '3 anonymous visitors']);
    const history = within(panel).getByRole('region', { name: 'Stand history' });
    expect(within(history).getByText(/Anonymous visitor/)).toBeInTheDocument();
    expect(within(history).getByText(/Unknown user/)).toBeInTheDocument();
  });

  test('another exhibitor can be marked unavailable (PUT /api/exhibitors/{id}/availability): they leave the list', async () => {
    await show(exhibitor(), { owned_stands_exhibitors: { s1: [ME, active('eve1', 'Eve Marchand')] } });
    const others = within(openPanel()).getByRole('region', { name: 'Other exhibitors available (1)' });
    await userEvent.click(within(others).getByRole('button', { name: 'Mark Eve Marchand as unavailable' }));
    expect(fetchMock.requests.filter((r) => r.method === 'PUT').map((r) => [r.url.pathname, r.json])).toEqual([
      ['/api/exhibitors/eve1/availability', { available: false }],
    ]);
    expect(await screen.findByRole('region', { name: 'Other exhibitors available (0)' })).toHaveTextContent(
      'No other exhibitor is available right now.',
    );
  });

  test('empty states', async () => {
    await show(exhibitor(), { owned_stands_users: { s1: [] }, owned_stands_exhibitors: { s1: [ME] }, histories: { s1: [] } });
    const panel = openPanel();
    expect(within(panel).getByText('No visitor on this stand right now.')).toBeInTheDocument();
    expect(within(panel).getByText('No other exhibitor is available right now.')).toBeInTheDocument();
    // In the panel and in the widget.
    expect(screen.getAllByText('No activity on your stands yet.')).toHaveLength(2);
  });

  test('several stands: one visitors card per stand, and each history line names its stand', async () => {
    await show(exhibitor({}, ['s1', 's2']), {
      owned_stands_users: { s1: [ANA], s2: [BRUNO] },
      histories: {
        s1: [historyItem('s1', 'enterOnStand', ANA, 0, { id: 'a1', now: at(14, 5) })],
        s2: [historyItem('s2', 'leaveStand', BRUNO, 0, { id: 'b1', now: at(14, 2) })],
      },
    });
    const panel = openPanel();
    expect(within(panel).getByRole('region', { name: 'Visitors on Acme Robots (1)' })).toHaveTextContent('Ana Lopez');
    expect(within(panel).getByRole('region', { name: 'Visitors on Acme Workshop (1)' })).toHaveTextContent('Bruno Petit');
    const lines = within(within(panel).getByRole('region', { name: 'Stand history entries' })).getAllByRole('listitem');
    expect(lines.map((item) => item.textContent?.replace(/\s+/g, ' '))).toEqual([
      '14h05 2 min. ago Acme Robots Ana Lopez entered the stand',
      '14h02 5 min. ago Acme Workshop Bruno Petit left the stand',
    ]);
  });

  test('older history entries load when the list is scrolled to its end (GET …/history?last=)', async () => {
    const first = Array.from({ length: 20 }, (_, i) => historyItem('s1', 'enterOnStand', ANA, i, { id: `p${i}`, now: at(14, 5) }));
    historyPages['/api/stands/s1/history?last=p19'] = [historyItem('s1', 'leaveStand', BRUNO, 30, { id: 'old1', now: at(14, 5) })];
    await show(exhibitor(), { histories: { s1: first } });
    const scroller = within(openPanel()).getByRole('region', { name: 'Stand history entries' });
    expect(within(scroller).getAllByRole('listitem')).toHaveLength(20);
    Object.defineProperties(scroller, {
      scrollHeight: { configurable: true, value: 900 },
      clientHeight: { configurable: true, value: 300 },
    });
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    expect(calls().filter((call) => call.includes('/history'))).toEqual([]);
    scroller.scrollTop = 600;
    await act(async () => {
      fireEvent.scroll(scroller);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(calls().filter((call) => call.includes('/history'))).toEqual(['GET /api/stands/s1/history?last=p19']);
    expect(within(scroller).getAllByRole('listitem')).toHaveLength(21);
    expect(within(scroller).getAllByRole('listitem').at(-1)).toHaveTextContent('Bruno Petit left the stand');
    expect(within(scroller).queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
  });

  test('an unpublished profile: the message and the link to the own profile page instead of the content', async () => {
    await show(exhibitor({ hidden: true }), { owned_stands_users: { s1: [ANA] } });
    const panel = openPanel();
    expect(within(panel).getByRole('note')).toHaveTextContent('Your profile is not published');
    expect(within(panel).getByRole('link', { name: 'Publish my profile' })).toHaveAttribute('href', 'http://localhost/exposant/profil');
    expect(within(panel).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Ana Lopez')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'My activity' })).queryByRole('switch')).not.toBeInTheDocument();
  });

  test('French page: French labels, "il y a 2 min"', async () => {
    await show(withLocale(exhibitor(), 'fr_FR'), {
      histories: { s1: [historyItem('s1', 'enterOnStand', ANA, 0, { id: 'f1', now: at(14, 5) })] },
    });
    act(() => showSidebar({ name: 'activity-stream' }));
    const panel = screen.getByRole('complementary', { name: "Fil d'activité" });
    expect(within(panel).getByRole('switch', { name: 'Je suis disponible' })).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'Visiteurs sur Robots Acme (0)' })).toBeInTheDocument();
    expect(within(within(panel).getByRole('region', { name: 'Historique du stand' })).getByRole('listitem')).toHaveTextContent(
      '14h05 il y a 2 min Ana Lopez est entré(e) sur le stand',
      {
        normalizeWhitespace: true,
      },
    );
  });
});
