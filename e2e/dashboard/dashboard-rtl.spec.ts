import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { collectedSession } from '../support/collected-session';
import { expectAccessible } from '../support/a11y';
import { makeIdCardFrame } from '../../test-support/cards/id-card';
import { idv } from '../support/idv-cli';
import { renderPoseFrames } from '../../test-support/faces/liveness-frames';
import { createCompany, fillAndSubmitViaHostedApi, isEvent, keyWithReceiver } from '../company/company-support';
import { DashboardCasePage } from './pages/case';
import { DashboardSignInPage } from './pages/sign-in';

// The dashboard in a right-to-left language: every page an owner opens, with an individual and a
// company case in it, mirrors (dir=rtl, navigation on the right) and passes the same checks as in
// English (axe-core, 44 px targets, linked errors, reflow).
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

async function openInArabic(page: Page, path: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
}

test('every dashboard page in Arabic is laid out right to left and passes the accessibility checks', async ({ page }) => {
  const { apiKey, receiver } = await keyWithReceiver('live', { decisions: 'review', selfieUpload: true, name: 'Acme RTL' });
  try {
    const face = resolve('e2e/fixtures/grace_hopper.jpg');
    const frames = await renderPoseFrames(face, [{ yawDeg: 0, closed: 0 }, { yawDeg: -30, closed: 0 }, { yawDeg: 0, closed: 1 }]);
    const individualId = await collectedSession(apiKey, await makeIdCardFrame(face, { width: 640, height: 480 }, { cardShare: 0.8 }), frames, 'rtl-person');
    const company = await createCompany(apiKey, { vendorData: 'rtl-company' });
    await fillAndSubmitViaHostedApi(company);
    await receiver.waitFor(isEvent('company_verification.submitted'));

    const owner = JSON.parse(await idv('users', 'create', '--email', 'owner-rtl@acme.test', '--role', 'owner', '--json')) as { signInUrl: string };
    await new DashboardSignInPage(page).setPassword(owner.signInUrl, 'an owner passphrase of some length');

    await openInArabic(page, '/dashboard');
    // The navigation column sits on the right of the content in a right-to-left page.
    const nav = (await page.getByRole('navigation').first().boundingBox())!;
    const main = (await page.locator('main').boundingBox())!;
    expect(nav.x).toBeGreaterThan(main.x);
    await expect(page.locator(`[data-testid="verification-row"][data-id="${individualId}"]`)).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, 'ar list');
    // The bulk moves appear once a case is ticked: checked in Arabic too.
    await page.locator(`[data-testid="verification-row"][data-id="${individualId}"]`).getByTestId('row-select').check();
    await expect(page.getByTestId('bulk-bar')).toBeVisible();
    await expectAccessible(page, 'ar list with bulk moves');

    await openInArabic(page, `/dashboard/verifications/individual/${individualId}`);
    const individual = new DashboardCasePage(page, 'individual-case');
    await individual.expectVisible();
    for (const image of ['selfie-image', 'front-image', 'back-image']) await individual.expectImageShown(image);
    await expectAccessible(page, 'ar individual case');

    await openInArabic(page, `/dashboard/verifications/company/${company.verificationId}`);
    const companyCase = new DashboardCasePage(page, 'company-case');
    await companyCase.expectVisible();
    await expect(page.getByTestId('pdf-pages').first()).toHaveAttribute('data-state', 'ready');
    await expectAccessible(page, 'ar company case');

    for (const section of ['developers', 'team', 'campaigns', 'activity']) {
      await openInArabic(page, `/dashboard/${section}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `ar ${section}`);
    }
  } finally {
    await receiver.close();
  }
});
