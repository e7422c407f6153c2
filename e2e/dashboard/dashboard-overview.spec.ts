import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { E2E_BASE } from '../support/env';
import { idv } from '../support/idv-cli';
import { createKey, customerCall, linkPath } from '../support/service';
import { sceneJpeg } from '../../test-support/cards/document-scenes';
import { sideSceneJpeg } from '../../test-support/cards/side-scenes';
import { IndividualDocumentCapturePage } from '../individual/pages/document-capture';
import { IndividualDocumentChoicePage } from '../individual/pages/document-choice';
import { IndividualWelcomePage } from '../individual/pages/welcome';
import { DashboardOverviewPage } from './pages/overview';
import { DashboardSignInPage } from './pages/sign-in';

// The overview (issue 29) counts what the hosted flow did: four people open links of a new
// organisation's key, on a phone in the real app or through the hosted API the app uses; they
// stop at different steps, one is decided. The overview shows that funnel, step by step, with
// its drop-off, and passes the accessibility checks in English and in Arabic.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 10; SM-A105F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

async function onPhone(browser: Browser, link: string, until: 'welcome' | 'document') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: PHONE_UA });
  const page = await context.newPage();
  await page.goto(linkPath(link));
  const welcome = new IndividualWelcomePage(page);
  await welcome.expectVisible();
  if (until === 'document') {
    await welcome.consentAndStart();
    const choice = new IndividualDocumentChoicePage(page);
    await choice.expectVisible();
    await choice.choose('NATIONAL_ID', 'Germany');
    await new IndividualDocumentCapturePage(page, 'front').expectVisible();
  }
  await context.close();
}

/**
 * The hosted API as the app calls it, from a phone: every step to a decision. The selfie is a
 * picked file (the key allows it), which proves no live person: the sandbox declines it, as
 * production would, and says why.
 */
async function throughHostedApi(verificationId: string) {
  const hosted = (rest: string, init: RequestInit = {}) => fetch(`${E2E_BASE}/api/v1/hosted/verifications/${verificationId}${rest}`, {
    ...init, headers: { 'user-agent': PHONE_UA, ...(init.headers as Record<string, string> ?? {}) },
  });
  const json = { 'content-type': 'application/json' };
  const jpeg = { 'content-type': 'image/jpeg' };
  expect((await hosted('')).status).toBe(200);
  expect((await hosted('/start', { method: 'POST' })).status).toBe(200);
  expect((await hosted('/document', { method: 'PUT', headers: json, body: JSON.stringify({ type: 'NATIONAL_ID', issuingState: 'NGA' }) })).status).toBe(200);
  expect((await hosted('/media/document-front', { method: 'PUT', headers: jpeg, body: new Uint8Array(await sceneJpeg({ cardShare: 0.7 })) })).status).toBe(200);
  expect((await hosted('/media/document-back', { method: 'PUT', headers: jpeg, body: new Uint8Array(await sideSceneJpeg('back', { cardShare: 0.7 })) })).status).toBe(200);
  expect((await hosted('/media/selfie', { method: 'PUT', headers: jpeg, body: new Uint8Array(readFileSync(resolve('e2e/fixtures/grace_hopper.jpg'))) })).status).toBe(200);
  expect((await hosted('/submit', { method: 'POST' })).status).toBe(200);
}

test('the overview shows the funnel of the sessions the test drove, with each stage\'s drop-off', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const org = JSON.parse(await idv('orgs', 'create', '--name', 'Funnel Shop', '--json')) as { id: string };
  const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision', { orgId: org.id, selfieUpload: true, name: 'Funnel test' });
  const session = async (vendorData: string) => (await customerCall<{ verificationId: string; link: string }>(key.apiKey, 'POST', '/verifications', { vendorData })).body.data;

  const [left, chose1, chose2, finished] = [await session('left'), await session('chose-1'), await session('chose-2'), await session('finished')];
  await onPhone(browser, left.link, 'welcome');
  await onPhone(browser, chose1.link, 'document');
  await onPhone(browser, chose2.link, 'document');
  await throughHostedApi(finished.verificationId);
  await expect.poll(async () => (await customerCall<{ status: string }>(key.apiKey, 'GET', `/verifications/${finished.verificationId}`)).body.data.status).toBe('failed');

  const owner = JSON.parse(await idv('users', 'create', '--email', 'head@funnel-shop.test', '--role', 'owner', '--org', org.id, '--json')) as { signInUrl: string };
  await new DashboardSignInPage(page).setPassword(owner.signInUrl, 'an owner passphrase of some length');
  const overview = new DashboardOverviewPage(page);
  await overview.open();
  await expect(overview.opened()).toContainText('4');
  expect(await overview.funnel()).toEqual([
    { step: 'opened', reached: '4', dropOff: '1 (25%)' },
    { step: 'started', reached: '3', dropOff: '–' },
    { step: 'document', reached: '3', dropOff: '2 (66.7%)' },
    { step: 'front', reached: '1', dropOff: '–' },
    { step: 'back', reached: '1', dropOff: '–' },
    { step: 'selfie', reached: '1', dropOff: '–' },
    { step: 'submitted', reached: '1', dropOff: '–' },
    { step: 'decided', reached: '1', dropOff: '–' },
  ]);
  await expect(overview.outcomeRow('declined')).toContainText('25%');
  await expect(overview.outcomeRow('approved')).toContainText('0%');
  await expect(page.getByTestId('overview-reasons-declined').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('overview-reasons-declined')).toContainText('The selfie was a picked photo, not a live person');
  await expect(page.getByTestId('overview-devices')).toContainText('Phone');
  await expectAccessible(page, 'overview');

  await page.goto('/dashboard/overview?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(overview.opened()).toContainText(/4|٤/);
  await expectAccessible(page, 'ar overview');
});
