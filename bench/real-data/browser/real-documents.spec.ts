import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { installCanvasCamera } from '../../../e2e/support/canvas-camera';
import { createKey, customerCall } from '../../../e2e/support/service';
import { IndividualWelcomePage } from '../../../e2e/individual/pages/welcome';
import { IndividualDocumentChoicePage } from '../../../e2e/individual/pages/document-choice';
import { IndividualDocumentCapturePage } from '../../../e2e/individual/pages/document-capture';
import { IndividualSelfiePage } from '../../../e2e/individual/pages/selfie';
import { documentPath, loadRealSet, type RealDocument } from '../real-set';
import { FRAME_PORTRAIT, placeOnTable } from '../scenes';

// Real documents shown to a phone held upright: the camera is a 720x1280 canvas the test paints
// with a real specimen laid on a dark table, filling most of the guide (an open booklet with its
// data page in the guide). Each must be taken by itself within a few seconds; a card's back is
// taken only once the card is turned (two seconds of front first); a shutter photo is usable.
const set = loadRealSet();
if (!set) throw new Error('No real-material set: see bench/real-data/README.md');
const whole = set.documents.filter((d) => d.whole && d.kind === 'scan');
const passports = whole.filter((d) => d.docType === 'PASSPORT').slice(0, 8);
/** Cards with both sides in the set (the manifest names them <name>_0 / <name>_1). */
const cards = whole.filter((d) => d.docType === 'NATIONAL_ID' && d.side === 'front')
  .map((front) => ({ front, back: whole.find((b) => b.side === 'back' && b.file === front.file.replace(/_0\.(\w+)$/, '_1.$1')) }))
  .filter((c): c is { front: RealDocument; back: RealDocument } => Boolean(c.back)).slice(0, 4);
const TABLE = '#3b3b3b';
const country = (alpha3: string | null) => new Intl.DisplayNames(['en'], { type: 'region' }).of(({ CZE: 'CZ', GBR: 'GB', FRA: 'FR', CAN: 'CA', HUN: 'HU', FIN: 'FI', UKR: 'UA', TWN: 'TW' } as Record<string, string>)[alpha3 ?? ''] ?? 'DE')!;

async function scene(d: RealDocument): Promise<Buffer> {
  return (await placeOnTable(documentPath(set!, d), { share: 0.8, rotateDeg: 0, table: TABLE, portrait: true, lowerPageInCentre: true })).jpeg;
}
async function link(): Promise<string> {
  const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision');
  const created = await customerCall<{ link: string }>(key.apiKey, 'POST', '/verifications', { vendorData: 'real-documents' });
  expect(created.status).toBe(200);
  return created.body.data.link;
}

for (const doc of passports) {
  test(`real passport ${doc.file} (${doc.country}): taken by itself, and a shutter photo is usable`, async ({ page }) => {
    const table = await sharp({ create: { ...FRAME_PORTRAIT, channels: 3, background: TABLE } }).png().toBuffer();
    const camera = await installCanvasCamera(page, { doc: await scene(doc), table }, 'doc', FRAME_PORTRAIT);
    await page.goto(await link());
    await new IndividualWelcomePage(page).consentAndStart();
    await new IndividualDocumentChoicePage(page).choose('PASSPORT', country(doc.country));
    const capture = new IndividualDocumentCapturePage(page, 'front');
    const shown = Date.now();
    await capture.waitForAutoCapture(15_000);
    console.log(`${doc.file}: taken by itself ${((Date.now() - shown) / 1000).toFixed(1)} s after the screen opened`);
    await expect(capture.root.getByTestId('use-photo')).toBeEnabled();
    // The shutter: retake, hold the document out of view until the shutter shows, bring it back
    // and press at once (before the screen takes it by itself): that photo must be usable too.
    await capture.retake();
    await camera.show('table');
    await expect(capture.shutter()).toBeEnabled({ timeout: 20_000 });
    await camera.show('doc');
    await page.waitForTimeout(150);
    await capture.shutter().click();
    await expect(capture.capturePreview()).toHaveAttribute('data-capture', 'manual');
    await expect(capture.capturePreview()).toHaveAttribute('data-checked', 'true', { timeout: 15_000 });
    await expect(capture.noDocument()).toHaveCount(0);
    await expect(capture.root.getByTestId('use-photo')).toBeEnabled();
    await capture.usePhoto();
    await new IndividualSelfiePage(page).expectVisible();
  });
}

for (const { front, back } of cards) {
  test(`real ID card ${front.file} (${front.country}): front taken, two seconds of front on the back step, then the real back`, async ({ page }) => {
    const camera = await installCanvasCamera(page, { front: await scene(front), back: await scene(back) }, 'front', FRAME_PORTRAIT);
    await page.goto(await link());
    await new IndividualWelcomePage(page).consentAndStart();
    await new IndividualDocumentChoicePage(page).choose('NATIONAL_ID', country(front.country));
    await new IndividualDocumentCapturePage(page, 'front').captureAndConfirm();
    const backStep = new IndividualDocumentCapturePage(page, 'back');
    await backStep.expectVisible();
    await expect(backStep.qualityHint()).toHaveAttribute('data-hint', 'turn-over', { timeout: 8_000 });
    await page.waitForTimeout(2_000);
    await expect(backStep.capturePreview()).toHaveCount(0);
    await camera.show('back');
    await backStep.waitForAutoCapture(15_000);
    await backStep.usePhoto();
    await new IndividualSelfiePage(page).expectVisible();
  });
}
