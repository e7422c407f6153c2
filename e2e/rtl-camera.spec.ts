import { expect, test, type Locator, type Page } from '@playwright/test';
import { feed, launchPhone } from './support/camera';
import { installCardCamera } from './support/canvas-camera';
import { createKey, customerCall } from './support/service';
import { IndividualWelcomePage } from './individual/pages/welcome';
import { IndividualDocumentChoicePage } from './individual/pages/document-choice';
import { IndividualDocumentCapturePage } from './individual/pages/document-capture';
import { IndividualSelfiePage } from './individual/pages/selfie';

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

/**
 * The challenge meter as drawn (transform included) against its own untransformed box: which
 * end stays put while it grows, and how full it is.
 */
async function readMeter(page: Page) {
  return page.evaluate(() => {
    const meter = document.querySelector<HTMLElement>('[data-testid="liveness-cue"] span');
    const progress = Number(document.querySelector<HTMLElement>('[data-testid="liveness-progress"]')?.dataset.progress ?? NaN);
    if (!meter || !meter.parentElement) return null;
    const drawn = meter.getBoundingClientRect();
    const layoutLeft = meter.parentElement.getBoundingClientRect().left + meter.offsetLeft;
    const layoutRight = layoutLeft + meter.offsetWidth;
    const anchored = Math.abs(drawn.left - layoutLeft) < 1 ? 'left' : Math.abs(drawn.right - layoutRight) < 1 ? 'right' : 'neither';
    return { progress, filled: drawn.width / meter.offsetWidth, anchored };
  });
}

// The camera screens in the right-to-left languages (the English run is the control): the header
// mirrors (Back on the right, the step count on the left), the document guide stays centred on
// the preview, and the liveness challenge's meter fills from the right. The turn arrows stay on
// physical sides on purpose (the preview is a mirror); the journeys check those in English.
// The phone is the journeys' Pixel 7, where the test card's feed fills the guide enough for the
// automatic capture.
for (const lang of ['ar', 'fa', 'en'] as const) {
  const rtl = lang !== 'en';
  test(`camera screens in ${lang}: header, document guide and challenge meter ${rtl ? 'mirrored' : 'left to right'} (screenshots attached)`, async () => {
    const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision');
    const created = await customerCall<{ link: string }>(key.apiKey, 'POST', '/verifications', {});
    const link = `${created.body.data.link}&lang=${lang}`;

    const cardPhone = await launchPhone(await feed('card-steady'));
    try {
      const page = await cardPhone.context.newPage();
      // The card's two sides from a canvas the test turns over (the file camera shows one side only).
      const camera = await installCardCamera(page);
      await page.goto(link);
      await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
      await new IndividualWelcomePage(page).consentAndStart();
      const germany = new Intl.DisplayNames([lang], { type: 'region' }).of('DE')!;
      await new IndividualDocumentChoicePage(page).choose('NATIONAL_ID', germany);

      const front = new IndividualDocumentCapturePage(page, 'front');
      await front.expectVisible();
      await expect(front.video()).toBeVisible({ timeout: 20_000 });
      const stage = await box(front.root.getByTestId('camera-stage'));
      const guide = await box(front.guide());
      await test.info().attach(`document-front-${lang}.png`, { body: await page.screenshot(), contentType: 'image/png' });
      // Centred: the gaps either side of the card guide differ by under 2 px.
      const leftGap = guide.x - stage.x;
      const rightGap = stage.x + stage.width - (guide.x + guide.width);
      expect(Math.abs(leftGap - rightGap), `guide gaps ${leftGap.toFixed(1)} / ${rightGap.toFixed(1)}`).toBeLessThan(2);
      expect(guide.width).toBeGreaterThan(stage.width * 0.6);

      const back = await box(front.root.getByTestId('back-button'));
      const step = await box(front.stepIndicator());
      if (rtl) expect(step.x + step.width).toBeLessThan(back.x);
      else expect(back.x + back.width).toBeLessThan(step.x);

      await front.captureAndConfirm();
      await camera.show('back');
      await new IndividualDocumentCapturePage(page, 'back').captureAndConfirm();
      await new IndividualSelfiePage(page).expectVisible();
    } finally {
      await cardPhone.browser.close();
    }

    // The link resumes at the selfie in a browser whose camera shows a face doing the actions.
    const facePhone = await launchPhone(await feed('face-liveness'));
    try {
      const page = await facePhone.context.newPage();
      await page.goto(link);
      const selfie = new IndividualSelfiePage(page);
      await selfie.expectVisible();
      await expect(page.getByTestId('liveness-cue')).toBeVisible({ timeout: 90_000 });
      // Caught part-way through an action, so that which end stays put is visible.
      let reading: Awaited<ReturnType<typeof readMeter>> = null;
      await expect.poll(async () => {
        reading = await readMeter(page);
        return reading !== null && reading.filled > 0.15 && reading.filled < 0.9;
      }, { timeout: 60_000, intervals: [50] }).toBe(true);
      await test.info().attach(`liveness-${lang}.png`, { body: await page.screenshot(), contentType: 'image/png' });
      expect(reading!.anchored).toBe(rtl ? 'right' : 'left');
    } finally {
      await facePhone.browser.close();
    }
  });
}
