import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  $modal,
  activateLocale,
  closeModal,
  hideSidebar,
  i18n,
  setPageData,
  showSidebar,
  type Modal,
  type PageDataInput,
} from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { stand } from '@salon/shared/test/exhibitors';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { mountWidget } from '@salon/shared/test/widgets';
import { $journey } from '@salon/shared';
import type { Journey } from '@salon/shared/contracts/journey';
import { emitBusEvent, registerFramePort } from '@salon/shared/room';
import { envelope } from '@salon/shared/contracts/room-frame';
import { mount } from './mount';

const STANDS = {
  s1: stand('s1', 'Helios Solaire', 'Helios Solar'),
  s2: stand('s2', 'Robotique Nordique', 'Nordic Robotics'),
  s3: stand('s3', 'Verdi Mobilité', 'Verdi Mobility'),
  s4: stand('s4', 'Atelier Lumen', 'Lumen Studio'),
};

let widget: Awaited<ReturnType<typeof mountWidget>> | undefined;
let fetchMock: ReturnType<typeof installFetch>;
let unregisterFrame: () => void = () => undefined;

const saved = () => fetchMock.requests.filter((r) => r.url.pathname === '/api/journey').map((r) => r.json);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function withJourney(journey: Partial<Journey> | null, data: PageDataInput = visitorPageData()): PageDataInput {
  return {
    ...data,
    user: {
      ...data.user,
      journey: journey ? JSON.stringify({ vistingStand: null, standsToVisit: [], standsVisited: [], ...journey }) : null,
    },
  };
}

async function openJourney(journey: Partial<Journey> | null, data: PageDataInput = visitorPageData()) {
  const page = withJourney(journey, data);
  setPageData(page);
  await act(() => activateLocale(page.locale?.locale ?? 'en_EN'));
  widget = await mountWidget(mount);
  act(() => showSidebar({ name: 'journey' }));
  const panel = await screen.findByRole('complementary');
  await settle();
  return panel;
}

function frame() {
  const postMessage = jest.fn();
  unregisterFrame = registerFramePort({ window: () => ({ postMessage }) as unknown as Window, origin: 'http://localhost' });
  return postMessage;
}

const region = (panel: HTMLElement, name: string | RegExp) => within(panel).getByRole('region', { name });
/** The list shows these stands, in this order (one item each). */
function expectStands(list: HTMLElement, names: string[]): void {
  const items = within(list).queryAllByRole('listitem');
  expect(items).toHaveLength(names.length);
  names.forEach((name, i) => expect(within(items[i]!).getByText(name)).toBeInTheDocument());
}

beforeEach(() => {
  fetchMock = installFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/stands') return jsonResponse({ data: { stands: STANDS } });
    if (pathname === '/api/journey') return jsonResponse({ data: { journey: {} } });
    return jsonResponse({ data: {} });
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  widget?.unmount();
  widget = undefined;
  unregisterFrame();
  unregisterFrame = () => undefined;
  act(() => {
    hideSidebar();
    closeModal();
  });
  fetchMock.restore();
  jest.restoreAllMocks();
});

describe('the journey sidebar (spec §2.6)', () => {
  test('shows only while the sidebar slot holds it; titled "My personal journey"', async () => {
    setPageData(withJourney(null));
    widget = await mountWidget(mount);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    act(() => showSidebar({ name: 'journey' }));
    const panel = await screen.findByRole('complementary');
    expect(panel).toHaveAccessibleName('My personal journey');
    expect(within(panel).getByRole('heading', { level: 2, name: 'My personal journey' })).toBeInTheDocument();
    await user().click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  test('empty: the message and a link to the map (the plan panorama)', async () => {
    const postMessage = frame();
    const panel = await openJourney(null);
    expect(within(panel).getByText('You have no stand in your list.')).toBeInTheDocument();
    expect(within(panel).queryByRole('region')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Empty the list' })).not.toBeInTheDocument();
    await user().click(within(panel).getByRole('button', { name: 'See the map' }));
    expect(postMessage).toHaveBeenCalledWith(envelope('goToPanorama', { slug: 'plan' }), 'http://localhost');
  });

  test('the stand in progress, the stands left to visit (counted) and the stands seen, named in English', async () => {
    const panel = await openJourney({ vistingStand: 's1', standsToVisit: ['s2', 's3'], standsVisited: ['s4'] });
    expectStands(region(panel, 'Stand in progress'), ['Helios Solar']);
    expectStands(region(panel, '2 stands left to visit'), ['Nordic Robotics', 'Verdi Mobility']);
    expectStands(region(panel, 'Stands seen'), ['Lumen Studio']);
    expect(within(panel).queryByText('Well done! You have visited all the stands.')).not.toBeInTheDocument();
    // The stand in progress can only be removed (the visitor is on it).
    const inProgress = region(panel, 'Stand in progress');
    expect(within(inProgress).getAllByRole('button')).toEqual([
      within(inProgress).getByRole('button', { name: 'Remove Helios Solar from the journey' }),
    ]);
  });

  test('the count follows the plural: one stand, none left while a stand is in progress', async () => {
    const panel = await openJourney({ standsToVisit: ['s2'] });
    expectStands(region(panel, '1 stand left to visit'), ['Nordic Robotics']);
    act(() => emitBusEvent('journey:visiting', { standId: 's2' }));
    expect(region(panel, 'No stand left to visit')).toBeInTheDocument();
    expectStands(region(panel, 'Stand in progress'), ['Nordic Robotics']);
  });

  test('go to stand moves the room frame to the stand panorama', async () => {
    const postMessage = frame();
    const panel = await openJourney({ standsToVisit: ['s2'], standsVisited: ['s4'] });
    await user().click(within(panel).getByRole('button', { name: 'Go to Nordic Robotics' }));
    await user().click(within(panel).getByRole('button', { name: 'Go to Lumen Studio' }));
    expect(postMessage.mock.calls).toEqual([
      [envelope('goToPanorama', { slug: 'stand-s2' }), 'http://localhost'],
      [envelope('goToPanorama', { slug: 'stand-s4' }), 'http://localhost'],
    ]);
  });

  test('delete from each list: the list changes at once and the journey is saved', async () => {
    const panel = await openJourney({ vistingStand: 's1', standsToVisit: ['s2', 's3'], standsVisited: ['s4'] });
    await user().click(within(panel).getByRole('button', { name: 'Remove Verdi Mobility from the journey' }));
    expectStands(region(panel, '1 stand left to visit'), ['Nordic Robotics']);
    await user().click(within(panel).getByRole('button', { name: 'Remove Lumen Studio from the journey' }));
    expect(within(panel).queryByRole('region', { name: 'Stands seen' })).not.toBeInTheDocument();
    await user().click(within(panel).getByRole('button', { name: 'Remove Helios Solar from the journey' }));
    expect(within(panel).queryByRole('region', { name: 'Stand in progress' })).not.toBeInTheDocument();
    await settle();
    expect(saved().at(-1)).toEqual({ vistingStand: null, standsToVisit: ['s2'], standsVisited: [] });
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: ['s2'], standsVisited: [] });
  });

  test('emptying the list asks for confirmation first (the confirm modal, with its question), then empties it', async () => {
    // The confirm modal itself, shown by the modals remote, is clicked through in ../journey-confirm.test.tsx.
    const panel = await openJourney({ vistingStand: 's1', standsToVisit: ['s2'], standsVisited: ['s4'] });
    await user().click(within(panel).getByRole('button', { name: 'Empty the list' }));
    const modal = $modal.get() as Extract<Modal, { name: 'confirm' }> | null;
    expect(modal?.name).toBe('confirm');
    expect(typeof modal?.message === 'string' ? modal.message : i18n._(modal!.message)).toBe('Remove every stand from your journey?');
    // Nothing changes until confirmed.
    expectStands(region(panel, '1 stand left to visit'), ['Nordic Robotics']);
    act(() => modal!.onConfirm());
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: [], standsVisited: [] });
    expect(await within(panel).findByText('You have no stand in your list.')).toBeInTheDocument();
  });

  test('all done: the congratulation, the stands seen, no count left', async () => {
    const panel = await openJourney({ standsVisited: ['s3', 's4'] });
    expect(within(panel).getByText('Well done! You have visited all the stands.')).toBeInTheDocument();
    expectStands(region(panel, 'Stands seen'), ['Verdi Mobility', 'Lumen Studio']);
    expect(within(panel).queryByRole('region', { name: /left to visit/ })).not.toBeInTheDocument();
  });

  test('follows the journey live: a stand added from the room shows at once', async () => {
    const panel = await openJourney({ standsToVisit: ['s2'] });
    await act(async () => {
      emitBusEvent('journey:add', { standId: 's3' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expectStands(region(panel, '2 stands left to visit'), ['Nordic Robotics', 'Verdi Mobility']);
  });

  test('a stand the salon no longer has: "Unknown stand", which can be removed but not visited', async () => {
    const panel = await openJourney({ standsToVisit: ['gone1'] });
    const list = region(panel, '1 stand left to visit');
    expectStands(list, ['Unknown stand']);
    expect(within(list).queryByRole('button', { name: /^Go to/ })).not.toBeInTheDocument();
    await user().click(within(list).getByRole('button', { name: 'Remove Unknown stand from the journey' }));
    expect(within(panel).getByText('You have no stand in your list.')).toBeInTheDocument();
  });
});

describe('in French', () => {
  const french = withLocale(visitorPageData(), 'fr_FR');

  test('title, sections, plural and French stand names', async () => {
    const panel = await openJourney({ vistingStand: 's1', standsToVisit: ['s2', 's3'], standsVisited: ['s4'] }, french);
    expect(panel).toHaveAccessibleName('Mon parcours personnalisé');
    expectStands(region(panel, 'Stand en cours de visite'), ['Helios Solaire']);
    expectStands(region(panel, '2 stands restants à visiter'), ['Robotique Nordique', 'Verdi Mobilité']);
    expectStands(region(panel, 'Stands vus'), ['Atelier Lumen']);
    expect(within(panel).getByRole('button', { name: 'Vider la liste' })).toBeInTheDocument();
  });

  test('one stand left', async () => {
    const panel = await openJourney({ standsToVisit: ['s2'] }, french);
    expect(region(panel, '1 stand restant à visiter')).toBeInTheDocument();
  });

  test('the empty and all-done messages, exactly as the spec gives them', async () => {
    const panel = await openJourney(null, french);
    expect(within(panel).getByText("Vous n'avez aucun stand dans votre liste.")).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Voir le plan' })).toBeInTheDocument();
    act(() => setPageData(withJourney({ standsVisited: ['s4'] }, french)));
    expect(await within(panel).findByText('Bravo ! Vous avez visité tous les stands.')).toBeInTheDocument();
  });
});

function user() {
  return userEvent.setup();
}
