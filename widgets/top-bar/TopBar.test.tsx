import { afterEach, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  $modal,
  $sidebar,
  $toasts,
  clearToasts,
  closeModal,
  hideSidebar,
  i18n,
  applyLiveSettings,
  type PageDataInput,
} from '@salon/shared';
import { anonymousPageData, exhibitorPageData, PAGE_DATA, visitorPageData, withJourney, withLocale } from '@salon/shared/test/fixtures';
import { panoramaShown, registerFramePort, setSoundState } from '@salon/shared/room';
import { envelope } from '@salon/shared/contracts/room-frame';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { fakeMatchMedia, type MountedWidget, showWidget, toastTexts } from '@salon/shared/test/widgets';
import { mount } from './mount';
import { barBackground, clampStyleValue } from './store';

/** A controllable `(max-width: 750px)`: installed before the first mount, so the viewport store follows it. */
const media = fakeMatchMedia();
const requestFullscreen = jest.fn(() => Promise.resolve());
beforeAll(() => {
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
  document.documentElement.requestFullscreen = requestFullscreen;
});
const setMobile = media.set;

let widget: MountedWidget | undefined;
let fetchMock: ReturnType<typeof installFetch> | undefined;

async function showTopBar(data: PageDataInput) {
  widget = await showWidget(mount, data);
  return screen.getByRole('navigation', { name: data.locale?.locale === 'fr_FR' ? 'Menu principal' : 'Main menu' });
}

beforeEach(() => {
  document.documentElement.lang = '';
  // jsdom cannot capture the screen: the menu says so in the console once per page.
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  widget?.unmount();
  fetchMock?.restore();
  fetchMock = undefined;
  setMobile(false);
  act(() => {
    clearToasts();
    hideSidebar();
    closeModal();
    setSoundState({ muted: false, available: false });
  });
});

async function openMenu(nav: HTMLElement) {
  await userEvent.setup().click(within(nav).getByRole('button', { name: 'More' }));
  return screen.getByRole('menu', { name: 'More' });
}

/** The menu's items in order, whatever their menuitem role. */
const menuItems = (menu: HTMLElement) => Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemcheckbox"]'));
const names = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

describe('top bar items by profile (spec §2.3, §6)', () => {
  test('visitor: logo, Home, Journey, Map, Conferences, Feedback, Chat, sound, language, Profile, More; no Activity', async () => {
    const nav = await showTopBar(visitorPageData());
    expect(within(nav).getByRole('link', { name: 'Innovation Fair' })).toHaveAttribute('href', 'http://localhost/salon');
    const buttons = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(buttons).toEqual(
      [
        'Home',
        'Journey',
        'Map',
        'Conferences',
        'Feedback',
        'Chat',
        'Mute the sound',
        'Language: English',
        'English',
        'Français',
        'More',
      ].filter((name) => !['English', 'Français'].includes(name)),
    );
    expect(within(nav).queryByRole('button', { name: 'Activity' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', 'http://localhost/profil');
    expect(within(nav).queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
  });

  test.each([
    ['exhibitor', 'http://localhost/exposant', true],
    ['promoter', 'http://localhost/organisateur', false],
    ['administrator', 'http://localhost/admin', false],
  ] as const)('%s: My account to their own area, no Profile; Activity only for the exhibitor', async (profile, href, activity) => {
    const nav = await showTopBar(PAGE_DATA[profile]());
    expect(within(nav).getByRole('link', { name: 'My account' })).toHaveAttribute('href', href);
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Activity' }) !== null).toBe(activity);
    const menu = await openMenu(nav);
    expect(within(menu).getByRole('menuitem', { name: 'Leave the room' })).toHaveAttribute('href', 'http://localhost/deconnexion');
  });

  test('a bar mounted again shows its menus closed', async () => {
    const nav = await showTopBar(visitorPageData());
    await openMenu(nav);
    widget?.unmount();
    const again = await showTopBar(visitorPageData());
    expect(screen.queryByRole('menu', { name: 'More' })).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the overflow menu: share, fullscreen (when available), today’s news, contact the organizer, legal notice, privacy policy, cookie policy, leave the room', async () => {
    const nav = await showTopBar(visitorPageData());
    const menu = await openMenu(nav);
    expect(names(menuItems(menu))).toEqual([
      'Share on social media',
      'Fullscreen',
      'Today’s news',
      'Contact the organizer',
      'Legal notice (opens in a new tab)',
      'Privacy policy (opens in a new tab)',
      'Cookie policy (opens in a new tab)',
      'Leave the room',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Legal notice (opens in a new tab)' })).toHaveAttribute(
      'href',
      'http://localhost/mentions-legales',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Privacy policy (opens in a new tab)' })).toHaveAttribute(
      'href',
      'http://localhost/politique-de-confidentialite',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Cookie policy (opens in a new tab)' })).toHaveAttribute(
      'href',
      'http://localhost/cookies',
    );
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Fullscreen' })).toHaveAttribute('aria-checked', 'false');
  });

  test('anonymous: Log in and Create an account, back to the same panorama; no Leave the room, no Profile', async () => {
    const nav = await showTopBar(anonymousPageData());
    expect(within(nav).getByRole('button', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/connexion?retour=%2Fsalon');
    // The frame shows a stand: both links follow it.
    act(() => panoramaShown('stand-nordic-robotics'));
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/connexion?retour=%2Fsalon%2Fstand-nordic-robotics');
    const menu = await openMenu(nav);
    expect(within(menu).getByRole('menuitem', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/connexion?retour=%2Fsalon%2Fstand-nordic-robotics#register-title',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Leave the room' })).not.toBeInTheDocument();
    act(() => panoramaShown('home'));
  });

  test('anonymous on a phone, in French: Se connecter and Créer un compte are in the menu', async () => {
    setMobile(true);
    const nav = await showTopBar(withLocale(anonymousPageData(), 'fr_FR'));
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Plus' }));
    const menu = screen.getByRole('menu', { name: 'Plus' });
    expect(within(menu).getByRole('menuitem', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/connexion\?retour=/),
    );
    expect(within(menu).getByRole('menuitem', { name: 'Créer un compte' })).toHaveAttribute(
      'href',
      expect.stringMatching(/#register-title$/),
    );
  });

  test('a visitor without a profile page gets no Profile link but can leave', async () => {
    const data = visitorPageData();
    const nav = await showTopBar({ ...data, user: { ...data.user, profileRoute: null } });
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    const menu = await openMenu(nav);
    expect(within(menu).getByRole('menuitem', { name: 'Leave the room' })).toBeInTheDocument();
  });
});

describe('journey (spec §2.3: only with the feature flag, badge = stands still to visit)', () => {
  test('flag off: no Journey button', async () => {
    const nav = await showTopBar(withJourney(visitorPageData(), '{"standsToVisit":["a"]}', '0'));
    expect(within(nav).queryByRole('button', { name: /Journey/ })).not.toBeInTheDocument();
  });

  test('the badge counts the stands still to visit; the button toggles the journey sidebar', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(
      withJourney(visitorPageData(), '{"vistingStand":"x","standsToVisit":["a","b","c"],"standsVisited":["d"]}'),
    );
    const journey = within(nav).getByRole('button', { name: 'Journey (3 stands to visit)' });
    expect(within(journey).getByText('3')).toBeInTheDocument();
    expect(journey).toHaveAttribute('aria-expanded', 'false');
    await user.click(journey);
    expect($sidebar.get()).toEqual({ name: 'journey' });
    expect(journey).toHaveAttribute('aria-expanded', 'true');
    await user.click(journey);
    expect($sidebar.get()).toBeNull();
  });

  test('one stand, in French; nothing left: no badge', async () => {
    let nav = await showTopBar(withLocale(withJourney(visitorPageData(), '{"standsToVisit":["a"]}'), 'fr_FR'));
    expect(within(nav).getByRole('button', { name: 'Mon parcours (1 stand à visiter)' })).toBeInTheDocument();
    widget?.unmount();
    nav = await showTopBar(withJourney(visitorPageData(), '{"standsToVisit":[],"standsVisited":["a"]}'));
    expect(within(nav).getByRole('button', { name: 'Journey' })).toBeInTheDocument();
  });
});

describe('actions', () => {
  function frame() {
    const postMessage = jest.fn();
    const unregister = registerFramePort({ window: () => ({ postMessage }) as unknown as Window, origin: 'http://localhost' });
    return { postMessage, unregister };
  }

  test('Home, Map and Conferences move the room frame to home, plan and conference', async () => {
    const user = userEvent.setup();
    const { postMessage, unregister } = frame();
    const nav = await showTopBar(visitorPageData());
    await user.click(within(nav).getByRole('button', { name: 'Home' }));
    await user.click(within(nav).getByRole('button', { name: 'Map' }));
    expect(within(nav).getByRole('button', { name: 'Map' })).toHaveAttribute('aria-current', 'location');
    await user.click(within(nav).getByRole('button', { name: 'Conferences' }));
    expect(postMessage.mock.calls).toEqual([
      [envelope('goToPanorama', { slug: 'home' }), 'http://localhost'],
      [envelope('goToPanorama', { slug: 'plan' }), 'http://localhost'],
      [envelope('goToPanorama', { slug: 'conference' }), 'http://localhost'],
    ]);
    unregister();
  });

  test('Map without a room frame: "Map access is not available, try again later."', async () => {
    const nav = await showTopBar(visitorPageData());
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Map' }));
    expect(toastTexts()).toEqual(['Map access is not available, try again later.']);
  });

  test('Feedback opens the opinion modal; Activity toggles the activity stream; Share opens the share modal', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(exhibitorPageData());
    await user.click(within(nav).getByRole('button', { name: 'Feedback' }));
    expect($modal.get()).toEqual({ name: 'feedback' });
    const activity = within(nav).getByRole('button', { name: 'Activity' });
    await user.click(activity);
    expect($sidebar.get()).toEqual({ name: 'activity-stream' });
    expect(activity).toHaveAttribute('aria-expanded', 'true');
    const menu = await openMenu(nav);
    await user.click(within(menu).getByRole('menuitem', { name: 'Share on social media' }));
    expect($modal.get()).toEqual({ name: 'social-share' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(within(await openMenu(nav)).getByRole('menuitem', { name: 'Today’s news' }));
    expect($modal.get()).toEqual({ name: 'todays-news' });
  });

  test('Screen capture: in the menu only where the browser can capture (else hidden, with a console message); Contact the organizer opens its modal', async () => {
    const user = userEvent.setup();
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    // The message is written once per page: forget that an earlier test wrote it.
    Reflect.deleteProperty(globalThis, Symbol.for('salon.page@1/screen-capture-unsupported'));
    let nav = await showTopBar(visitorPageData());
    let menu = await openMenu(nav);
    expect(within(menu).queryByRole('menuitem', { name: 'Screen capture' })).not.toBeInTheDocument();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('Screen capture is not supported'));
    await user.click(within(menu).getByRole('menuitem', { name: 'Contact the organizer' }));
    expect($modal.get()).toEqual({ name: 'contact-organizer' });
    act(() => closeModal());
    widget?.unmount();

    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getDisplayMedia: jest.fn() } });
    try {
      nav = await showTopBar(visitorPageData());
      menu = await openMenu(nav);
      expect(names(menuItems(menu)).slice(0, 2)).toEqual(['Share on social media', 'Screen capture']);
      await user.click(within(menu).getByRole('menuitem', { name: 'Screen capture' }));
      expect($modal.get()).toEqual({ name: 'screen-capture' });
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
      info.mockRestore();
    }
  });

  test('Chat toggles the chat sidebar', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    const chat = within(nav).getByRole('button', { name: 'Chat' });
    await user.click(chat);
    expect($sidebar.get()).toEqual({ name: 'chat' });
    expect(chat).toHaveAttribute('aria-expanded', 'true');
    await user.click(chat);
    expect($sidebar.get()).toBeNull();
  });

  test("sound: the label says what pressing does, sends setSound and follows the frame's checkSound", async () => {
    const user = userEvent.setup();
    const { postMessage, unregister } = frame();
    const nav = await showTopBar(visitorPageData());
    act(() => setSoundState({ muted: false, available: true }));
    await user.click(within(nav).getByRole('button', { name: 'Mute the sound' }));
    expect(postMessage).toHaveBeenCalledWith(envelope('setSound', { muted: true }), 'http://localhost');
    const unmute = within(nav).getByRole('button', { name: 'Turn the sound on' });
    expect(unmute).not.toHaveAttribute('aria-pressed');
    expect(within(nav).queryByRole('button', { name: 'Mute the sound' })).toBeNull();
    await user.click(unmute);
    expect(postMessage).toHaveBeenLastCalledWith(envelope('setSound', { muted: false }), 'http://localhost');
    act(() => setSoundState({ muted: true, available: true }));
    expect(within(nav).getByRole('button', { name: 'Turn the sound on' })).toBeInTheDocument();
    act(() => setSoundState({ muted: false, available: true }));
    expect(within(nav).getByRole('button', { name: 'Mute the sound' })).toBeInTheDocument();
    unregister();
  });

  test('sound without a frame: "Sound manipulation not available"', async () => {
    const nav = await showTopBar(visitorPageData());
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Mute the sound' }));
    expect(toastTexts()).toEqual(['Sound manipulation not available']);
  });

  test('fullscreen asks the browser for fullscreen', async () => {
    const nav = await showTopBar(visitorPageData());
    const menu = await openMenu(nav);
    await userEvent.setup().click(within(menu).getByRole('menuitemcheckbox', { name: 'Fullscreen' }));
    expect(requestFullscreen).toHaveBeenCalled();
  });
});

describe('overflow menu keyboard (WAI-ARIA menu button)', () => {
  test('Enter opens on the first item; arrows move and wrap; Home/End; Escape closes and refocuses the button', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    const more = within(nav).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    const items = menuItems(menu);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[items.length - 1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[items.length - 1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  test('ArrowUp on the button opens on the last item; Tab and a click elsewhere close it', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    const more = within(nav).getByRole('button', { name: 'More' });
    more.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Leave the room' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(more);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  test('Space on the button opens it; activating an item closes it', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    within(nav).getByRole('button', { name: 'More' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('menuitem', { name: 'Share on social media' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect($modal.get()).toEqual({ name: 'social-share' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('mobile (max-width 750 px)', () => {
  test('icons only; Conferences, Activity, Feedback and the account move to the overflow menu', async () => {
    const nav = await showTopBar(exhibitorPageData());
    setMobile(true);
    expect(nav).toHaveClass('salon-top-bar--compact');
    for (const name of ['Home', 'Journey', 'Map', 'Chat', 'Mute the sound', 'More']) {
      expect(within(nav).getByRole('button', { name })).toHaveAttribute('title', name);
    }
    expect(within(nav).queryByRole('button', { name: 'Conferences' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Feedback' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
    const menu = await openMenu(nav);
    expect(names(menuItems(menu)).slice(0, 5)).toEqual(['Conferences', 'Activity', 'Feedback', 'My account', 'Share on social media']);
    setMobile(false);
    expect(within(nav).getByRole('button', { name: 'Conferences' })).toBeInTheDocument();
  });
});
describe('fitting the width (the bar measures its items; the lowest priority moves into the menu first)', () => {
  /** A stand-in layout: the bar `bar.width` px wide, every item 100 px, the salon's name `bar.name` px. */
  const bar = { width: 2000, name: 200 };
  const observers: (() => void)[] = [];
  const resize = () => act(() => observers.forEach((callback) => callback()));

  beforeEach(() => {
    observers.length = 0;
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      constructor(private readonly callback: () => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    };
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'NAV' ? bar.width : 0;
    });
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const width = this.dataset.measure === 'name' ? bar.name : this.dataset.measureKey ? 100 : 0;
      return { width, height: 20, top: 0, left: 0, right: width, bottom: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
  });
  afterEach(() => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  });

  test('in French, an exhibitor’s bar that narrows sends Votre avis, then Conférences, then Mon compte into Plus, in the bar’s order; wider, they come back', async () => {
    bar.width = 2000;
    const nav = await showTopBar(withLocale(exhibitorPageData(), 'fr_FR'));
    const inBar = () =>
      within(nav)
        .queryAllByRole('button')
        .map((button) => button.getAttribute('title'));
    expect(inBar()).toEqual(expect.arrayContaining(['Votre avis', 'Conférences', 'Activité']));
    expect(within(nav).getByRole('link', { name: 'Mon compte' })).toBeInTheDocument();

    // 11 items of 100 px (language and Plus included), the name 200 px: one item short, then two, then three.
    bar.width = 1250;
    resize();
    expect(inBar()).not.toContain('Votre avis');
    expect(inBar()).toContain('Conférences');
    bar.width = 1150;
    resize();
    expect(inBar()).not.toContain('Conférences');
    expect(within(nav).getByRole('link', { name: 'Mon compte' })).toBeInTheDocument();
    bar.width = 1050;
    resize();
    expect(within(nav).queryByRole('link', { name: 'Mon compte' })).not.toBeInTheDocument();
    expect(inBar()).toEqual(
      expect.arrayContaining(['Accueil', 'Mon parcours', 'Plan', 'Activité', 'Chat', 'Couper le son', 'Langue : Français', 'Plus']),
    );
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Plus' }));
    const menu = screen.getByRole('menu', { name: 'Plus' });
    expect(names(menuItems(menu)).slice(0, 4)).toEqual(['Conférences', 'Votre avis', 'Mon compte', 'Partager sur les réseaux sociaux']);
    await userEvent.setup().click(within(menu).getByRole('menuitem', { name: 'Votre avis' }));
    expect($modal.get()).toMatchObject({ name: 'feedback' });

    bar.width = 2000;
    resize();
    expect(inBar()).toEqual(expect.arrayContaining(['Votre avis', 'Conférences']));
    expect(within(nav).getByRole('link', { name: 'Mon compte' })).toBeInTheDocument();
  });

  test('on a phone the name is cut before the room’s buttons move', async () => {
    bar.width = 800;
    bar.name = 900;
    const nav = await showTopBar(exhibitorPageData());
    setMobile(true);
    resize();
    for (const name of ['Home', 'Journey', 'Map', 'Chat', 'Mute the sound', 'More'])
      expect(within(nav).getByRole('button', { name })).toBeInTheDocument();
    bar.name = 200;
  });

  test('the name is cut only when nothing is left to move; the hidden copy it measures is not read or focusable', async () => {
    bar.width = 600;
    bar.name = 900;
    const nav = await showTopBar(exhibitorPageData());
    resize();
    expect(
      within(nav)
        .queryAllByRole('button')
        .map((button) => button.getAttribute('title')),
    ).toEqual(['Language: English', 'More']);
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
    const copy = nav.querySelector('[aria-hidden="true"]');
    expect(copy?.querySelector('button, a, [tabindex]')).toBeNull();
    bar.name = 200;
  });
});

describe('language', () => {
  test('monolingual: no language switcher', async () => {
    const nav = await showTopBar(withLocale(visitorPageData(), 'en_EN', false));
    expect(within(nav).queryByRole('button', { name: /Language/ })).not.toBeInTheDocument();
  });

  test('French page: French labels and the French room name', async () => {
    const nav = await showTopBar(withLocale(exhibitorPageData(), 'fr_FR'));
    expect(within(nav).getByText('Salon de l’innovation')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Accueil' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Mon compte' })).toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Plus' }));
    expect(screen.getByRole('menuitem', { name: 'Quitter le salon' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Langue : Français' })).toBeInTheDocument();
  });

  test('switching to French calls PUT /api/locale and re-renders in French without a reload', async () => {
    fetchMock = installFetch(() => jsonResponse({ data: { locale: 'fr_FR' } }));
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    const toggle = within(nav).getByRole('button', { name: 'Language: English' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(nav).getByRole('button', { name: 'Français' }));

    const french = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(french).getByRole('button', { name: 'Accueil' })).toBeInTheDocument();
    expect(within(french).getByRole('link', { name: 'Profil' })).toBeInTheDocument();
    expect(within(french).getByText('Salon de l’innovation')).toBeInTheDocument();
    expect(within(french).getByRole('button', { name: 'Langue : Français' })).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock.requests).toHaveLength(1);
    expect(fetchMock.requests[0]).toMatchObject({ method: 'PUT', json: { lang: 'fr_FR' } });
    expect(fetchMock.requests[0]?.url.pathname).toBe('/api/locale');
  });

  test('a failing switch keeps English and shows the "Language Switch unavailable." toast', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock = installFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    await user.click(within(nav).getByRole('button', { name: 'Language: English' }));
    await user.click(within(nav).getByRole('button', { name: 'Français' }));

    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(nav).getByRole('button', { name: 'Home' })).toBeInTheDocument();
    const toasts = $toasts.get();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.kind).toBe('error');
    const message = toasts[0]!.message;
    expect(typeof message === 'string' ? message : i18n._(message)).toBe('Language Switch unavailable.');
    errors.mockRestore();
  });

  test('Escape closes the language list and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    const toggle = within(nav).getByRole('button', { name: 'Language: English' });
    await user.click(toggle);
    expect(within(nav).getByRole('button', { name: 'Français' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('button', { name: 'Français' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  test('a click elsewhere or tabbing away closes the language list', async () => {
    const user = userEvent.setup();
    const nav = await showTopBar(visitorPageData());
    const toggle = within(nav).getByRole('button', { name: 'Language: English' });
    await user.click(toggle);
    await user.click(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await user.tab();
    expect(within(nav).getByRole('button', { name: 'English' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('background', () => {
  test('opacity and blur come from the sidebar style, clamped to 0–100', () => {
    expect(clampStyleValue(-5, 100)).toBe(0);
    expect(clampStyleValue(250, 0)).toBe(100);
    expect(clampStyleValue(42, 0)).toBe(42);
    expect(clampStyleValue('60', 0)).toBe(60);
    expect(clampStyleValue('abc', 100)).toBe(100);
    expect(barBackground({ opacity: 150, blur: -3 })).toEqual({ backgroundColor: 'rgba(255, 255, 255, 1)', backdropFilter: 'blur(0px)' });
    expect(barBackground({ opacity: 85, blur: 6 })).toEqual({ backgroundColor: 'rgba(255, 255, 255, 0.85)', backdropFilter: 'blur(6px)' });
  });

  test('the bar uses them', async () => {
    const data = visitorPageData();
    const nav = await showTopBar({ ...data, parameters: { ...data.parameters, styles: { sidebar: { opacity: -20, blur: 250 } } } });
    expect(nav.style.backgroundColor).toBe('rgba(255, 255, 255, 0)');
    expect(nav.style.backdropFilter).toBe('blur(100px)');
  });
});

describe('settings changed by an administrator (the live activity’s liveSettings)', () => {
  test('the fair name, the style and the journey button follow at once; the tab’s title too', async () => {
    const data = visitorPageData();
    document.title = 'Innovation Fair – Salon';
    const nav = await showTopBar({ ...data, user: { ...data.user, journey: '{"standsToVisit":["a"]}' }, features: { journey: '1' } });
    expect(within(nav).getByRole('button', { name: /^Journey/ })).toBeInTheDocument();
    act(() =>
      applyLiveSettings({
        parameters: { ...data.parameters, room_name_en: 'Winter Fair', styles: { sidebar: { opacity: 40, blur: 3 } } },
        features: { journey: '0' },
      }),
    );
    expect(within(nav).getByRole('link', { name: 'Winter Fair' })).toBeInTheDocument();
    expect(document.title).toBe('Winter Fair – Salon');
    expect(nav.style.backgroundColor).toBe('rgba(255, 255, 255, 0.4)');
    expect(within(nav).queryByRole('button', { name: /^Journey/ })).not.toBeInTheDocument();
  });
});
