import { atom, computed, readonlyType } from 'nanostores';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@salon/shared/contracts/page-data';
import { normalizePageData, parsePageData, type PageDataInput } from '../page-data/parse';
import { defaultPageData } from '../page-data/defaults';
import { busSingleton } from '../singleton';
import { setLocaleState } from './locale';

const state = busSingleton('pageData', () => ({ $pageData: atom<PageData>(defaultPageData()), initialized: false }));

/** What the server injected at page load (spec §3), with anonymous defaults for anything missing. */
export const $pageData = readonlyType(state.$pageData);
export const $user = busSingleton('user', () => computed(state.$pageData, (data) => data.user));
export const $parameters = busSingleton('parameters', () => computed(state.$pageData, (data) => data.parameters));
export const $features = busSingleton('features', () => computed(state.$pageData, (data) => data.features));

function apply(data: PageData): PageData {
  state.initialized = true;
  state.$pageData.set(data);
  setLocaleState(data.locale);
  return data;
}

/**
 * Reads `<script type="application/json" id="salon-page-data">` the first time it is called on the
 * page and fills the stores; later calls (other widgets mounting) return what was read. A missing
 * or broken element gives anonymous defaults and a console error, never an exception.
 */
export function initPageData(doc: Document | undefined = globalThis.document): PageData {
  if (state.initialized) return state.$pageData.get();
  const element = doc?.getElementById(PAGE_DATA_ELEMENT_ID);
  const { data, problem } = parsePageData(element ? element.textContent : null);
  if (problem) console.error(`[salon] ${problem}: using anonymous defaults`);
  return apply(data);
}

/** Replaces the page data (Storybook, tests, or a host that hands it over without a script element). */
export function setPageData(input: PageDataInput): PageData {
  return apply(normalizePageData(input));
}

export type PageSettings = Pick<PageData, 'parameters' | 'features' | 'is_streaming'>;

/**
 * The salon's settings changed while the page is open (`applyLiveSettings`, the live activity): the page data with
 * these parts replaced, everything else (user, room, locale) kept as the same objects. Nothing when nothing differs.
 */
export function replacePageSettings(patch: Partial<PageSettings>): void {
  const current = state.$pageData.get();
  const changed = (Object.keys(patch) as (keyof PageSettings)[]).filter(
    (key) => JSON.stringify(patch[key]) !== JSON.stringify(current[key]),
  );
  if (changed.length === 0) return;
  state.$pageData.set({ ...current, ...Object.fromEntries(changed.map((key) => [key, patch[key]])) });
}

/** Spec: a feature flag is on when it is '1'. */
export function isFeatureOn(features: PageData['features'], name: string): boolean {
  return features[name] === '1';
}
