import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  catalogs: [
    // One catalog for the shared code and one per widget, so a remote ships only its own messages.
    {
      path: '<rootDir>/shared/main/i18n/locales/{locale}/messages',
      include: ['<rootDir>/shared'],
      exclude: ['**/node_modules/**', '**/*.test.*', '**/*.stories.*', '<rootDir>/shared/forms/**'],
    },
    // The forms' texts load with the forms (the modals), not on every page.
    {
      path: '<rootDir>/shared/forms/locales/{locale}/messages',
      include: ['<rootDir>/shared/forms/'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/widgets/{name}/locales/{locale}/messages',
      include: ['<rootDir>/widgets/{name}/'],
      exclude: ['**/*.test.*', '**/*.stories.*', '<rootDir>/widgets/modals/*/**'],
    },
    // The server's texts (pages, API answers, emails); it answers the forms' texts from the forms' catalog.
    {
      path: '<rootDir>/host-shell/server/i18n/locales/{locale}/messages',
      include: ['<rootDir>/host-shell/server/'],
      exclude: ['**/*.test.*'],
    },
    // The room frame's texts, in its own bundle (no widget code, no shared catalog).
    {
      path: '<rootDir>/host-shell/room-frame/locales/{locale}/messages',
      include: ['<rootDir>/host-shell/room-frame/'],
      exclude: ['**/*.test.*'],
    },
    // The modals remote loads each group of modals when first opened, with its own messages.
    ...['leads', 'engage', 'news'].map((group) => ({
      path: `<rootDir>/widgets/modals/${group}/locales/{locale}/messages`,
      include: [`<rootDir>/widgets/modals/${group}/`],
      exclude: ['**/*.test.*', '**/*.stories.*'],
    })),
  ],
});
