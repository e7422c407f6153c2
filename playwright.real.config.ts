import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The journeys on real documents (bench/real-data/browser): the same server and browser as the
// e2e journeys, run by `npm run test:real` where the real-material set is present (it cannot
// be redistributed, so CI does not have it).
export default defineConfig({ ...base, testDir: './bench/real-data/browser', testMatch: '**/*.spec.ts' });
