// Vitest setup (vite.config.ts `test.setupFiles`): every language's texts are in place before
// any test, as if downloaded, so components render real texts without a network.
import { provideTexts } from './resources';

provideTexts(import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' }));
