import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { launchPhone } from './support/camera';
import { createKey, customerCall } from './support/service';
import { IndividualWelcomePage } from './individual/pages/welcome';

// On a slow network the app's code takes seconds to arrive: the page shows the boot spinner from
// index.html meanwhile (not a white page), and the app replaces it once it renders.
test('while the app code is still downloading the page shows a spinner, then the first screen replaces it', async () => {
  const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision');
  const created = await customerCall<{ link: string }>(key.apiKey, 'POST', '/verifications', {});
  const phone = await launchPhone('denied', { colorScheme: 'dark' });
  try {
    const page = await phone.context.newPage();
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(created.body.data.link, { waitUntil: 'commit' });
    const spinner = page.locator('#root .boot-spinner');
    await expect(spinner).toBeVisible();
    await expect(page.locator('main')).toHaveCount(0);

    // The spinner is drawn in the theme's colours: in dark mode, light strokes on a dark page.
    // Its endless spin is stopped for the picture (Playwright waits for a still element).
    const shot = await sharp(await spinner.screenshot({ animations: 'disabled' })).greyscale().raw().toBuffer({ resolveWithObject: true });
    const page0 = await sharp(await page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 40 } })).greyscale().raw().toBuffer();
    const background = page0[0]!;
    expect(background).toBeLessThan(60);
    const inked = [...shot.data].filter((v) => Math.abs(v - background) > 30).length;
    expect(inked / shot.data.length).toBeGreaterThan(0.1);

    release();
    const welcome = new IndividualWelcomePage(page);
    await welcome.expectVisible();
    await expect(page.locator('.boot')).toHaveCount(0);
  } finally {
    await phone.browser.close();
  }
});
