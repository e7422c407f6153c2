import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { idv } from '../support/idv-cli';
import { bodyOf, createCompany, fillAndSubmitViaHostedApi, isEvent, keyWithReceiver } from '../company/company-support';
import { DashboardCasePage } from './pages/case';
import { DashboardListPage } from './pages/list';
import { DashboardCampaignsPage, DashboardDevelopersPage, DashboardTeamPage } from './pages/sections';
import { DashboardSignInPage } from './pages/sign-in';

// An owner's dashboard: a company case read in the page (its PDF painted, its image, the
// representative's selfie) and approved; a key made and shown once; a reviewer invited; every
// action in the activity log; a campaign copied in the editor; no page with a password hash or
// a whole key after creation.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

/** Dark pixels painted in the PDF's first canvas (a blank or failed render has none). */
const inkOnFirstPage = (page: Page) => page.getByTestId('pdf-pages').first().locator('canvas').first().evaluate((c: HTMLCanvasElement) => {
  const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 200) dark += 1;
  return dark;
});

test('an owner reviews a company case in the page and approves it; keys, team and activity work and leak nothing', async ({ page }) => {
  const { apiKey, receiver } = await keyWithReceiver('live', { selfieUpload: true, name: 'Acme KYB' });
  try {
    const created = await createCompany(apiKey, { vendorData: 'merchant-77' });
    await fillAndSubmitViaHostedApi(created);
    await receiver.waitFor(isEvent('company_verification.submitted'));
    const owner = JSON.parse(await idv('users', 'create', '--email', 'owner@acme.test', '--role', 'owner', '--json')) as { signInUrl: string };
    await new DashboardSignInPage(page).setPassword(owner.signInUrl, 'an owner passphrase of some length');

    const list = new DashboardListPage(page);
    await list.search(created.verificationId);
    await list.row(created.verificationId).getByRole('link').click();
    const review = new DashboardCasePage(page, 'company-case');
    await review.expectVisible();
    await expect(review.root.getByTestId('business')).toContainText('Harbour Logistics Ltd');
    await expect(page.getByTestId('pdf-pages').first()).toHaveAttribute('data-state', 'ready');
    expect(await inkOnFirstPage(page)).toBeGreaterThan(500);
    await expect(review.root.locator('[data-testid="company-document"][data-kind="proof_of_address"] img')).toBeVisible();
    await review.expectImageShown('rep-selfie');
    await expect(review.root.getByTestId('analysis')).toContainText('liveness_failed');
    await expectAccessible(page, 'company case');

    await review.decideByPointer('start-review');
    await receiver.waitFor(isEvent('company_verification.under_review'));
    // Approve is one action (no confirmation); the decline's dialog is checked in the queue journey.
    await review.root.getByTestId('approve').click();
    await expect(review.root.getByTestId('decision-outcome')).toContainText('Decision recorded');
    const approved = await receiver.waitFor(isEvent('company_verification.successful'));
    expect(approved).toMatchObject({ path: '/decision', verified: true });
    expect(bodyOf(approved).data).toMatchObject({ verificationId: created.verificationId, status: 'successful' });
    await expect(review.root.getByTestId('company-trail').locator('tr').nth(1)).toContainText('owner@acme.test');
    await expect(review.auditRows().first()).toContainText('company.approved');

    const developers = new DashboardDevelopersPage(page);
    await developers.open();
    await expectAccessible(page, 'developers');
    const key = await developers.createKey('Storefront', 'Test');
    expect(key).toMatch(/^sk_test_/);
    await page.reload();
    await expect(developers.keyCard('Storefront')).toBeVisible();
    expect(await page.content()).not.toContain(key);

    const team = new DashboardTeamPage(page);
    await team.open();
    expect(await team.invite('newrev@acme.test', 'Reviewer')).toContain('/dashboard/set-password#token=');
    await expectAccessible(page, 'team');

    const campaigns = new DashboardCampaignsPage(page);
    await campaigns.open();
    await expect(page.getByTestId('campaign-card').first()).toContainText('Built in (read-only)');
    await expectAccessible(page, 'campaigns');
    // A copy of the built-in form, edited beside its preview and saved as the organisation's own.
    await campaigns.startDraft('Default');
    await expect(campaigns.previewStep('officers')).toBeVisible();
    await campaigns.step('Officers').uncheck();
    await expect(campaigns.previewStep('officers')).toHaveCount(0);
    await expectAccessible(page, 'campaign editor');
    await campaigns.save();
    await expect(campaigns.card('Default (copy)')).toBeVisible();

    await page.goto('/dashboard/activity');
    const log = page.getByTestId('audit');
    for (const action of ['member.invited', 'key.created', 'company.approved', 'company.review_started', 'member.password_set']) await expect(log).toContainText(action);
    await expectAccessible(page, 'activity');
    const html = await page.content();
    expect(html).not.toMatch(/scrypt|\$[0-9a-z]+\$|passwordHash/i);
    expect(html).not.toContain(key);
  } finally {
    await receiver.close();
  }
});
