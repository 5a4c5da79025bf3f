/**
 * The host-page loader's API (host-shell/client/loader.ts): sidebars and modals are lazy slots, mounted the
 * first time the bus opens them, so a page downloads nothing of a sidebar nobody opens.
 */
const LOADER_KEY = 'salon.loader@1';

interface LoaderApi {
  ensure(widget: string): Promise<boolean>;
}

/** Asks the loader to mount `widget` if it is a lazy slot not mounted yet. False without a loader (tests, Storybook). */
export function ensureWidget(widget: string): Promise<boolean> {
  const loader = (globalThis as unknown as Record<symbol, LoaderApi | undefined>)[Symbol.for(LOADER_KEY)];
  if (!loader) return Promise.resolve(false);
  return loader.ensure(widget).catch((error: unknown) => {
    console.error(`[salon] widget "${widget}" could not be mounted`, error);
    return false;
  });
}
