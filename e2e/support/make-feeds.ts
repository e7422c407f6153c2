// Makes every camera feed up front (cached in .tmp/e2e-feeds/ per FEED_VERSION), so the first
// journey does not pay for it:   npx tsx e2e/support/make-feeds.ts
import { makeAllFeeds } from './camera';

const started = performance.now();
makeAllFeeds().then(
  (made) => {
    for (const { name, path, seconds } of made) console.log(`${name.padEnd(14)} ${seconds.toFixed(1).padStart(5)} s  ${path}`);
    console.log(`all feeds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
