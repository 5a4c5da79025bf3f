import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $modal, activateLocale, closeModal, hideSidebar, setPageData, showSidebar, type PageDataInput } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { animator, roomUser } from '@salon/shared/test/exhibitors';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { sseBody } from '@salon/shared/test/sse';
import { mountWidget } from '@salon/shared/test/widgets';
import type { Animator } from '@salon/shared/exhibitors';
import { applyLiveActivity } from '@salon/shared/room';
import { mount } from './mount';

const ALICE = animator('alice1', 'Alice', 'Durand');
const BASILE = animator('basile1', 'Basile', 'Roux');
const CHLOE = animator('chloe1', 'Chloé', 'Lemoine', { availability: false });

let widget: Awaited<ReturnType<typeof mountWidget>> | undefined;
let fetchMock: ReturnType<typeof installFetch>;
let animators: Animator[] | 'fail';
/** When set, the animators' answer is made at once (what the server had) but given only when it resolves. */
let answerHeld: Promise<void> | null = null;

const calls = () => fetchMock.requests.filter((r) => !r.url.pathname.startsWith('/api/sse/')).map((r) => `${r.method} ${r.url.pathname}`);
const cardNames = (group: HTMLElement) =>
  within(group)
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

async function openContactPoint(people: Animator[] | 'fail', page: PageDataInput = visitorPageData()) {
  animators = people;
  setPageData(page);
  await act(() => activateLocale(page.locale?.locale ?? 'en_EN'));
  widget = await mountWidget(mount);
  act(() => showSidebar({ name: 'contact-point', standId: 's1' }));
  const panel = await screen.findByRole('complementary');
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return panel;
}

function group(panel: HTMLElement, name: RegExp) {
  const toggle = within(panel).getByRole('button', { name });
  return { toggle, list: document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement };
}

beforeEach(() => {
  fetchMock = installFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/sse/')) return sseBody().response();
    if (pathname === '/api/stands/s1/animators') {
      const answer =
        animators === 'fail'
          ? new Response('', { status: 503, statusText: 'Service Unavailable' })
          : jsonResponse({ data: { visited_stand_animators: animators } });
      return answerHeld ? answerHeld.then(() => answer) : answer;
    }
    return jsonResponse({ data: {} });
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  answerHeld = null;
  widget?.unmount();
  widget = undefined;
  fetchMock.restore();
  act(() => {
    hideSidebar();
    closeModal();
  });
  jest.restoreAllMocks();
});

describe('the contact point (spec §2.8)', () => {
  test('opened by showStandUcp: GET the stand animators; titled "Exhibitors" as the frame’s button that opens it', async () => {
    const panel = await openContactPoint([ALICE, CHLOE]);
    expect(panel).toHaveAccessibleName('Exhibitors');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Exhibitors' })).toBeInTheDocument();
    expect(calls()).toEqual(['GET /api/stands/s1/animators']);
  });

  test('available and unavailable groups with their counts, both open when both have people', async () => {
    const panel = await openContactPoint([ALICE, BASILE, CHLOE]);
    const available = group(panel, /^Available exhibitors/);
    const unavailable = group(panel, /^Unavailable exhibitors/);
    expect(available.toggle).toHaveAccessibleName('Available exhibitors (2)');
    expect(unavailable.toggle).toHaveAccessibleName('Unavailable exhibitors (1)');
    expect(available.toggle).toHaveAttribute('aria-expanded', 'true');
    expect(unavailable.toggle).toHaveAttribute('aria-expanded', 'true');
    expect(cardNames(available.list)).toEqual(['Alice Durand', 'Basile Roux']);
    expect(cardNames(unavailable.list)).toEqual(['Chloé Lemoine']);
  });

  test('the groups collapse and open again', async () => {
    const panel = await openContactPoint([ALICE, CHLOE]);
    const available = group(panel, /^Available exhibitors/);
    await userEvent.click(available.toggle);
    expect(available.toggle).toHaveAttribute('aria-expanded', 'false');
    expect(available.list).not.toBeVisible();
    await userEvent.click(available.toggle);
    expect(available.list).toBeVisible();
  });

  test('nobody unavailable: that group is closed; nobody available: the available group is still open', async () => {
    let panel = await openContactPoint([ALICE]);
    expect(group(panel, /^Unavailable exhibitors/).toggle).toHaveAttribute('aria-expanded', 'false');
    expect(group(panel, /^Unavailable exhibitors/).toggle).toHaveAccessibleName('Unavailable exhibitors (0)');
    widget?.unmount();
    act(() => hideSidebar());
    panel = await openContactPoint([CHLOE]);
    const available = group(panel, /^Available exhibitors/);
    expect(available.toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(available.list).getByText('Nobody is available right now.')).toBeInTheDocument();
    expect(group(panel, /^Unavailable exhibitors/).toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('someone shown: the contact-differently prompt and the contact-request button (modal with the stand)', async () => {
    const panel = await openContactPoint([ALICE]);
    expect(within(panel).getByText('Would you rather be contacted differently?')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Ask to be contacted' }));
    expect($modal.get()).toEqual({ name: 'stand-contact-request', standId: 's1' });
  });

  test('nobody to show (none, or only hidden ones): the no-exhibitors message and the button, no groups, no prompt', async () => {
    const panel = await openContactPoint([{ ...ALICE, hidden: true }]);
    expect(within(panel).getByText('No exhibitor of this stand can be contacted here at the moment.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /exhibitors \(/ })).not.toBeInTheDocument();
    expect(within(panel).queryByText('Would you rather be contacted differently?')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Ask to be contacted' })).toBeInTheDocument();
  });

  test('availability follows the live activity (visited_stand_animators)', async () => {
    const panel = await openContactPoint([ALICE, BASILE]);
    const live = {
      visited_stand_animators: {
        s1: [
          roomUser('alice1', 'Alice Durand', { profile: 'exhibitor', availability: false }),
          roomUser('basile1', 'Basile Roux', { availability: true }),
        ],
      },
    };
    // What a liveActivity event does (the stream itself is tested in shared/live).
    act(() => applyLiveActivity(live));
    expect(cardNames(group(panel, /^Available exhibitors/).list)).toEqual(['Basile Roux']);
    expect(cardNames(group(panel, /^Unavailable exhibitors/).list)).toEqual(['Alice Durand']);
  });

  test('an exhibitor edits their card (the live activity carries it): the animators are loaded again, quietly, and the card follows', async () => {
    const panel = await openContactPoint([ALICE]);
    const card = () => within(group(panel, /^Available exhibitors/).list).getByRole('article');
    const menuItems = async () => {
      await userEvent.click(within(card()).getByRole('button', { name: 'More ways to contact Alice Durand' }));
      const items = within(card())
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      await userEvent.keyboard('{Escape}');
      return items;
    };
    expect(await menuItems()).toEqual(['Email', 'Phone', 'LinkedIn']);
    const published = { profile: 'exhibitor', availability: true, mobile: '+33 6 12 34 56 78', fields_param: {} };
    act(() => applyLiveActivity({ visited_stand_animators: { s1: [roomUser('alice1', 'Alice Durand', published)] } }));
    // Availability or activity alone changes no card: nothing is loaded again.
    act(() =>
      applyLiveActivity({
        visited_stand_animators: {
          s1: [roomUser('alice1', 'Alice Durand', { ...published, last_activity_at: new Date(Date.now() + 1000).toISOString() })],
        },
      }),
    );
    expect(calls()).toEqual(['GET /api/stands/s1/animators']);

    animators = [{ ...ALICE, mobile: null, fields_param: { contact_email: '0', mobile: '1', linkedin: '0' } }];
    act(() =>
      applyLiveActivity({
        visited_stand_animators: {
          s1: [roomUser('alice1', 'Alice Durand', { ...published, mobile: null, fields_param: { mobile: '1' } })],
        },
      }),
    );
    await waitFor(() => expect(calls()).toEqual(['GET /api/stands/s1/animators', 'GET /api/stands/s1/animators']));
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
    await waitFor(async () => expect(await menuItems()).toEqual(['Email', 'LinkedIn']));
  });

  test('a card edited while the animators are on their way: they are loaded again once answered', async () => {
    let answer = () => undefined as void;
    answerHeld = new Promise<void>((resolve) => (answer = resolve));
    const published = { profile: 'exhibitor', availability: true, mobile: '+33 6 12 34 56 78', fields_param: {} };
    const panel = await openContactPoint([ALICE]);
    expect(within(panel).getByRole('status')).toBeInTheDocument();
    // While the first answer (Alice with her phone) is on its way, the live activity gives her card, then its edit.
    act(() => applyLiveActivity({ visited_stand_animators: { s1: [roomUser('alice1', 'Alice Durand', published)] } }));
    act(() =>
      applyLiveActivity({
        visited_stand_animators: { s1: [roomUser('alice1', 'Alice Durand', { ...published, fullname: 'Alice Martin' })] },
      }),
    );
    animators = [{ ...ALICE, lastname: 'Martin' }];
    answerHeld = null;
    await act(async () => answer());
    await waitFor(() => expect(calls()).toEqual(['GET /api/stands/s1/animators', 'GET /api/stands/s1/animators']));
    await waitFor(() => expect(cardNames(group(panel, /^Available exhibitors/).list)).toEqual(['Alice Martin']));
  });

  test('French page', async () => {
    const panel = await openContactPoint([ALICE, CHLOE], withLocale(visitorPageData(), 'fr_FR'));
    expect(within(panel).getByRole('heading', { level: 2, name: 'Exposants' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Exposants disponibles (1)' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Exposants indisponibles (1)' })).toBeInTheDocument();
    expect(within(panel).getByText('Vous préférez être contacté autrement ?')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Demander à être recontacté' })).toBeInTheDocument();
  });

  test('the exhibitors cannot be loaded: an alert and a retry', async () => {
    const panel = await openContactPoint('fail');
    expect(within(panel).getByRole('alert')).toHaveTextContent('The exhibitors of this stand could not be loaded.');
    animators = [ALICE];
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('button', { name: 'Available exhibitors (1)' })).toBeInTheDocument();
  });
});
