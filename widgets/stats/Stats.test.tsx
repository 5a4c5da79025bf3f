import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PageDataInput } from '@salon/shared';
import { anonymousActive, exhibitorPageData, promoterPageData, visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { sseBody } from '@salon/shared/test/sse';
import { cleanUpWidgets, type MountedWidget, showWidget } from '@salon/shared/test/widgets';
import type { AttendanceData, StandAnalyticsData } from '@salon/shared/contracts/analytics';
import type { UsersActivesData } from '@salon/shared/contracts/backoffice';
import { mount } from './mount';
import { resetStats } from './store';

/** uPlot draws on a canvas, which jsdom has not: a stand-in records what each chart was given. */
const mockPlots: { series: { label?: string }[]; data: number[][]; destroyed: boolean }[] = [];
jest.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    record: (typeof mockPlots)[number];
    constructor(options: { series: { label?: string }[] }, data: number[][], target: HTMLElement) {
      this.record = { series: options.series, data, destroyed: false };
      mockPlots.push(this.record);
      target.append(Object.assign(target.ownerDocument.createElement('canvas'), { className: 'fake-uplot' }));
    }
    setSize() {}
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { __esModule: true, default: FakePlot };
});

let widget: MountedWidget | undefined;
let fetchMock: ReturnType<typeof installFetch>;
let answer: (request: Request) => Response | Promise<Response>;
const HOUR = '2026-11-25T14:00:00.000Z';
const NEXT = '2026-11-25T15:00:00.000Z';

const NO_MEETINGS = { booked: 0, held: 0, cancelled: 0 };

function figures(over: Partial<StandAnalyticsData> = {}): StandAnalyticsData {
  return {
    stand: { id: 's1', name: 'Helios Solaire', name_en: 'Helios Solar' },
    hours: [
      { hour: HOUR, visits: 3, unique_visitors: 2, chats: 1, leads: 1 },
      { hour: NEXT, visits: 0, unique_visitors: 0, chats: 0, leads: 0 },
    ],
    totals: { visits: 3, unique_visitors: 2, chats: 1, leads: 1, meetings: NO_MEETINGS },
    generated_at: NEXT,
    ...over,
  };
}
const EMPTY = figures({
  hours: [{ hour: NEXT, visits: 0, unique_visitors: 0, chats: 0, leads: 0 }],
  totals: { visits: 0, unique_visitors: 0, chats: 0, leads: 0, meetings: NO_MEETINGS },
});

async function show(page: PageDataInput) {
  widget = await showWidget(mount, page);
}

beforeEach(() => {
  mockPlots.length = 0;
  resetStats();
  answer = () => jsonResponse({ data: figures() });
  fetchMock = installFetch((request) => answer(request));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => cleanUpWidgets(fetchMock));

describe("the exhibitor's stands in figures", () => {
  test('loads each owned stand, says the figures in words, draws the chart and offers the CSV', async () => {
    let release: () => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse({ data: figures() }))));
    await show(exhibitorPageData());
    expect(screen.getByRole('status')).toHaveTextContent('Loading the figures…');
    act(() => release());
    const stand = await screen.findByRole('region', { name: 'Helios Solar' });
    expect(fetchMock.requests.map((r) => `${r.url.pathname}${r.url.search}`)).toEqual(['/api/analytics?stand_id=s1']);
    expect(within(stand).getByText('3 visits · 2 unique visitors · 1 chat started · 1 lead')).toBeInTheDocument();
    await waitFor(() => expect(mockPlots).toHaveLength(1));
    expect(mockPlots[0]?.series.map((s) => s.label)).toEqual(['Hour', 'Visits', 'Unique visitors', 'Chats started', 'Leads']);
    expect(mockPlots[0]?.data).toEqual([
      [Date.parse(HOUR) / 1000, Date.parse(NEXT) / 1000],
      [3, 0],
      [2, 0],
      [1, 0],
      [1, 0],
    ]);
    // The table lists the hours with activity.
    const table = within(stand).getByRole('table', { name: 'Hours with activity at Helios Solar' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '2', '1', '1']);
    expect(within(stand).getByRole('link', { name: 'Download the figures (CSV)' })).toHaveAttribute(
      'href',
      '/api/analytics.csv?stand_id=s1',
    );
  });

  test('Refresh asks the server again and shows the new figures', async () => {
    await show(exhibitorPageData());
    await screen.findByText('3 visits · 2 unique visitors · 1 chat started · 1 lead');
    answer = () =>
      jsonResponse({ data: figures({ totals: { visits: 4, unique_visitors: 3, chats: 1, leads: 1, meetings: NO_MEETINGS } }) });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('4 visits · 3 unique visitors · 1 chat started · 1 lead')).toBeInTheDocument();
    expect(fetchMock.requests).toHaveLength(2);
  });

  test('no visit yet: the figures at zero, no chart', async () => {
    answer = () => jsonResponse({ data: EMPTY });
    await show(exhibitorPageData());
    expect(await screen.findByText('0 visits · 0 unique visitors · 0 chats started · 0 leads')).toBeInTheDocument();
    expect(screen.getByText('No visit yet. The chart appears with the first visit.')).toBeInTheDocument();
    expect(mockPlots).toHaveLength(0);
    expect(screen.queryByText(/meetings? booked/)).not.toBeInTheDocument();
  });

  test('the meetings booked in its slots, held and cancelled, once there is one (in both languages)', async () => {
    answer = () => jsonResponse({ data: figures({ totals: { ...figures().totals, meetings: { booked: 3, held: 1, cancelled: 1 } } }) });
    await show(exhibitorPageData());
    expect(await screen.findByText('3 meetings booked · 1 held · 1 cancelled')).toBeInTheDocument();
    widget?.unmount();
    await show(withLocale(exhibitorPageData(), 'fr_FR'));
    expect(await screen.findByText('3 rendez-vous réservés · 1 tenu · 1 annulé')).toBeInTheDocument();
  });

  test('an error, then Try again', async () => {
    answer = () => jsonResponse({ data: { error: true, message: 'boom' } }, { status: 500 });
    await show(exhibitorPageData());
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures could not be loaded.');
    answer = () => jsonResponse({ data: figures() });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 visits · 2 unique visitors · 1 chat started · 1 lead')).toBeInTheDocument();
  });

  test('in French', async () => {
    await show(withLocale(exhibitorPageData(), 'fr_FR'));
    const stand = await screen.findByRole('region', { name: 'Helios Solaire' });
    expect(within(stand).getByText('3 visites · 2 visiteurs uniques · 1 discussion ouverte · 1 contact')).toBeInTheDocument();
    expect(within(stand).getByRole('link', { name: 'Télécharger les chiffres (CSV)' })).toBeInTheDocument();
  });

  test('a visitor gets nothing', async () => {
    await show(visitorPageData());
    expect(widget?.element).toBeEmptyDOMElement();
    expect(fetchMock.requests).toHaveLength(0);
  });
});

describe("the organisers' dashboard", () => {
  // The live list's store closes its stream 1 s after its last listener: each test starts with a new one.
  afterEach(async () => {
    widget?.unmount();
    widget = undefined;
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });
  const actives = (over: Partial<UsersActivesData> = {}): UsersActivesData => ({
    count: 2,
    period: 900,
    users: [
      {
        id_user: 'u1',
        obfuscated_id: 'u1',
        profile: 'visitor',
        fullname: 'Zoé',
        pseudo: null,
        company: null,
        last_activity_at: NEXT,
        city: 'Lyon',
      },
      {
        id_user: 'u2',
        obfuscated_id: 'u2',
        profile: 'exhibitor',
        fullname: 'Jean Dupont',
        pseudo: null,
        company: { name: 'Helios' },
        last_activity_at: HOUR,
        hidden: true,
        city: null,
      },
    ],
    ...over,
  });
  const day = (people: number): AttendanceData => ({
    hours: Array.from({ length: 24 }, (_, i) => ({
      hour: new Date(Date.parse(NEXT) - (23 - i) * 3_600_000).toISOString(),
      people: i === 23 ? people : 0,
      visits: i === 23 ? people * 2 : 0,
    })),
    generated_at: NEXT,
  });

  test('who is here now, live, and the attendance chart', async () => {
    const sse = sseBody();
    answer = (request) => (new URL(request.url).pathname === '/api/sse/users/actives' ? sse.response() : jsonResponse({ data: day(3) }));
    await show(promoterPageData());
    const room = screen.getByRole('region', { name: 'In the room now' });
    expect(within(room).getByRole('status')).toHaveTextContent('Connecting…');
    act(() => sse.push(`event: usersActives\ndata: ${JSON.stringify(actives())}\n\n`));
    expect(await within(room).findByText('2 people active')).toBeInTheDocument();
    const people = within(room).getByRole('list', { name: 'People in the room' });
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ZoéVisitor', 'Jean DupontExhibitor · Helios · hidden profile']);
    // Someone leaves: the next event replaces the list.
    act(() => sse.push(`event: usersActives\ndata: ${JSON.stringify(actives({ count: 1, users: actives().users.slice(0, 1) }))}\n\n`));
    expect(await within(room).findByText('1 person active')).toBeInTheDocument();

    const attendance = screen.getByRole('region', { name: 'Attendance over the day' });
    expect(await within(attendance).findByText(/6 stand visits in 24 hours · busiest hour: .* \(3 people\)/)).toBeInTheDocument();
    await waitFor(() => expect(mockPlots).toHaveLength(1));
    expect(mockPlots[0]?.data[1]?.at(-1)).toBe(3);
    expect(within(attendance).getByRole('link', { name: 'Download the figures (CSV)' })).toHaveAttribute(
      'href',
      '/api/analytics/attendance.csv',
    );
  });

  test('two people of one pseudo are told apart by their published name and their city', async () => {
    const sse = sseBody();
    answer = (request) => (new URL(request.url).pathname === '/api/sse/users/actives' ? sse.response() : jsonResponse({ data: day(2) }));
    await show(promoterPageData());
    const visitor = { profile: 'visitor', company: null, last_activity_at: NEXT } as const;
    const users = [
      { ...visitor, id_user: 'u1', obfuscated_id: 'u1', fullname: 'Thomas Petit', pseudo: 'tpetit', city: 'Nantes' },
      { ...visitor, id_user: 'u2', obfuscated_id: 'u2', fullname: '', pseudo: 'tpetit', city: 'Lille' },
      { ...visitor, id_user: 'u3', obfuscated_id: 'u3', fullname: 'Zoé', pseudo: null, city: 'Lyon' },
    ];
    act(() => sse.push(`event: usersActives\ndata: ${JSON.stringify(actives({ count: 3, users }))}\n\n`));
    const people = await screen.findByRole('list', { name: 'People in the room' });
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['tpetitVisitor · Thomas Petit · Nantes', 'tpetitVisitor · Lille', 'ZoéVisitor']);
  });

  test('anonymous visitors, whom no name tells apart, are counted on one line, as the stand’s visitors are (English, French)', async () => {
    const anonymous = (id: string) => anonymousActive(id, NEXT);
    const [zoe, jean] = actives().users;
    const users = [anonymous('a1'), zoe!, anonymous('a2'), jean!, anonymous('a3')];
    for (const [locale, people, line] of [
      ['en_EN', '5 people active', '3 anonymous visitors'],
      ['fr_FR', '5 personnes actives', '3 visiteurs anonymes'],
    ] as const) {
      const sse = sseBody();
      answer = (request) => (new URL(request.url).pathname === '/api/sse/users/actives' ? sse.response() : jsonResponse({ data: day(5) }));
      await show(withLocale(promoterPageData(), locale));
      act(() => sse.push(`event: usersActives\ndata: ${JSON.stringify(actives({ count: 5, users }))}\n\n`));
      expect(await screen.findByText(people)).toBeInTheDocument();
      const list = screen.getByRole('list', { name: locale === 'fr_FR' ? 'Personnes dans le salon' : 'People in the room' });
      const rows = within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      // The named people as before, then one line for the three anonymous visitors (no "Visitor" rows).
      expect(rows).toHaveLength(3);
      expect(rows[2]).toBe(line);
      expect(rows[0]).toMatch(/^Zoé/);
      expect(rows[1]).toMatch(/^Jean Dupont/);
      // One of them leaves: the line follows.
      act(() => sse.push(`event: usersActives\ndata: ${JSON.stringify(actives({ count: 4, users: users.slice(0, 4) }))}\n\n`));
      expect(await within(list).findByText(locale === 'fr_FR' ? '2 visiteurs anonymes' : '2 anonymous visitors')).toBeInTheDocument();
      widget?.unmount();
      widget = undefined;
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
  });

  test('an empty day and an empty room, in French', async () => {
    const sse = sseBody();
    answer = (request) => (new URL(request.url).pathname === '/api/sse/users/actives' ? sse.response() : jsonResponse({ data: day(0) }));
    await show(withLocale(promoterPageData(), 'fr_FR'));
    act(() => sse.push(`event: usersActives\ndata: ${JSON.stringify(actives({ count: 0, users: [] }))}\n\n`));
    expect(await screen.findByText('Personne dans le salon en ce moment.')).toBeInTheDocument();
    expect(screen.getByText('0 personne active')).toBeInTheDocument();
    expect(await screen.findByText('Personne n’est venu ces dernières 24 heures.')).toBeInTheDocument();
    expect(mockPlots).toHaveLength(0);
  });
});
