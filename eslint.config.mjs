import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import salon from './scripts/lint/salon-plugin.mjs';

/** Raw network primitives live only in their wrappers (architecture brief §4: wrap platform APIs once). */
const rawNetwork = [
  { name: 'fetch', message: 'Use the API client of @salon/shared (shared/api/client.ts).' },
  { name: 'EventSource', message: 'Use the SSE reader of @salon/shared (shared/live/).' },
  { name: 'WebSocket', message: 'Use the socket of @salon/shared (shared/live/).' },
];
const rawNetworkSyntax = [
  { selector: "MemberExpression[property.name=/^(fetch|EventSource|WebSocket)$/][object.name=/^(window|globalThis|self)$/]", message: 'Raw network APIs only in their wrappers (shared/api/client.ts, shared/live/).' },
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
    files: ['shared/api/client.ts', 'shared/live/**/*.ts', 'host-shell/client/manifest.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
