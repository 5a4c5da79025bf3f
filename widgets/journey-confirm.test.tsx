/**
 * Two remotes on one page, each mounted through its own `mount` as the loader does: the journey asks, the modals
 * remote shows the confirm modal, and the visitor answers it there. A page's test, not a widget's: it lives beside
 * the widgets' folders, so neither widget imports the other.
 */
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $modal, activateLocale, closeModal, hideSidebar, setPageData, showSidebar, type PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { stand } from '@salon/shared/test/exhibitors';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { mountWidget } from '@salon/shared/test/widgets';
import { $journey } from '@salon/shared';
import { mount as mountJourney } from './journey/mount';
import { mount as mountModals } from './modals/mount';

const STANDS = { s2: stand('s2', 'Robotique Nordique', 'Nordic Robotics'), s4: stand('s4', 'Atelier Lumen', 'Lumen Studio') };
const JOURNEY = JSON.stringify({ vistingStand: null, standsToVisit: ['s2'], standsVisited: ['s4'] });

let widgets: Awaited<ReturnType<typeof mountWidget>>[] = [];
let fetchMock: ReturnType<typeof installFetch>;
const saved = () => fetchMock.requests.filter((r) => r.url.pathname === '/api/journey').map((r) => r.json);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function page(data: PageDataInput): Promise<HTMLElement> {
  setPageData({ ...data, user: { ...data.user, journey: JOURNEY } });
  await act(() => activateLocale(data.locale?.locale ?? 'en_EN'));
  widgets = [await mountWidget(mountJourney), await mountWidget(mountModals)];
  act(() => showSidebar({ name: 'journey' }));
  const panel = await screen.findByRole('complementary');
  await settle();
  return panel;
}

beforeEach(() => {
  fetchMock = installFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/stands') return jsonResponse({ data: { stands: STANDS } });
    return jsonResponse({ data: {} });
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const widget of widgets) widget.unmount();
  widgets = [];
  act(() => {
    hideSidebar();
    closeModal();
  });
  fetchMock.restore();
  jest.restoreAllMocks();
});

describe('emptying the journey (spec §2.6): the journey asks, the confirm modal answers', () => {
  test('Cancel keeps every stand; Confirm empties the list and saves it', async () => {
    const user = userEvent.setup();
    const panel = await page(visitorPageData());
    await user.click(within(panel).getByRole('button', { name: 'Empty the list' }));
    let dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(within(dialog).getByText('Remove every stand from your journey?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: '1 stand left to visit' })).toHaveTextContent('Nordic Robotics');
    expect(within(panel).getByRole('region', { name: 'Stands seen' })).toHaveTextContent('Lumen Studio');
    expect(saved()).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Empty the list' }));
    dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(panel).findByText('You have no stand in your list.')).toBeInTheDocument();
    expect(within(panel).queryByRole('region')).not.toBeInTheDocument();
    await settle();
    expect(saved().at(-1)).toEqual({ vistingStand: null, standsToVisit: [], standsVisited: [] });
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: [], standsVisited: [] });
    expect($modal.get()).toBeNull();
  });

  test('in French', async () => {
    const user = userEvent.setup();
    const panel = await page(withLocale(visitorPageData(), 'fr_FR'));
    await user.click(within(panel).getByRole('button', { name: 'Vider la liste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Retirer tous les stands de votre parcours ?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await within(panel).findByText("Vous n'avez aucun stand dans votre liste.")).toBeInTheDocument();
  });
});
