/**
 * The 360° viewer: Photo Sphere Viewer with its markers plugin. It shows a panorama image with its hotspots and
 * reports which hotspot was clicked; what a hotspot does is the room's business (room.ts).
 */
import { Viewer } from '@photo-sphere-viewer/core';
import { MarkersPlugin, type MarkerConfig } from '@photo-sphere-viewer/markers-plugin';
import type { Texts } from './i18n';
import type { Anchor, FrameAction } from './layout';

export type Hotspot = { type: 'stand'; standId: string } | { type: 'place'; slug: string } | { type: 'action'; action: FrameAction };

export interface HotspotSpec {
  hotspot: Hotspot;
  label: string;
  yaw: number;
  pitch: number;
  anchor: Anchor;
}

export interface Position {
  yaw: number;
  pitch: number;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const ICONS: Record<string, string> = {
  stand: '<path d="M4 20V9l8-5 8 5v11h-5v-6H9v6z"/>',
  place: '<path d="M13 5l7 7-7 7v-4H4V9h9z"/>',
  contact: '<path d="M3 6h18v12H3zm2 2v.5l7 4.5 7-4.5V8l-7 4.5z"/>',
  offer: '<path d="M3 3h8l10 10-8 8L3 11zm4.5 2.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4z"/>',
  contest: '<path d="M7 3h10v2h3v3a4 4 0 0 1-4.2 4A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.2 12 4 4 0 0 1 4 8V5h3zm-1 4v1a2 2 0 0 0 1 1.7V7zm12 0v2.7A2 2 0 0 0 18 8V7z"/>',
  exhibitors: '<circle cx="12" cy="8" r="4"/><path d="M4 20c0-4 4-6 8-6s8 2 8 6z"/>',
  companySheet: '<path d="M6 3h9l4 4v14H6zm3 7v2h7v-2zm0 4v2h7v-2z"/>',
  journey: '<path d="M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.5 6.7 19.4l1.2-6L3.4 9.3l6-.7z"/>',
  share: '<circle cx="6" cy="12" r="3"/><circle cx="18" cy="6" r="3"/><circle cx="18" cy="18" r="3"/><path d="M8 11l8-4v2l-8 4zm0 2l8 4v-2l-8-4z"/>',
};

const iconOf = (hotspot: Hotspot): string => (hotspot.type === 'action' ? hotspot.action : hotspot.type);

export const markerId = (hotspot: Hotspot): string =>
  hotspot.type === 'stand' ? `stand-${hotspot.standId}` : hotspot.type === 'place' ? `place-${hotspot.slug}` : `action-${hotspot.action}`;

function markerOf(spec: HotspotSpec): MarkerConfig {
  const icon = iconOf(spec.hotspot);
  return {
    id: markerId(spec.hotspot),
    position: { yaw: spec.yaw, pitch: spec.pitch },
    // The list of the panel is the accessible way to the same actions: the hotspots are for the pointer.
    html: `<span class="rf-spot rf-spot--${spec.hotspot.type}${spec.anchor === 'center right' ? ' rf-spot--reverse' : ''}" aria-hidden="true"><span class="rf-spot__icon"><svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor">${ICONS[icon] ?? ''}</svg></span><span class="rf-spot__label">${escapeHtml(spec.label)}</span></span>`,
    anchor: spec.anchor,
    className: `rf-marker rf-marker--${spec.hotspot.type}`,
    data: spec.hotspot,
  };
}

export class PanoramaView {
  private readonly viewer: Viewer;
  private readonly markers: MarkersPlugin;
  private first = true;

  constructor(container: HTMLElement, texts: Texts, onHotspot: (hotspot: Hotspot) => void) {
    this.viewer = new Viewer({
      container,
      navbar: ['zoom', 'move', 'caption'],
      lang: texts.psv,
      loadingTxt: texts.psv.loading,
      defaultZoomLvl: 20,
      minFov: 30,
      maxFov: 100,
      // Arrow keys turn the view only while the viewer has the focus (see below), not while using the panel.
      keyboard: 'always',
      mousewheelCtrlKey: false,
      touchmoveTwoFingers: false,
      canvasBackground: '#121826',
      defaultTransition: { speed: 700, rotation: false, effect: 'fade' },
      plugins: [[MarkersPlugin, { defaultHoverScale: { amount: 1.08, duration: 120 } }]],
    });
    this.markers = this.viewer.getPlugin<MarkersPlugin>(MarkersPlugin);
    this.markers.addEventListener('select-marker', ({ marker }) => {
      const hotspot = marker.data as Hotspot | undefined;
      if (hotspot) onHotspot(hotspot);
    });
    this.viewer.stopKeyboardControl();
    // The viewer turns keyboard control on again when its first panorama is ready: arrow keys in the panel (the
    // quiz's radio buttons) would turn the view.
    this.viewer.addEventListener('ready', () => {
      if (!container.contains(document.activeElement)) this.viewer.stopKeyboardControl();
    });
    container.addEventListener('focusin', () => this.viewer.startKeyboardControl());
    container.addEventListener('focusout', () => this.viewer.stopKeyboardControl());
  }

  /** Leaving a panorama: its hotspots go (they must not be clicked while the next one is drawn), the loader shows. */
  beginLoading(): void {
    this.markers.clearMarkers();
    this.viewer.loader.show();
    this.viewer.loader.showUndefined();
  }

  /** Shows a panorama image looking at `position`, then its hotspots. False when a later call replaced it. */
  async show(url: string, caption: string, position: Position, hotspots: HotspotSpec[]): Promise<boolean> {
    const shown = await this.viewer.setPanorama(url, {
      caption,
      position,
      zoom: 20,
      showLoader: true,
      transition: this.first ? false : undefined,
    });
    if (!shown) return false;
    this.first = false;
    this.markers.setMarkers(hotspots.map(markerOf));
    return true;
  }
}
