import { msg } from '@lingui/core/macro';
import { say } from '../i18n';
import type { PageData } from '@salon/shared/contracts/page-data';
import { html, httpUrl, raw } from '../lib/html';
import { pick } from '../lib/locale';
import { preloadHints, salonMarkup, widgetsFor } from '../salon-page/markup';
import { pageStart } from './layout';

/**
 * The page's only layout: the top bar, then the room filling the rest of the window. The other widgets draw
 * overlays (toasts, sidebars, modals) and take no room in the flow.
 */
export const SALON_PAGE_STYLE =
  'html,body{margin:0;height:100%;overflow:hidden;font-family:system-ui,sans-serif}' +
  'body{display:flex;flex-direction:column}' +
  '[data-salon-widget="room"]{flex:1;min-height:0;position:relative;z-index:0;display:flex;flex-direction:column}' +
  // The top bar's menus open over the room and over an open sidebar (z-index 20, which starts under the bar), under the
  // cookie banner (30) and a modal (40); its height is kept before it mounts, so the room does not move down then.
  '[data-salon-widget="top-bar"]{position:relative;z-index:25;min-height:3.25rem}' +
  // What the room's slot shows until the room widget mounts: the salon's name and what it offers, at once.
  '.salon-room-placeholder{flex:1;display:flex;flex-direction:column;justify-content:center;align-items:center;gap:.75rem;padding:1.5rem;text-align:center;background:#eef1f6;color:#1f2a3d}' +
  '.salon-room-placeholder p{margin:0;max-width:36rem}' +
  '.salon-room-placeholder__name{font-size:1.5rem;font-weight:600}' +
  '.salon-room-placeholder__about{font-size:1.125rem;line-height:1.5}' +
  '.salon-room-placeholder__wait{font-size:.875rem;color:#4a5568}';

/**
 * The /salon document: a full-screen host page with no chrome of its own, the widgets draw everything. The room's
 * slot holds the salon's name and description until the room widget replaces them (the page's first content,
 * without waiting for any script); `manifest` (the deployed widgets.json, when this server serves `/spa`) adds the
 * preload hints of the first widgets' entries.
 */
export function salonDocument(data: PageData, spaUrl = '/spa', manifest: Readonly<Record<string, unknown>> | null = null): string {
  const locale = data.locale.locale;
  const p = data.parameters;
  const title = pick(locale, p.room_name, p.room_name_en);
  const description = pick(locale, p.social_description, p.social_description_en);
  // Social networks need an absolute image address; the parameter may be relative to this server.
  const image = p.social_image ? httpUrl(new URL(p.social_image, data.room_url).toString()) : null;
  const placeholder = html`<div class="salon-room-placeholder">
<p class="salon-room-placeholder__name">${title}</p>
${description ? html`<p class="salon-room-placeholder__about">${description}</p>` : ''}
<p class="salon-room-placeholder__wait">${say(locale, msg`The room is loading…`)}</p>
</div>`;
  return html`${pageStart(locale)}
<title>${title}</title>
<meta name="description" content="${description}">
<meta property="og:title" content="${pick(locale, p.social_title, p.social_title_en)}">
<meta property="og:description" content="${description}">
${image ? html`<meta property="og:image" content="${image}">` : ''}
<style>${raw(SALON_PAGE_STYLE)}</style>
${preloadHints(manifest, widgetsFor(data), spaUrl)}
</head>
<body>
<noscript><p>${say(locale, msg`The virtual fair needs JavaScript.`)}</p></noscript>
${salonMarkup(data, { loaderSrc: `${spaUrl}/loader.js`, placeholders: { room: placeholder } })}
</body>
</html>
`.value;
}
