import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/server/testing/webhook-receiver';
import { feed, launchPhone } from '../support/camera';
import { installCanvasCamera } from '../support/canvas-camera';
import { selfieAndSubmit } from '../support/selfie-half';
import { aamvaPayload, LICENCE_SPECIMEN, makeLicenceBack, makeLicenceFrame, makeLicenceFront } from '../../test-support/cards/licence';
import { createKey, customerCall } from '../support/service';
import { idv } from '../support/idv-cli';
import { IndividualWelcomePage } from './pages/welcome';
import { IndividualDocumentChoicePage } from './pages/document-choice';
import { IndividualDocumentCapturePage } from './pages/document-capture';
import { IndividualSelfiePage } from './pages/selfie';

// A US driving licence shown to a phone held upright (720×1280 frames): the back is taken by
// itself once its PDF417 decodes in the browser, and a live key decides from the barcode the
// service reads again (docInfo from it), after comparing the front's print with it.
const PHONE = { width: 720, height: 1280 };
const GRACE = resolve('e2e/fixtures/grace_hopper.jpg');

/** A phone set to US English offers its own country first: the choice is the type, then Continue. */
async function chooseUsLicence(page: Page) {
  const choice = new IndividualDocumentChoicePage(page);
  await choice.chooseType('DRIVERS_LICENSE');
  if (await choice.countryValue() !== 'United States') await choice.pickCountry('United States');
  await choice.continue();
}

/**
 * A live key of an organisation of its own: the other journeys verify the same test face with an
 * ID card, and the same face under another document number is, rightly, a repeat identity.
 */
async function liveKey(receiver: WebhookReceiver) {
  const org = JSON.parse(await idv('orgs', 'create', '--name', `Licences ${Date.now()}`, '--json')) as { id: string };
  const key = await createKey('live', receiver.url('/events'), receiver.url('/decision'), { orgId: org.id, riskRules: { injected_camera: 'none' } });
  receiver.setSecret(key.apiKey);
  return key.apiKey;
}

test('a US licence: the back is taken when its barcode decodes, and a live key approves it with docInfo from the barcode', async () => {
  const receiver = await startWebhookReceiver();
  try {
    const apiKey = await liveKey(receiver);
    const { verificationId: id, link } = (await customerCall<{ verificationId: string; link: string }>(apiKey, 'POST', '/verifications', { vendorData: 'licence-1' })).body.data;
    const scenes = {
      front: await makeLicenceFrame(await makeLicenceFront(GRACE, LICENCE_SPECIMEN), PHONE, { cardShare: 0.86, format: 'png' }),
      back: await makeLicenceFrame(await makeLicenceBack(aamvaPayload(LICENCE_SPECIMEN)), PHONE, { cardShare: 0.86, format: 'png' }),
    };
    const phone1 = await launchPhone(await feed('card-steady'));
    const page1 = await phone1.context.newPage();
    const camera = await installCanvasCamera(page1, scenes, 'front', PHONE);
    await page1.goto(link);
    await new IndividualWelcomePage(page1).consentAndStart();
    await chooseUsLicence(page1);
    await new IndividualDocumentCapturePage(page1, 'front').captureAndConfirm();

    const back = new IndividualDocumentCapturePage(page1, 'back');
    await expect(back.root.getByText('hold the barcode inside the frame', { exact: false })).toBeVisible();
    await camera.show('back');
    // Taken by itself: on a barcode back only a decoded barcode takes the picture.
    await back.captureAndConfirm();
    await new IndividualSelfiePage(page1).expectVisible();
    await receiver.waitFor((e) => (e.json as { event: string }).event === 'verification.document_back_uploaded', 30_000);
    await phone1.browser.close();

    const phone2 = await selfieAndSubmit(link);
    const decision = await receiver.waitFor((e) => e.path === '/decision' && (e.json as { data: { verificationId?: string } }).data.verificationId === id, 90_000);
    await phone2.browser.close();

    const s = LICENCE_SPECIMEN;
    const body = decision.json as { event: string; data: { docInfo: unknown } };
    expect(body.event).toBe('verification.successful');
    expect(body.data.docInfo).toMatchObject({
      docType: 'DRIVERS_LICENSE', docNumber: s.docNumber, lastName: s.lastName, firstName: s.firstName,
      dob: s.dob, expiryDate: s.expiryDate, issueDate: s.issueDate, issuingState: 'USA', sex: s.sex,
    });
    const record = (await customerCall<{ status: string; verificationMethod: string }>(apiKey, 'GET', `/verifications/${id}`)).body.data;
    expect(record).toMatchObject({ status: 'successful', verificationMethod: 'auto' });
  } finally {
    await receiver.close();
  }
});

test('a licence back without a barcode is not taken by itself, and the shutter photo says the barcode could not be read', async () => {
  const receiver = await startWebhookReceiver();
  try {
    const apiKey = await liveKey(receiver);
    const { link } = (await customerCall<{ link: string }>(apiKey, 'POST', '/verifications', { vendorData: 'licence-2' })).body.data;
    const scenes = {
      front: await makeLicenceFrame(await makeLicenceFront(GRACE, LICENCE_SPECIMEN), PHONE, { cardShare: 0.86, format: 'png' }),
      back: await makeLicenceFrame(await makeLicenceBack(aamvaPayload(LICENCE_SPECIMEN), { barcode: false }), PHONE, { cardShare: 0.86, format: 'png' }),
    };
    const phone = await launchPhone(await feed('card-steady'));
    const page = await phone.context.newPage();
    const camera = await installCanvasCamera(page, scenes, 'front', PHONE);
    await page.goto(link);
    await new IndividualWelcomePage(page).consentAndStart();
    await chooseUsLicence(page);
    await new IndividualDocumentCapturePage(page, 'front').captureAndConfirm();
    const back = new IndividualDocumentCapturePage(page, 'back');
    await camera.show('back');
    // A back whose outline the card finder takes, but no barcode: nothing is taken by itself, and the person is told to come closer.
    await expect(back.qualityHint()).toHaveAttribute('data-hint', 'barcode-closer', { timeout: 15_000 });
    await expect(back.capturePreview()).toHaveCount(0);
    await back.takePhoto(15_000);
    await expect(back.root.getByTestId('photo-notes')).toHaveAttribute('data-notes', /no-barcode/, { timeout: 15_000 });
    await expect(back.root.getByTestId('retake')).toBeVisible();
    await phone.browser.close();
  } finally {
    await receiver.close();
  }
});
