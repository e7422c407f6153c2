import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_PORT, E2E_SMTP_PORT } from './e2e/support/env';

// Journeys run against the real server (built app + API on one port, fresh PGlite data dir) and
// Debian's Chromium; Playwright's own browser download is not available on these machines.
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf .tmp/e2e-data-${E2E_PORT} && npx tsx src/server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.tmp/e2e-data-${E2E_PORT}`,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      IDV_ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: '1',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: 'IDV e2e <no-reply@e2e.test>',
    },
  },
});
