import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/server/testing/webhook-receiver';
import { cardPhoto, feed, launchPhone } from '../support/camera';
import { installCardCamera } from '../support/canvas-camera';
import { idCardHalf } from '../support/card-half';
import { E2E_ADMIN_TOKEN, E2E_BASE } from '../support/env';
import { createKey, customerCall } from '../support/service';
import type { Page } from '@playwright/test';
import { IndividualWelcomePage } from './pages/welcome';
import { IndividualDocumentChoicePage } from './pages/document-choice';
import { IndividualDocumentCapturePage } from './pages/document-capture';
import { IndividualSelfiePage } from './pages/selfie';
import { IndividualReviewPage } from './pages/review';
import { IndividualDonePage } from './pages/done';
import { IndividualClosedLinkPage } from './pages/closed-link';
import { IndividualUnknownLinkPage } from './pages/unknown-link';
import { livenessFailed, livenessInstruction, livenessRetry } from './pages/liveness-check';

const ORDER = [
  'verification.started', 'verification.document_front_uploaded', 'verification.document_back_uploaded',
  'verification.selfie_uploaded', 'verification.processing_started', 'verification.biometrics_matched',
  'verification.successful',
];

async function setup(mode: 'test' | 'live' = 'test', extra: Record<string, unknown> = {}, keyExtra: Record<string, unknown> = {}) {
  const receiver = await startWebhookReceiver();
  const key = await createKey(mode, receiver.url('/events'), receiver.url('/decision'), { branding: { name: 'Acme Bank' }, ...keyExtra });
  receiver.setSecret(key.apiKey);
  const created = await customerCall<{ verificationId: string; link: string }>(key.apiKey, 'POST', '/verifications', { vendorData: 'user-42', ...extra });
  expect(created.status).toBe(200);
  // The link is opened exactly as the customer received it (PUBLIC_URL is the e2e server).
  return { receiver, apiKey: key.apiKey, id: created.body.data.verificationId, link: created.body.data.link };
}

/** Downloads an image URL exactly as returned and checks it is a clean JPEG. */
async function expectImage(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  expect(meta.width).toBeGreaterThanOrEqual(320);
}

/** After submit: thank-you or status screen, or (test keys decide at once) the verified screen. */
async function expectFinished(page: Page) {
  const finished = page.locator('[data-testid="done-screen"], [data-testid="status-text"], [data-testid="closed-reason"][data-reason="successful"]');
  await expect(finished.first()).toBeVisible({ timeout: 30_000 });
}

async function expectClosed(page: Page, reason: string) {
  const closed = new IndividualClosedLinkPage(page);
  await closed.expectVisible();
  expect(await closed.reasonCode()).toBe(reason);
}

function eventsOf(receiver: WebhookReceiver, id: string) {
  return receiver.events().filter((e) => (e.json as { data: { verificationId?: string } }).data.verificationId === id);
}

function expectSignedInOrder(receiver: WebhookReceiver, id: string, order = ORDER) {
  const got = eventsOf(receiver, id);
  expect(got.map((e) => (e.json as { event: string }).event)).toEqual(order);
  for (const e of got) {
    expect(e.verified).toBe(true);
    const decision = ['verification.successful', 'verification.failed'].includes((e.json as { event: string }).event);
    expect(e.path).toBe(decision ? '/decision' : '/events');
  }
  return got;
}

test('document auto-captured without a tap, live selfie in a new browser (resume), submit: every event signed and in order', async () => {
  const { receiver, apiKey, id, link } = await setup();
  try {
    // Phase 1: the rear camera sees the test-made card held steady inside the guide (Chromium
    // takes one camera file per launch). Nobody touches the shutter: captureAndConfirm waits
    // for the automatic capture.
    const phone1 = await launchPhone(await feed('card-steady'));
    const page1 = await phone1.context.newPage();
    // The card's two sides from a canvas the test turns over (the file camera shows one side only).
    const camera = await installCardCamera(page1);
    await page1.goto(link);
    await idCardHalf(page1, camera);
    // The back photo's upload may still be running when the selfie screen shows: leave only
    // once the server has it, as a person closing the tab after the upload finished would.
    await receiver.waitFor((e) => (e.json as { event: string }).event === 'verification.document_back_uploaded', 30_000);
    await phone1.browser.close();

    // Phase 2: a new launch with a face that turns and blinks; reopening the link resumes at the selfie.
    const phone2 = await launchPhone(await feed('face-liveness'));
    const page2 = await phone2.context.newPage();
    await page2.goto(link);
    const selfie = new IndividualSelfiePage(page2);
    await selfie.expectVisible();
    await selfie.captureAndConfirm();
    await new IndividualReviewPage(page2).submit();
    await expectFinished(page2);
    await receiver.waitFor((e) => (e.json as { event: string }).event === 'verification.successful', 30_000);
    const events = expectSignedInOrder(receiver, id);
    const decision = events.at(-1)!.json as { data: Record<string, unknown> };
    expect(decision.data).toMatchObject({ verificationId: id, vendorData: 'user-42', statusCode: 2010 });
    expect(decision.data.docInfo).toMatchObject({ docType: 'NATIONAL_ID', issuingState: 'DEU' });
    await phone2.browser.close();
    for (const url of [decision.data.userSelfie, decision.data.userIdFront, decision.data.userIdBack]) await expectImage(url as string);

    const record = await customerCall<any>(apiKey, 'GET', `/verifications/${id}`);
    expect(record.body.data).toMatchObject({ status: 'successful', statusCode: 2010, doc: { type: 'NATIONAL_ID', issuingState: 'DEU' } });
    expect(record.body.data.liveness).toMatchObject({ status: 'passed', method: 'active_challenge', checks: { device: 'passed', server: 'passed' } });
    expect(record.body.data.liveness.challenge).toHaveLength(2);
    expect(record.body.data.liveness.evidence.length).toBeGreaterThanOrEqual(3);
    expect((decision.data.liveness as { status: string }).status).toBe('passed');
    for (const url of [record.body.data.selfie.url, record.body.data.doc.url.front, record.body.data.doc.url.back]) await expectImage(url);
    for (const e of record.body.data.liveness.evidence) await expectImage(e.url);
  } finally {
    await receiver.close();
  }
});

test('camera denied on a key that allows a picked selfie: files complete the flow, the session is not live and not successful', async () => {
  const returnUrl = 'http://127.0.0.1:9/kyc-done?order=77';
  const { receiver, apiKey, id, link } = await setup('test', { redirect: returnUrl }, { selfieUpload: true });
  try {
    const phone = await launchPhone('denied');
    const page = await phone.context.newPage();
    await page.goto(link);
    await new IndividualWelcomePage(page).consentAndStart();
    await new IndividualDocumentChoicePage(page).choose('PASSPORT', 'France');
    const front = new IndividualDocumentCapturePage(page, 'front');
    await expect(front.cameraFallback()).toBeVisible({ timeout: 20_000 });
    await front.uploadFile(await cardPhoto());
    await front.usePhoto();
    const selfie = new IndividualSelfiePage(page);
    await expect(selfie.cameraFallback()).toBeVisible({ timeout: 20_000 });
    await selfie.pickFile(resolve('e2e/fixtures/grace_hopper.jpg'));
    await new IndividualReviewPage(page).submit();
    await expectFinished(page);
    // A picked selfie proves no live person: the sandbox never decides it successful.
    await receiver.waitFor((e) => (e.json as { event: string }).event === 'verification.failed', 30_000);
    const names = eventsOf(receiver, id).map((e) => (e.json as any).event);
    expect(names).toEqual([...ORDER.filter((n) => !['verification.document_back_uploaded', 'verification.biometrics_matched', 'verification.successful'].includes(n)), 'verification.failed']);
    const record = await customerCall<any>(apiKey, 'GET', `/verifications/${id}`);
    expect(record.body.data.liveness).toMatchObject({ status: 'not_live', method: 'file_upload' });
    // The thank-you screen continues to the customer's redirect with the id and the status.
    const done = new IndividualDonePage(page);
    await done.expectVisible();
    const leaving = page.waitForRequest((r) => r.url().startsWith('http://127.0.0.1:9/kyc-done'), { timeout: 30_000 });
    await done.continue();
    const target = new URL((await leaving).url());
    expect(target.searchParams.get('order')).toBe('77');
    expect(target.searchParams.get('verificationId')).toBe(id);
    expect(['completed', 'failed']).toContain(target.searchParams.get('status'));
    await phone.browser.close();
  } finally {
    await receiver.close();
  }
});

test('a camera showing no document and no face: nothing is taken by itself, a manual shot gets a retake', async () => {
  const { receiver, link } = await setup();
  try {
    const phone = await launchPhone(await feed('cat'));
    const page = await phone.context.newPage();
    await page.goto(link);
    await new IndividualWelcomePage(page).consentAndStart();
    await new IndividualDocumentChoicePage(page).choose('PASSPORT', 'Italy');
    const front = new IndividualDocumentCapturePage(page, 'front');
    await expect(front.qualityHint()).toHaveAttribute('data-hint', 'no-document', { timeout: 20_000 });
    // The shutter comes back as a fallback after a few seconds; a shot without a document is
    // refused on the spot with a retake.
    await front.takePhoto(20_000);
    await expect(front.capturePreview()).toHaveAttribute('data-capture', 'manual');
    await expect(front.noDocument()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('use-photo')).toBeDisabled();
    await front.retake();
    await front.uploadFile(await cardPhoto());
    await expect(front.capturePreview()).toHaveAttribute('data-checked', 'true', { timeout: 20_000 });
    await expect(front.noDocument()).toHaveCount(0);
    await front.usePhoto();

    const selfie = new IndividualSelfiePage(page);
    const hint = selfie.hint();
    await expect(hint).toHaveAttribute('data-hint', 'no-face', { timeout: 30_000 });
    // Several seconds of frames: without a face no photo is taken and no challenge starts.
    for (let i = 0; i < 5; i++) {
      await expect(selfie.shutter()).toHaveCount(0);
      await expect(livenessInstruction(selfie.root)).toHaveCount(0);
      await page.waitForTimeout(600);
    }
    await expect(hint).toHaveAttribute('data-hint', 'no-face');
    await phone.browser.close();
  } finally {
    await receiver.close();
  }
});

test('a blurred card is never taken by itself and the blur hint shows', async () => {
  const { receiver, link } = await setup();
  try {
    const phone = await launchPhone(await feed('card-blurred'));
    const page = await phone.context.newPage();
    await page.goto(link);
    await new IndividualWelcomePage(page).consentAndStart();
    await new IndividualDocumentChoicePage(page).choose('NATIONAL_ID', 'Germany');
    const front = new IndividualDocumentCapturePage(page, 'front');
    await expect(front.qualityHint()).toHaveAttribute('data-hint', 'blurry', { timeout: 20_000 });
    for (let i = 0; i < 8; i++) {
      await expect(front.capturePreview()).toHaveCount(0);
      await page.waitForTimeout(750);
    }
    await expect(front.qualityHint()).toHaveAttribute('data-hint', 'blurry');
    await phone.browser.close();
  } finally {
    await receiver.close();
  }
});

test('a still photo of a face never passes the liveness check and the session never ends successful', async () => {
  test.setTimeout(240_000);
  const { receiver, apiKey, id, link } = await setup();
  try {
    const phone = await launchPhone(await feed('face-still'));
    const page = await phone.context.newPage();
    await page.goto(link);
    await new IndividualWelcomePage(page).consentAndStart();
    await new IndividualDocumentChoicePage(page).choose('PASSPORT', 'France');
    const front = new IndividualDocumentCapturePage(page, 'front');
    await front.uploadFile(await cardPhoto());
    await front.usePhoto();
    const selfie = new IndividualSelfiePage(page);
    // The photo is steady and well placed, so the check starts; then no action is ever seen.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await expect(livenessInstruction(selfie.root)).toBeAttached({ timeout: 60_000 });
      if (attempt < 3) {
        await expect(livenessRetry(selfie.root)).toBeVisible({ timeout: 60_000 });
        await expect(livenessRetry(selfie.root)).toHaveAttribute('data-failure', 'timeout');
        await page.getByTestId('liveness-try-again').click();
      }
    }
    await expect(livenessFailed(selfie.root)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('liveness-passed')).toHaveCount(0);
    await page.getByTestId('liveness-continue').click();
    await new IndividualReviewPage(page).submit();
    await expectFinished(page);
    await receiver.waitFor((e) => (e.json as { event: string }).event === 'verification.failed', 30_000);
    const names = eventsOf(receiver, id).map((e) => (e.json as any).event);
    expect(names).not.toContain('verification.successful');
    expect(names).not.toContain('verification.biometrics_matched');
    const record = await customerCall<any>(apiKey, 'GET', `/verifications/${id}`);
    expect(record.body.data.status).toBe('failed');
    expect(record.body.data.liveness).toMatchObject({ status: 'failed', method: 'active_challenge', attempts: 3 });
    await phone.browser.close();
  } finally {
    await receiver.close();
  }
});

test('cancelled and expired links show their own screens', async () => {
  const { receiver, apiKey, id, link } = await setup();
  try {
    const second = await customerCall<{ verificationId: string; link: string }>(apiKey, 'POST', '/verifications', {});
    const cancel = await customerCall(apiKey, 'PATCH', `/verifications/${id}/cancel`);
    expect(cancel.status).toBe(200);
    const expire = await fetch(`${E2E_BASE}/api/v1/test/verifications/${second.body.data.verificationId}/expire`, { method: 'POST', headers: { 'x-api-key': apiKey } });
    expect(expire.status).toBe(200);

    const phone = await launchPhone('none');
    const page = await phone.context.newPage();
    await page.goto(link);
    await expectClosed(page, 'cancelled');
    await page.goto(second.body.data.link);
    await expectClosed(page, 'expired');
    await page.goto(`${E2E_BASE}/?processId=ffffffffffffffffffffffffffffffff`);
    await new IndividualUnknownLinkPage(page).expectVisible();
    await phone.browser.close();
  } finally {
    await receiver.close();
  }
});

test('a live key sends a not-live session to a specialist; it ends after `idv review decide`', async () => {
  const { receiver, apiKey, id, link } = await setup('live', {}, { selfieUpload: true });
  try {
    const phone = await launchPhone('denied');
    const page = await phone.context.newPage();
    await page.goto(link);
    await new IndividualWelcomePage(page).consentAndStart();
    await new IndividualDocumentChoicePage(page).choose('PASSPORT', 'Spain');
    const front = new IndividualDocumentCapturePage(page, 'front');
    await expect(front.cameraFallback()).toBeVisible({ timeout: 20_000 });
    await front.uploadFile(await cardPhoto());
    await front.usePhoto();
    const selfie = new IndividualSelfiePage(page);
    await expect(selfie.cameraFallback()).toBeVisible({ timeout: 20_000 });
    await selfie.pickFile(resolve('e2e/fixtures/grace_hopper.jpg'));
    await new IndividualReviewPage(page).submit();
    await expectFinished(page);
    // The automatic checks run first (a few seconds); a picked selfie is not live, so they hand it to a specialist.
    await expect.poll(async () => (await customerCall<any>(apiKey, 'GET', `/verifications/${id}`)).body.data.decision, { timeout: 60_000 }).toBe('review');

    const idv = (...args: string[]) => execFileSync('npx', ['tsx', 'src/server/cli/idv.ts', '--url', E2E_BASE, ...args], {
      env: { ...process.env, IDV_ADMIN_TOKEN: E2E_ADMIN_TOKEN }, encoding: 'utf8',
    });
    expect(idv('review', 'list')).toContain(id);
    idv('review', 'decide', id, 'successful', '--reason', 'Document and face checked', '--doc-number', 'L898902C3', '--last-name', 'HOPPER');
    await receiver.waitFor((e) => (e.json as { event: string }).event === 'verification.successful', 30_000);
    const record = await customerCall<any>(apiKey, 'GET', `/verifications/${id}`);
    expect(record.body.data).toMatchObject({ status: 'successful', verificationMethod: 'manual', docInfo: { docNumber: 'L898902C3', lastName: 'HOPPER' } });
    // The status screen left open follows the decision by itself (polling, no reload).
    await expect(page.locator('[data-testid="closed-reason"][data-reason="successful"]')).toBeVisible({ timeout: 60_000 });
    await phone.browser.close();
  } finally {
    await receiver.close();
  }
});
