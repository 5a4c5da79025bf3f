import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import salon from './scripts/lint/salon-plugin.mjs';

/** Raw network primitives live only in their wrappers (architecture brief §4: wrap platform APIs once). */
const rawNetwork = [
  { name: 'fetch', message: 'Use the API client of @salon/shared (shared/main/api/client.ts).' },
  { name: 'EventSource', message: 'Use the SSE reader of @salon/shared (shared/live/).' },
  { name: 'WebSocket', message: 'Use the socket of @salon/shared (shared/live/).' },
];
const rawNetworkSyntax = [
  {
    selector: 'MemberExpression[property.name=/^(fetch|EventSource|WebSocket)$/][object.name=/^(window|globalThis|self)$/]',
    message: 'Raw network APIs only in their wrappers (shared/main/api/client.ts, shared/live/).',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'storybook-static/', 'data/', '**/locales/**/messages.ts', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'host-shell/client/**/*.{ts,tsx}'],
    plugins: { salon },
    rules: {
      'salon/no-cross-widget-import': 'error',
      'no-restricted-globals': ['error', ...rawNetwork],
      'no-restricted-syntax': ['error', ...rawNetworkSyntax],
    },
  },
  {
    // The wrappers themselves, and tests that stub them.
    files: ['shared/main/api/client.ts', 'shared/live/**/*.ts', 'host-shell/client/manifest.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    // @salon/shared through its entries only; inside shared/, relative imports stay in their entry's folder.
    files: ['**/*.{ts,tsx,mts,cts,mjs}'],
    plugins: { salon },
    rules: { 'salon/shared-entries': 'error' },
  },
  {
    // The contracts are the browser's types: widgets import them as types only; the rest of the browser's code may take
    // the values of the contracts without TypeBox schemas (frame messages, routes, form rules).
    files: ['shared/**/*.{ts,tsx}', 'host-shell/client/**/*.{ts,tsx}', 'host-shell/room-frame/**/*.{ts,tsx}'],
    ignores: ['shared/contracts/**', '**/*.test.{ts,tsx}'],
    plugins: { salon },
    rules: { 'salon/contracts-as-types': 'error' },
  },
  {
    // (Tests are not bundled: they may compare with the server's values.)
    files: ['widgets/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { salon },
    rules: { 'salon/contracts-as-types': ['error', { all: true }] },
  },
  {
    // No import cycle in the code that ships (dynamic imports count: a lazy chunk that imports its loader is one).
    files: ['shared/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'host-shell/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Without these, import-x skips TypeScript files as dependencies, and sees no cycle through them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
