/** What the server's pages carry for the scripts: the page data element and the widget slots. */
import type { PageData } from '@salon/shared/contracts/page-data';

export function pageDataOf(html: string): PageData {
  const match = /<script type="application\/json" id="salon-page-data">([^]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no page data element');
  return JSON.parse(match[1]) as PageData;
}

export function widgetSlotsOf(html: string): string[] {
  // A slot may hold what it shows until its widget mounts (the room's placeholder).
  return [...html.matchAll(/<div data-salon-widget="([^"]+)"( data-salon-lazy)?>/g)].map((m) => m[1] ?? '');
}

/** The slots marked lazy (mounted when the bus first opens them). */
export function lazySlotsOf(html: string): string[] {
  return [...html.matchAll(/<div data-salon-widget="([^"]+)" data-salon-lazy><\/div>/g)].map((m) => m[1] ?? '');
}
