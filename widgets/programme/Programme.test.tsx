/** @jest-environment ./shared/test/jsdom-with-fetch.js */
import { afterEach, describe, expect, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showSidebar } from '@salon/shared';
import type { Slot } from '@salon/shared/contracts/meetings';
import type { ProgrammeData, Talk } from '@salon/shared/contracts/programme';
import { visitorPageData } from '@salon/shared/test/fixtures';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { cleanUpWidgets, showWidget } from '@salon/shared/test/widgets';
import { mount } from './mount';

let fetchStub: ReturnType<typeof installFetch> | undefined;
afterEach(() => cleanUpWidgets(fetchStub));

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

export const talk = (over: Partial<Talk> = {}): Talk => ({
  id: 't1',
  title_fr: 'L’IA au salon',
  title_en: 'AI at the fair',
  description_fr: '',
  description_en: '',
  speakers: ['Ada Lovelace'],
  start: minutes(-10),
  end: minutes(20),
  place: 'stream',
  stand_id: null,
  stand_name: null,
  stand_slug: null,
  video_url: 'https://video.example.org/talk',
  chat_url: null,
  live: true,
  in_agenda: false,
  ...over,
});

async function open(view: 'talks' | 'slots' | 'agenda', routes: Record<string, () => Response>, locale: 'en_EN' | 'fr_FR' = 'en_EN') {
  fetchStub = installFetch((request) => {
    const route = routes[`${request.method} ${new URL(request.url).pathname}`];
    return route ? route() : jsonResponse({ data: { error: true, message: 'unexpected' } }, { status: 500 });
  });
  const page = visitorPageData();
  await showWidget(mount, { ...page, locale: { ...page.locale, locale } });
  act(() =>
    showSidebar(
      view === 'slots'
        ? { name: 'programme', view, standId: 's1' }
        : view === 'agenda'
          ? { name: 'programme', view }
          : { name: 'programme' },
    ),
  );
  return screen.findByRole('complementary');
}

describe('the programme sidebar', () => {
  test('an empty programme says so', async () => {
    const panel = await open('talks', {
      'GET /api/programme': () => jsonResponse({ data: { talks: [], time_zone: 'Europe/Paris' } satisfies ProgrammeData }),
    });
    expect(await within(panel).findByText('No talk is scheduled yet.')).toBeInTheDocument();
  });

  test('a talk live now: the badge, its speakers, and adding it to My agenda', async () => {
    const panel = await open('talks', {
      'GET /api/programme': () => jsonResponse({ data: { talks: [talk()], time_zone: 'Pacific/Auckland' } }),
      'PUT /api/me/agenda/talks/t1': () => jsonResponse({ data: { talk: talk({ in_agenda: true }) } }),
    });
    expect(await within(panel).findByText('Live now')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'AI at the fair' })).toBeInTheDocument();
    expect(within(panel).getByText('Ada Lovelace')).toBeInTheDocument();
    // The salon's time zone differs from the visitor's: both are shown.
    expect(within(panel).getByText(/the salon's is Pacific\/Auckland/)).toBeInTheDocument();
    expect(within(panel).getByText(/salon time:/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Add to my agenda' }));
    expect(await within(panel).findByRole('button', { name: 'Remove from my agenda' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('My agenda: its talks, the iCalendar file, and where to ask for reminders by e-mail', async () => {
    const panel = await open('agenda', {
      'GET /api/me/agenda': () =>
        jsonResponse({ data: { items: [{ kind: 'talk', start: talk().start, talk: talk({ in_agenda: true }) }] } }),
    });
    expect(await within(panel).findByRole('heading', { name: 'AI at the fair' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Download my agenda (iCalendar)' })).toHaveAttribute('href', '/api/me/agenda.ics');
    expect(within(panel).getByRole('link', { name: 'Reminders by e-mail: in my profile' }).getAttribute('href')).toMatch(
      /\/profil#talk-reminders$/,
    );
  });

  test('a slot just taken by someone else: "Ce créneau vient d\'être réservé"', async () => {
    const slot: Slot = {
      id: 'sl1',
      stand_id: 's1',
      start: minutes(60),
      end: minutes(80),
      exhibitor: { id: 'u1', fullname: 'Chloé Martin' },
      free: true,
    };
    const panel = await open(
      'slots',
      {
        'GET /api/stands/s1/slots': () => jsonResponse({ data: { slots: [slot] } }),
        'POST /api/meetings': () => jsonResponse({ data: { error: true, message: "Ce créneau vient d'être réservé" } }, { status: 409 }),
      },
      'fr_FR',
    );
    await userEvent.click(await within(panel).findByRole('button', { name: /^Choisir / }));
    await userEvent.type(within(panel).getByLabelText('Votre message (facultatif)'), 'Bonjour');
    await userEvent.click(within(panel).getByRole('button', { name: 'Réserver ce créneau' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent("Ce créneau vient d'être réservé");
    const booking = fetchStub?.requests.find((r) => r.method === 'POST');
    expect(booking?.json).toEqual({ slot_id: 'sl1', message: 'Bonjour', consent: false });
  });
});
