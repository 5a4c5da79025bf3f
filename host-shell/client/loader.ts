/**
 * The host-page loader: reads widgets.json (widget name → versioned remoteEntry URL, relative to the manifest)
 * and mounts every `<div data-salon-widget="NAME">` slot of the page. A widget that is missing, fails to load
 * or throws leaves its slot empty (marked `data-salon-state="failed"`) and the others keep working.
 *
 * A slot marked `data-salon-lazy` (a sidebar or the modals) is mounted only when first asked for:
 * `globalThis[Symbol.for('salon.loader@1')].ensure(name)`, which `@salon/shared` calls when its sidebar or modal
 * slot opens that widget. Until then the page downloads nothing of it.
 *
 * Each line of widgets.json says which runtime and `@salon/shared` contracts its remote was built for
 * (`contract.ts`); a widget built for other contracts than this loader's is never loaded: its slot is marked failed
 * with one `console.error` naming the widget and the versions, and the others mount as usual.
 *
 * The manifest is read next to the loader script, wherever that is served from (the salon's `/spa/` or a static
 * origin such as a CDN); the remotes' URLs are relative to the manifest, their chunks to their `remoteEntry.js`.
 *
 * A PHP/Symfony page needs only the slots, the page-data script element and `<script src="/spa/loader.js" defer>`.
 */
import { loadRemote, registerGlobalPlugins, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import './federation/provide-bundler-runtime';
import { nextTask, yieldingPlugin } from './federation/yielding-plugin';
import { containerName } from './container-name';
import { builtFor, incompatibility, type Contracts } from './contract';
import { fetchManifest, type Manifest } from './manifest';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

type Unmount = () => void;
interface RemoteModule {
  mount: (element: HTMLElement, props?: Record<string, unknown>) => Unmount;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The contracts this loader provides (the build's `__SALON_BUILD__`). */
const provided: Contracts = builtFor();

/** Why this loader cannot run the widget's remote (logged once, when its slot is mounted), or null. */
function refusal(manifest: Manifest, widget: string): string | null {
  const line = manifest[widget];
  return line ? incompatibility(widget, line, provided) : null;
}

// The loader's own federation instance exists already; each remote's is created when its container initialises.
const yielding = yieldingPlugin();
registerGlobalPlugins([yielding]);
registerPlugins([yielding]);

const mounted = new Map<HTMLElement, Unmount>();
const mounting = new Map<HTMLElement, Promise<void>>();

function mountSlot(slot: HTMLElement, manifest: Manifest): Promise<void> {
  let pending = mounting.get(slot);
  if (!pending) {
    pending = loadAndMount(slot, manifest);
    mounting.set(slot, pending);
  }
  return pending;
}

async function loadAndMount(slot: HTMLElement, manifest: Manifest): Promise<void> {
  const widget = slot.dataset.salonWidget ?? '';
  if (mounted.has(slot)) return;
  if (!manifest[widget]) {
    slot.dataset.salonState = 'failed';
    console.warn(`[salon] no widget "${widget}" in the manifest`);
    return;
  }
  const refused = refusal(manifest, widget);
  if (refused) {
    slot.dataset.salonState = 'failed';
    console.error(refused);
    return;
  }
  slot.dataset.salonState = 'loading';
  try {
    const mod = await withTimeout(loadRemote<RemoteModule>(`${containerName(widget)}/mount`), CHUNK_LOAD_TIMEOUT_MS, widget);
    if (!mod || typeof mod.mount !== 'function') throw new Error(`widget "${widget}" exposes no mount()`);
    // Each widget mounts in a task of its own, not in the one that evaluated its remote's chunks (nor with the
    // other widgets that arrived meanwhile): no long task of everything at once on a slow phone.
    await nextTask();
    const props: Record<string, unknown> = { ...slot.dataset };
    mounted.set(slot, mod.mount(slot, props));
    slot.dataset.salonState = 'mounted';
  } catch (error) {
    slot.dataset.salonState = 'failed';
    console.error(`[salon] widget "${widget}" failed to load`, error);
  }
}

declare const __webpack_public_path__: string | undefined;

/** The folder of loader.js: webpack's `publicPath: 'auto'`, found from the script's own URL when the bundle starts. */
function loaderBaseUrl(): string {
  if (typeof __webpack_public_path__ === 'string' && /^https?:/.test(__webpack_public_path__)) return __webpack_public_path__;
  const script = document.currentScript as HTMLScriptElement | null;
  return script?.src || new URL('/spa/loader.js', location.href).href;
}

const manifestUrl = new URL('widgets.json', loaderBaseUrl()).href;

export const LOADER_KEY = 'salon.loader@1';

export interface LoaderApi {
  /** Mounts a lazy widget's slot if it is not yet; resolves true once it is mounted. */
  ensure(widget: string): Promise<boolean>;
}

export async function mountAll(root: ParentNode = document): Promise<void> {
  const ready = fetchManifest(manifestUrl).then((manifest) => {
    // A remote built for other contracts is not even registered: nothing of it reaches the page's share scope.
    registerRemotes(
      Object.entries(manifest)
        .filter(([widget]) => !refusal(manifest, widget))
        .map(([widget, line]) => ({ name: containerName(widget), entry: new URL(line.entry, manifestUrl).href })),
      { force: true },
    );
    return manifest;
  });
  const api: LoaderApi = {
    async ensure(widget) {
      const slot = root.querySelector<HTMLElement>(`[data-salon-widget="${CSS.escape(widget)}"]`);
      if (!slot) return false;
      await mountSlot(slot, await ready);
      return slot.dataset.salonState === 'mounted';
    },
  };
  (globalThis as unknown as Record<symbol, LoaderApi>)[Symbol.for(LOADER_KEY)] = api;
  const manifest = await ready;
  const slots = Array.from(root.querySelectorAll<HTMLElement>('[data-salon-widget]'));
  for (const slot of slots) if ('salonLazy' in slot.dataset && !mounting.has(slot)) slot.dataset.salonState = 'idle';
  const eager = slots.filter((slot) => !('salonLazy' in slot.dataset));
  const refused = eager.filter((slot) => refusal(manifest, slot.dataset.salonWidget ?? ''));
  const refusedDone = Promise.all(refused.map((slot) => mountSlot(slot, manifest)));
  // All at once: each @salon/shared entry holds only its own folder's modules (shared/package.json's exports, and a
  // lint rule against relative imports out of an entry), so whichever remote provides an entry, no module comes twice.
  const mountable = eager.filter((slot) => !refused.includes(slot));
  await Promise.all([refusedDone, ...mountable.map((slot) => mountSlot(slot, manifest))]);
}

function start(): void {
  mountAll().catch((error: unknown) => {
    for (const slot of Array.from(document.querySelectorAll<HTMLElement>('[data-salon-widget]'))) {
      if (!slot.dataset.salonState) slot.dataset.salonState = 'failed';
    }
    console.error('[salon] the widget manifest could not be loaded', error);
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
