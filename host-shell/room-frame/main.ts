/**
 * The room frame's entry: reads the page's data, draws the viewer and the panel, connects to the host page and
 * moves to the first panorama. See README.md.
 */
import { FRAME_DATA_ELEMENT_ID, parseFrameData } from './data';
import type { HostCommand } from '@salon/shared/contracts/room-frame';
import { connectHost } from './host';
import { TEXTS } from './i18n';
import { PanoramaImages } from './images';
import { Salon, canonicalSlug } from './layout';
import { referralCode } from './offers';
import { Panel, isWideFrame } from './panel';
import { Room } from './room';
import { Ambience } from './sound';
import { FRAME_CSS } from './styles';
import { PanoramaView, type Hotspot } from './view';

/**
 * The frame's CSS as a constructed stylesheet (`document.adoptedStyleSheets`): the page's policy has no
 * `'unsafe-inline'`, which an injected `<style>` would need. A `<style>` where constructed stylesheets do not exist.
 */
function adoptStyles(css: string): void {
  if (Array.isArray(document.adoptedStyleSheets) && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}

/** A new task, so that the browser can paint and answer input between two pieces of the start. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * In two tasks: first the styles and the panel (what a keyboard or a screen reader uses), then the 360° viewer and
 * the room. One task for both blocked a phone's main thread for about 110 ms; the host's commands that come between
 * the two wait for the room.
 */
async function start(): Promise<void> {
  const root = document.getElementById('room-frame');
  const data = parseFrameData(document.getElementById(FRAME_DATA_ELEMENT_ID)?.textContent);
  if (!root || !data) {
    console.error('[room-frame] no page data');
    return;
  }
  adoptStyles(FRAME_CSS);

  const texts = TEXTS[data.lang];
  const salon = new Salon(data);
  const host = connectHost(window, data.hostOrigins);
  const sound = new Ambience(window);

  const viewerElement = document.createElement('div');
  viewerElement.className = 'rf-viewer';
  viewerElement.tabIndex = 0;
  viewerElement.setAttribute('role', 'application');
  viewerElement.setAttribute('aria-label', texts.viewerLabel);
  root.append(viewerElement);

  let room: Room | null = null;
  const panel = new Panel(
    root,
    texts,
    {
      enterStand: (id) => void room?.enterStand(id),
      goTo: (slug) => void room?.goTo(slug),
      action: (action) => room?.runAction(action),
      toggleSound: () => sound.setMuted(!sound.state.muted),
      quizAnswer: (choice) => room?.answerQuiz(choice),
      quizAgain: () => room?.startQuiz(),
      quizQuit: () => room?.closeQuiz(),
    },
    isWideFrame(root.clientWidth),
  );
  panel.setSound(sound.state);
  sound.onChange((state) => {
    panel.setSound(state);
    host.send('checkSound', state);
  });
  // The control that last had the focus in the frame: a sidebar or modal it opened gives it back on closing.
  let focused: HTMLElement | null = null;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && event.target !== document.body) focused = event.target;
  });
  const early: HostCommand[] = [];
  // What the host page lays over the frame's bottom-left corner: the panel ends above it and the bar's buttons start
  // right of it (styles.ts, through two custom properties), the view hides the hotspots under it (`setCovered`).
  let corner: [number, number] = [0, 0];
  let coverChanged = (): void => undefined;
  host.listen((command) => {
    if (command.name === 'setCoveredCorner') {
      const size = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(value, 10_000)) : 0);
      corner = [size(command.payload.width), size(command.payload.height)];
      root.style.setProperty('--rf-corner-width', `${corner[0]}px`);
      root.style.setProperty('--rf-corner-height', `${corner[1]}px`);
      coverChanged();
    } else if (command.name === 'returnFocus') {
      // Only while the host's focus is still on the frame (a modal that opened meanwhile keeps it).
      if (!document.hasFocus()) return;
      focused?.focus();
      if (!focused || document.activeElement !== focused) panel.focus();
    } else if (room) room.handleCommand(command);
    else early.push(command);
  });
  host.send('checkSound', sound.state);

  await nextTask();

  const onHotspot = (hotspot: Hotspot) => room?.activate(hotspot);
  let view: PanoramaView | null = null;
  try {
    view = new PanoramaView(viewerElement, texts, onHotspot);
  } catch (error) {
    // No WebGL: no panorama, but the panel still moves between places and talks to the host.
    console.error('[room-frame] the 360° viewer could not start', error);
  }
  // On a wide frame the open panel covers the view's left: the view looks at the middle of the part left free. What
  // the host lays over the bottom-left corner hides the hotspots under it.
  const panelBox = root.querySelector<HTMLElement>('.rf-panel');
  if (view && panelBox) {
    const shown = view;
    const cover = () => {
      const open = isWideFrame(root.clientWidth) && !panelBox.classList.contains('rf-panel--collapsed');
      const [box, frame] = [panelBox.getBoundingClientRect(), root.getBoundingClientRect()];
      shown.setCovered(open ? box.right - frame.left : 0, open ? box.bottom - frame.top : 0, corner);
    };
    const observer = new ResizeObserver(cover);
    observer.observe(panelBox);
    observer.observe(root);
    coverChanged = cover;
    cover();
  }
  const current = new Room(
    salon,
    host,
    new PanoramaImages(
      data.images,
      () => root.clientWidth,
      (urls) => view?.fetchAhead(urls),
    ),
    { view, panel, root },
    texts,
    sound,
    { codeApporteur: referralCode(location.search) },
  );
  room = current;
  // The host page's address may name the place to start on (`?panorama=`, spec §2.1); an unknown one is the frame's own.
  const asked = canonicalSlug(new URLSearchParams(location.search).get('panorama') ?? '');
  const initial = [asked, data.initialPanorama].find((slug) => salon.place(slug)) ?? 'home';
  void current.goTo(initial);
  for (const command of early.splice(0)) current.handleCommand(command);
}

void start();
