import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/server/testing/webhook-receiver';
import { feed, launchPhone } from '../support/camera';
import { cardSideScenes, installCanvasCamera, installCardCamera } from '../support/canvas-camera';
import { idCardHalf } from '../support/card-half';
import { selfieAndSubmit } from '../support/selfie-half';
import { makeIdCardFrame } from '../../test-support/cards/id-card';
import { renderPoseFrames } from '../../test-support/faces/liveness-frames';
import { collectedSession } from '../support/collected-session';
import { createKey, customerCall } from '../support/service';

// Live keys are decided by the service itself (face match, liveness re-check, MRZ): no
// specialist, no test helper. The card in the camera carries the selfie's face and a TD1 MRZ.
const ORDER = [
  'verification.started', 'verification.document_front_uploaded', 'verification.document_back_uploaded',
  'verification.selfie_uploaded', 'verification.processing_started', 'verification.biometrics_matched',
  'verification.successful',
];
const MRZ_DOC_INFO = {
  docType: 'NATIONAL_ID', docNumber: 'D23145890', issuingState: 'UTO', lastName: 'HOPPER', firstName: 'GRACE',
  dob: '1976-12-09', expiryDate: '2031-12-09', sex: 'F',
};

async function liveKey(receiver: WebhookReceiver) {
  // The test's cameras are injected by construction (a file camera, a canvas the test draws):
  // the camera-integrity signal has its own journey (screen-light.spec); this key ignores it.
  const key = await createKey('live', receiver.url('/events'), receiver.url('/decision'), { branding: { name: 'Acme Bank' }, riskRules: { injected_camera: 'none' } });
  receiver.setSecret(key.apiKey);
  return key.apiKey;
}
const eventsOf = (receiver: WebhookReceiver, id: string) =>
  receiver.events().filter((e) => (e.json as { data: { verificationId?: string } }).data.verificationId === id);
/** The decision's delivery; when none comes, the failure says where the session stopped and why. */
async function decisionOf(receiver: WebhookReceiver, id: string, apiKey: string) {
  try {
    return await receiver.waitFor((e) => e.path === '/decision' && (e.json as { data: { verificationId?: string } }).data.verificationId === id, 90_000);
  } catch (e) {
    const record = (await customerCall<any>(apiKey, 'GET', `/verifications/${id}`)).body.data;
    const seen = eventsOf(receiver, id).map((x) => (x.json as { event: string }).event);
    throw new Error(`${(e as Error).message}; the session is ${record?.status} (${record?.decision ?? 'no decision'}: ${record?.reason ?? ''}); events: ${seen.join(', ')}`, { cause: e });
  }
}

test('the camera journey with a live key ends successful by itself, with docInfo read from the MRZ', async () => {
  const receiver = await startWebhookReceiver();
  try {
    const apiKey = await liveKey(receiver);
    const created = await customerCall<{ verificationId: string; link: string }>(apiKey, 'POST', '/verifications', { vendorData: 'user-7' });
    const { verificationId: id, link } = created.body.data;
    const phone1 = await launchPhone(await feed('card-steady'));
    const page1 = await phone1.context.newPage();
    // The card's two sides from a canvas the test turns over (the file camera shows one side only).
    const camera = await installCardCamera(page1);
    await page1.goto(link);
    await idCardHalf(page1, camera);
    await receiver.waitFor((e) => (e.json as { event: string }).event === 'verification.document_back_uploaded', 30_000);
    await phone1.browser.close();

    const phone2 = await selfieAndSubmit(link);
    const decision = await decisionOf(receiver, id, apiKey);
    // The status screen left open follows the automatic decision.
    await expect(phone2.page.locator('[data-testid="closed-reason"][data-reason="successful"]')).toBeVisible({ timeout: 60_000 });
    await phone2.browser.close();

    const body = decision.json as { event: string; data: { docInfo: unknown } };
    expect(body.event).toBe('verification.successful');
    expect(body.data.docInfo).toMatchObject(MRZ_DOC_INFO);
    const events = eventsOf(receiver, id);
    expect(events.map((e) => (e.json as { event: string }).event)).toEqual(ORDER);
    expect(events.every((e) => e.verified)).toBe(true);
    const record = (await customerCall<any>(apiKey, 'GET', `/verifications/${id}`)).body.data;
    expect(record).toMatchObject({ status: 'successful', verificationMethod: 'auto', docInfo: MRZ_DOC_INFO });
  } finally {
    await receiver.close();
  }
});

test('an honest person with an ID card through a 1080p camera held upright is approved by the checks themselves', async () => {
  const receiver = await startWebhookReceiver();
  try {
    const apiKey = await liveKey(receiver);
    const { verificationId: id, link } = (await customerCall<{ verificationId: string; link: string }>(apiKey, 'POST', '/verifications', { vendorData: 'user-1080p' })).body.data;
    // A phone's 1080p rear camera held upright, the card filling the guide (86 % of the frame's width).
    const phone = { width: 1080, height: 1920 };
    const phone1 = await launchPhone(await feed('card-steady'));
    const page1 = await phone1.context.newPage();
    const camera = await installCanvasCamera(page1, await cardSideScenes(phone, 0.86), 'front', phone);
    await page1.goto(link);
    await idCardHalf(page1, camera);
    await receiver.waitFor((e) => (e.json as { event: string }).event === 'verification.document_back_uploaded' && (e.json as { data: { verificationId?: string } }).data.verificationId === id, 30_000);
    await phone1.browser.close();

    const phone2 = await selfieAndSubmit(link);
    const decision = await decisionOf(receiver, id, apiKey);
    await phone2.browser.close();
    const body = decision.json as { event: string; data: { docInfo: unknown } };
    expect(body.event).toBe('verification.successful');
    expect(body.data.docInfo).toMatchObject(MRZ_DOC_INFO);
    const record = (await customerCall<{ status: string; verificationMethod: string }>(apiKey, 'GET', `/verifications/${id}`)).body.data;
    expect(record).toMatchObject({ status: 'successful', verificationMethod: 'auto' });
  } finally {
    await receiver.close();
  }
});

test('customer-collected media reach the same outcomes: the same face is approved, another person\'s card is refused', async () => {
  const receiver = await startWebhookReceiver();
  try {
    const apiKey = await liveKey(receiver);
    const face = resolve('e2e/fixtures/grace_hopper.jpg');
    const frames = await renderPoseFrames(face, [{ yawDeg: 0, closed: 0 }, { yawDeg: -30, closed: 0 }, { yawDeg: 0, closed: 1 }]);
    const same = await collectedSession(apiKey, await makeIdCardFrame(face, { width: 640, height: 480 }, { cardShare: 0.8 }), frames);
    const other = await collectedSession(apiKey, await makeIdCardFrame(resolve('e2e/fixtures/man_portrait.jpg'), { width: 640, height: 480 }, { cardShare: 0.8 }), frames);

    const approved = (await decisionOf(receiver, same, apiKey)).json as { event: string; data: { docInfo: unknown } };
    expect(approved.event).toBe('verification.successful');
    expect(approved.data.docInfo).toMatchObject(MRZ_DOC_INFO);
    expect(eventsOf(receiver, same).map((e) => (e.json as { event: string }).event)).toEqual(ORDER);

    const refused = (await decisionOf(receiver, other, apiKey)).json as { event: string; data: { reason: string } };
    expect(refused).toMatchObject({ event: 'verification.failed', data: { reason: 'Face on the document does not match the selfie' } });
    expect(eventsOf(receiver, other).map((e) => (e.json as { event: string }).event)).not.toContain('verification.biometrics_matched');
    expect(eventsOf(receiver, other).every((e) => e.verified)).toBe(true);
  } finally {
    await receiver.close();
  }
});
