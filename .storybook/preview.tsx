import type { Decorator, Loader, Preview } from '@storybook/react-webpack5';
import { I18nProvider } from '@lingui/react';
import {
  $locale,
  activateLocale,
  clearToasts,
  closeModal,
  hideSidebar,
  i18n,
  registerCatalog,
  setPageData,
  showToast,
  type PageDataInput,
  type ToastInput,
} from '@salon/shared';
import { visitorPageData } from '@salon/shared/page-data/fixtures';
import { setApiMode, type ApiMode } from './api-mock';

/** What a story puts in `parameters.salon`. */
export interface SalonParameters {
  /** The widget folders whose catalogs the story needs, e.g. ['top-bar']. */
  widgets?: string[];
  /** Page data as the server would inject it (a visitor in English when left out). */
  pageData?: PageDataInput;
  /** Toasts shown when the story starts. */
  toasts?: ToastInput[];
  /** How the fake API answers (default 'ok'). */
  api?: ApiMode;
}

/** Before each story: a fresh bus from the story's parameters, and its catalogs loaded in its language. */
const salonBus: Loader = async ({ parameters }) => {
  const salon = (parameters.salon ?? {}) as SalonParameters;
  clearToasts();
  hideSidebar();
  closeModal();
  setApiMode(salon.api ?? 'ok');
  setPageData(salon.pageData ?? visitorPageData());
  for (const widget of salon.widgets ?? []) {
    registerCatalog(widget, (locale) => import(`../widgets/${widget}/locales/${locale}/messages.ts`));
  }
  await activateLocale($locale.get().locale);
  for (const toast of salon.toasts ?? []) showToast(toast);
  return {};
};

const withI18n: Decorator = (Story) => (
  <I18nProvider i18n={i18n}>
    <Story />
  </I18nProvider>
);

const preview: Preview = {
  loaders: [salonBus],
  decorators: [withI18n],
  parameters: { layout: 'fullscreen' },
};

export default preview;
