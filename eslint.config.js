import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries of the architecture note (docs/architecture.md), held by no-restricted-imports:
// contract imports only zod (and libphonenumber-js for phone rules shared by form and server);
// web never imports server; server never imports web; capture/ imports no React; flows do not
// import each other (what both use lives in capture/, capture-hooks/ or ui/).
// The server's floor plan: two wings (individual/, company/) over capabilities and a platform.
// A wing never imports the other; capabilities and the platform never import a wing or a
// composer (app.ts, jobs/, dashboard/, cli/ …), which is what hands them a product's step at
// start-up; a wing's non-route files import no HTTP framework. Nothing under src/ imports e2e/,
// and product code never imports test-support/ (tests and testkits may).
const noServer = { group: ['**/server/**'], message: 'web must not import server code' };
const noWeb = { group: ['**/web/**'], message: 'server must not import web code' };
const noReact = { group: ['react', 'react-dom', 'react-*', 'react/*'], message: 'no React here' };
const noHttp = { group: ['hono', 'hono/*', '@hono/*'], message: 'no HTTP framework here' };
const noE2e = { regex: '(^|/)e2e/', message: 'nothing under src/ imports e2e/: shared test makers live in test-support/' };
const noTestSupport = { regex: '(^|/)test-support/', message: 'product code does not import test-support/ (only tests and *.testkit.ts do)' };
/** A folder of src/server by relative import (`../x/…`, any depth) or by path (`…/server/x/…`). */
const serverFolder = (names, message) => ({ regex: `(^|/)server/(${names.join('|')})(/|$)|^(\\.\\./)+(${names.join('|')})(/|$)`, message });
const wingNames = ['individual', 'company'];
const composerNames = ['dashboard', 'jobs', 'cli', 'testing', 'scale', 'backup', 'production'];
const capabilityNames = ['analytics', 'casework', 'decisions', 'liveness', 'identity', 'media', 'webhooks', 'retention', 'keys', 'accounts', 'campaigns', 'screening'];
const platformNames = ['mail', 'db', 'lib', 'http', 'limits', 'metrics', 'probes', 'telemetry', 'openapi'];
const noWing = serverFolder([...wingNames, ...composerNames], 'capabilities and the platform never import a product wing or a composer: take the product\'s step as a parameter');
const otherWing = (name) => serverFolder([name], 'one product wing never imports the other: share through a capability');
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.testkit.ts', '**/*.fixture.ts'];
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
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noE2e] }] },
  },
  {
    files: ['src/server/**/*.ts', 'src/vision/**/*.ts', 'src/web/**/*.{ts,tsx}', 'src/contract/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noE2e, noTestSupport] }] },
  },
  {
    files: [...capabilityNames, ...platformNames].map((n) => `src/server/${n}/**/*.ts`),
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noE2e, noTestSupport, noWing] }] },
  },
  {
    files: ['src/server/individual/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noE2e, noTestSupport, otherWing('company')] }] },
  },
  {
    files: ['src/server/company/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noE2e, noTestSupport, otherWing('individual')] }] },
  },
  {
    // A wing's lifecycle, store and records import no HTTP framework and no React: routes do HTTP.
    files: ['src/server/individual/**/*.ts', 'src/server/company/**/*.ts'],
    ignores: [...testFiles, '**/*.routes.ts', '**/routes/**', '**/collected/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noE2e, noTestSupport, noReact, noHttp, otherWing('company'), otherWing('individual')] }] },
  },
  {
    // Wing tests may exercise the app, never the other wing's internals.
    files: ['src/server/individual/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noE2e, otherWing('company')] }] },
  },
  {
    files: ['src/server/company/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noE2e, otherWing('individual')] }] },
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
