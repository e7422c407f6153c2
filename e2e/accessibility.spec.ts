import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { cardPhoto, launchPhone } from './support/camera';
import { expectAccessible } from './support/a11y';
import { createKey, customerCall } from './support/service';
import { createCompany } from './company/company-support';
import { IndividualWelcomePage } from './individual/pages/welcome';
import { IndividualDocumentChoicePage } from './individual/pages/document-choice';
import { IndividualDocumentCapturePage } from './individual/pages/document-capture';
import { IndividualSelfiePage } from './individual/pages/selfie';
import { IndividualReviewPage } from './individual/pages/review';
import { CompanyWelcomePage } from './company/pages/welcome';
import { CompanyBusinessPage } from './company/pages/business';

// The smallest phone width WCAG asks layouts to reflow at (1.4.10), with the person's display
// preferences: every screen of the upload path is checked by axe-core and for sideways scrolling.
const SMALL_PHONE = { viewport: { width: 320, height: 640 }, screen: { width: 320, height: 640 } };

for (const { lang, colorScheme } of [{ lang: 'en', colorScheme: 'dark' }, { lang: 'ar', colorScheme: 'light' }] as const) {
  test(`individual flow at 320 px (${lang}, ${colorScheme}, reduced motion) has no accessibility violations`, async () => {
    const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision', { branding: { name: 'Acme Bank' }, selfieUpload: true });
    const created = await customerCall<{ link: string }>(key.apiKey, 'POST', '/verifications', {});
    const phone = await launchPhone('denied', { ...SMALL_PHONE, colorScheme, reducedMotion: 'reduce', locale: lang });
    try {
      const page = await phone.context.newPage();
      await page.goto(created.body.data.link);
      const welcome = new IndividualWelcomePage(page);
      await welcome.expectVisible();
      await expectAccessible(page, 'welcome');
      await welcome.start();
      await expect(welcome.consentError()).toBeVisible();
      await expectAccessible(page, 'welcome, consent missing');
      await welcome.consentAndStart();

      const choice = new IndividualDocumentChoicePage(page);
      await choice.expectVisible();
      await choice.chooseType('PASSPORT');
      await page.getByTestId('country-combobox').getByRole('combobox').fill('Fr');
      await expectAccessible(page, 'document choice, country list open');
      await page.getByTestId('country-combobox').getByRole('option').first().click();
      await choice.continue();

      const front = new IndividualDocumentCapturePage(page, 'front');
      await expect(front.cameraFallback()).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, 'document front, camera unavailable');
      await front.uploadFile(await cardPhoto());
      await expectAccessible(page, 'document front, preview');
      await front.usePhoto();

      const selfie = new IndividualSelfiePage(page);
      await expect(selfie.cameraFallback()).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, 'selfie, camera unavailable');
      await selfie.pickFile(resolve('e2e/fixtures/grace_hopper.jpg'));

      const review = new IndividualReviewPage(page);
      await review.expectVisible();
      await expect(review.submitButton()).toBeEnabled({ timeout: 20_000 });
      await expectAccessible(page, 'review');
      await review.submit();
      const finished = page.locator('[data-testid="done-screen"], [data-testid="status-text"], [data-testid="closed-reason"]');
      await expect(finished.first()).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, 'finished');
    } finally {
      await phone.browser.close();
    }
  });
}

test('company welcome and a business step with errors at 320 px have no accessibility violations', async () => {
  const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision');
  const company = await createCompany(key.apiKey, { vendorData: 'a11y' });
  const phone = await launchPhone('none', { ...SMALL_PHONE, reducedMotion: 'reduce' });
  try {
    const page = await phone.context.newPage();
    await page.goto(company.link);
    const welcome = new CompanyWelcomePage(page);
    await welcome.expectVisible();
    await expectAccessible(page, 'company welcome');
    await welcome.start();
    const business = new CompanyBusinessPage(page);
    await business.expectVisible();
    await expectAccessible(page, 'company business');
    await business.continue();
    await business.expectError('field-legalName');
    await expectAccessible(page, 'company business with errors');
  } finally {
    await phone.browser.close();
  }
});
