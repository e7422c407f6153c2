import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries of the architecture note, held by no-restricted-imports:
// contract imports only zod (and libphonenumber-js for phone rules shared by form and server);
// web never imports server; server never imports web; capture/ and domain/ import no React and
// no HTTP framework; flows do not import each other (what both use lives in capture/,
// capture-hooks/ or ui/).
const noServer = { group: ['**/server/**'], message: 'web must not import server code' };
const noWeb = { group: ['**/web/**'], message: 'server must not import web code' };
const noReact = { group: ['react', 'react-dom', 'react-*', 'react/*'], message: 'no React here' };
const noHttp = { group: ['hono', 'hono/*', '@hono/*'], message: 'no HTTP framework here' };
/** `…/flows/<name>/…` from anywhere, or `../<name>/…` (any depth) from inside a sibling flow. */
const otherFlow = (name) => ({
  regex: `(^|/)flows/${name}(/|$)|^(\\.\\./)+${name}(/|$)`,
  message: 'flows do not import each other: share code through capture/, capture-hooks/ or ui/',
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'dist-server.*/**', 'node_modules/**', 'public/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**', '.real-data/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },
  {
    files: ['src/web/flows/individual/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, otherFlow('company')] }] },
  },
  {
    files: ['src/web/flows/company/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, otherFlow('individual')] }] },
  },
  {
    files: ['src/web/capture/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noReact] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb] }] },
  },
  {
    files: ['src/server/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noReact, noHttp] }] },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [noWeb, noServer, noReact, noHttp,
          { regex: '^(?!zod$|zod/|libphonenumber-js|\\.)', message: 'contract imports only zod and libphonenumber-js' }],
      }],
    },
  },
  {
    // Journeys read loosely typed JSON (webhook bodies, records) and assert on it.
    files: ['e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests beside the contract may use the test runner.
    files: ['src/contract/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
