/**
 * The markup contract of a page that hosts Salon widgets. host-shell uses it for /salon; any other server
 * (the PHP/Symfony pages: see ../README.md for the Twig version) must produce the same three parts:
 *
 *   1. `<script type="application/json" id="salon-page-data">` with the PageData JSON, escaped by `serializeScriptJson`;
 *   2. one empty `<div data-salon-widget="NAME">` slot per widget to mount (`widgetsFor` decides which), with
 *      `data-salon-lazy` on the sidebars and modals nobody sees at first (`LAZY_WIDGETS`): the loader mounts those
 *      when the bus first opens them;
 *   3. `<script src="/spa/loader.js" defer>`, which reads /spa/widgets.json and mounts each remote in its slot.
 */
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@salon/shared/contracts/page-data';
import { html, raw, type SafeHtml } from '../lib/html';

export const WIDGET_NAMES = [
  'top-bar',
  'room',
  'toaster',
  'chat',
  'company-sheet',
  'contact-point',
  'modals',
  'journey',
  'programme',
  'activity-stream',
  'admin-imports',
  'stats',
  'exhibitor-profile',
  'meetings',
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

/**
 * Widgets of the back-office pages only (`/exposant`, `/exposant/profil`, `/organisateur`, `/admin/imports`), mounted
 * by their own pages (`salonMarkup`'s `widgets`), never on /salon.
 */
export const BACK_OFFICE_WIDGETS: readonly WidgetName[] = ['stats', 'admin-imports', 'exhibitor-profile', 'meetings'];

export const LOADER_SRC = '/spa/loader.js';

/**
 * Widgets that show nothing until opened, the chat among them: their slots are mounted when the bus first opens
 * them (a sidebar or a modal asked for), so a page where nobody opens them downloads none
 * of their code.
 */
export const LAZY_WIDGETS: readonly WidgetName[] = ['chat', 'company-sheet', 'contact-point', 'journey', 'programme', 'modals'];

/** The widgets /salon mounts for this user: journey only with the feature flag, activity stream only for exhibitors, no back-office widget. */
export function widgetsFor(data: Pick<PageData, 'features' | 'user'>): WidgetName[] {
  return WIDGET_NAMES.filter((name) => {
    if (BACK_OFFICE_WIDGETS.includes(name)) return false;
    if (name === 'journey') return data.features.journey === '1';
    if (name === 'activity-stream') return data.user.profile === 'exhibitor';
    return true;
  });
}

const JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that can sit inside a script element: no stored string can close it (`</script>`), open a comment
 * (`<!--`) or, for older parsers, end a line. The result is still valid JSON, equal to the input once parsed.
 */
export function serializeScriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c] ?? c);
}

export interface SalonMarkupOptions {
  widgets?: readonly WidgetName[];
  loaderSrc?: string;
  /**
   * What a slot shows until its widget mounts (React replaces it on the first render): optional, e.g. host-shell's
   * room placeholder, the page's first paint.
   */
  placeholders?: Partial<Record<WidgetName, SafeHtml>>;
}

/** The page-data element, the widget slots and the loader, to place inside `<body>`. */
export function salonMarkup(data: PageData, options: SalonMarkupOptions = {}): SafeHtml {
  const widgets = options.widgets ?? widgetsFor(data);
  const inside = (name: WidgetName) => options.placeholders?.[name] ?? '';
  return html`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${raw(serializeScriptJson(data))}</script>
${widgets.map((name) => (LAZY_WIDGETS.includes(name) ? html`<div data-salon-widget="${name}" data-salon-lazy></div>\n` : html`<div data-salon-widget="${name}">${inside(name)}</div>\n`))}<script src="${options.loaderSrc ?? LOADER_SRC}" defer></script>`;
}

/**
 * The `<head>` hints that start the first downloads while the loader itself arrives: the manifest, and, when this
 * server serves `/spa` itself (`manifest`, read from its `SPA_DIR`), the entries of the slots that mount at once
 * (not the lazy ones). `/spa` on another origin: the manifest's hint only, the loader finds the rest.
 */
export function preloadHints(manifest: Readonly<Record<string, unknown>> | null, widgets: readonly WidgetName[], spaUrl: string): SafeHtml {
  const entries = widgets.flatMap((name) => {
    const line = manifest?.[name];
    const entry = typeof line === 'string' ? line : line && typeof line === 'object' ? (line as { entry?: unknown }).entry : undefined;
    return !LAZY_WIDGETS.includes(name) && typeof entry === 'string' && /^[\w./-]+$/.test(entry) && !entry.includes('..')
      ? [`${spaUrl}/${entry}`]
      : [];
  });
  // `crossorigin` (anonymous: credentials on the same origin only) is what the loader's fetch of widgets.json matches.
  return html`<link rel="preload" href="${spaUrl}/widgets.json" as="fetch" crossorigin>
${entries.map((href) => html`<link rel="preload" href="${href}" as="script">\n`)}`;
}
