import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { launchPhone } from './support/camera';
import { expectAccessible } from './support/a11y';
import { createKey, customerCall } from './support/service';
import { createCompany, fillAndSubmitViaHostedApi } from './company/company-support';
import { IndividualWelcomePage } from './individual/pages/welcome';
import { IndividualDocumentChoicePage } from './individual/pages/document-choice';
import { CompanyWelcomePage } from './company/pages/welcome';
import { CompanyBusinessPage } from './company/pages/business';
import { CompanyScreen } from './company/pages/common';
import { CompanyReviewPage } from './company/pages/review';
import { CompanyDonePage } from './company/pages/done';

const SMALL_PHONE = { viewport: { width: 320, height: 640 }, screen: { width: 320, height: 640 } };

/**
 * Where the Back chevron's tip points, read from a screenshot of the icon: at its middle row the
 * stroke reaches further towards the tip than a third of the way down.
 */
async function chevronPoints(icon: Locator): Promise<'left' | 'right'> {
  const { data, info } = await sharp(await icon.screenshot()).greyscale().raw().toBuffer({ resolveWithObject: true });
  const background = data[0]!;
  const inked = (row: number) => {
    const xs: number[] = [];
    for (let x = 0; x < info.width; x += 1) if (Math.abs(data[row * info.width + x]! - background) > 80) xs.push(x);
    if (xs.length === 0) throw new Error(`no stroke on row ${row}`);
    return { min: xs[0]!, max: xs.at(-1)! };
  };
  const mid = inked(Math.floor(info.height / 2));
  const upper = inked(Math.floor(info.height * 0.32));
  if (mid.min < upper.min - 1) return 'left';
  if (mid.max > upper.max + 1) return 'right';
  throw new Error(`chevron direction unclear: mid ${JSON.stringify(mid)} upper ${JSON.stringify(upper)}`);
}

// Right-to-left languages mirror the layout: Back sits on the right with its chevron pointing
// right, the brand on the right of the header and the language switcher on its left.
for (const lang of ['ar', 'fa', 'en'] as const) {
  test(`the individual flow in ${lang} lays out ${lang === 'en' ? 'left to right' : 'right to left'} (screenshot of Back, layout of the header)`, async () => {
    const testInfo = test.info();
    const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision', { branding: { name: 'Acme Bank' } });
    const created = await customerCall<{ link: string }>(key.apiKey, 'POST', '/verifications', {});
    const phone = await launchPhone('denied', { ...SMALL_PHONE, locale: 'en-US' });
    try {
      const page = await phone.context.newPage();
      await page.goto(`${created.body.data.link}&lang=${lang}`);
      const welcome = new IndividualWelcomePage(page);
      await welcome.expectVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'en' ? 'ltr' : 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await welcome.consentAndStart();
      const choice = new IndividualDocumentChoicePage(page);
      await choice.expectVisible();
      await choice.chooseType('PASSPORT');
      await page.getByTestId('country-combobox').getByRole('combobox').fill('Fr');
      await page.getByTestId('country-combobox').getByRole('option').first().click();
      await choice.continue();
      await expect(page.getByTestId('back-button').first()).toBeVisible({ timeout: 20_000 });
      await testInfo.attach(`document-front-${lang}.png`, { body: await page.screenshot(), contentType: 'image/png' });
      // Back points towards where the person came from: left in English, right in Arabic and Persian.
      expect(await chevronPoints(page.getByTestId('back-button').first().locator('svg'))).toBe(lang === 'en' ? 'left' : 'right');

      const box = async (l: Locator) => (await l.boundingBox())!;
      const back = await box(page.getByTestId('back-button').first());
      const brand = await box(page.getByTestId('app-brand'));
      const picker = await box(page.getByTestId('language'));
      const mid = 160;
      if (lang === 'en') {
        expect(back.x + back.width / 2).toBeLessThan(mid);
        expect(brand.x).toBeLessThan(picker.x);
      } else {
        expect(back.x + back.width / 2).toBeGreaterThan(mid);
        expect(brand.x).toBeGreaterThan(picker.x);
      }
    } finally {
      await phone.browser.close();
    }
  });
}

test('the language switcher changes every text at once, keeps the step, and the key default applies without ?lang=', async () => {
  const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision', { defaultLanguage: 'sw' });
  const created = await customerCall<{ link: string }>(key.apiKey, 'POST', '/verifications', {});
  const phone = await launchPhone('denied', { ...SMALL_PHONE, locale: 'fr-FR' });
  try {
    const page = await phone.context.newPage();
    await page.goto(created.body.data.link);
    const welcome = new IndividualWelcomePage(page);
    await welcome.expectVisible();
    // The key says Swahili; the browser says French: the key wins.
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByTestId('language')).toHaveValue('sw');
    await welcome.consentAndStart();
    await new IndividualDocumentChoicePage(page).expectVisible();
    const heading = page.getByRole('heading', { level: 1 });
    const swahili = await heading.textContent();
    await page.getByTestId('language').selectOption('yo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
    await expect(heading).not.toHaveText(swahili ?? '');
    await new IndividualDocumentChoicePage(page).expectVisible();
    await expectAccessible(page, 'document choice in Yoruba');

    // ?lang= beats the key's default.
    await page.goto(`${created.body.data.link}&lang=uk`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  } finally {
    await phone.browser.close();
  }
});

test("the individual flow's screens before the camera work by keyboard alone, focus on each heading", async () => {
  const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision');
  const created = await customerCall<{ link: string }>(key.apiKey, 'POST', '/verifications', {});
  const phone = await launchPhone('denied', { ...SMALL_PHONE, locale: 'en-GB' });
  try {
    const page = await phone.context.newPage();
    await page.goto(created.body.data.link);
    const welcome = new IndividualWelcomePage(page);
    await welcome.expectVisible();
    await tabTo(page, welcome.consentBox());
    await page.keyboard.press('Space');
    await expect(welcome.consentBox()).toBeChecked();
    await tabTo(page, page.getByTestId('start-button'));
    await page.keyboard.press('Enter');
    const choice = new IndividualDocumentChoicePage(page);
    await choice.expectVisible();
    await expect(page.locator('main h1')).toBeFocused();
    await tabTo(page, page.getByTestId('doc-type-PASSPORT'));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('doc-type-PASSPORT')).toBeChecked();
    const country = page.getByTestId('country-combobox').getByRole('combobox');
    await tabTo(page, country);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Ghana');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('Ghana');
    await tabTo(page, page.getByTestId('document-continue'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('back-button').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('main h1')).toBeFocused();
  } finally {
    await phone.browser.close();
  }
});

// Every screen of the company flow, in a left-to-right and a right-to-left language, by
// keyboard alone: axe-core finds nothing, nothing scrolls sideways at 320 px, focus lands on
// each new step's heading.
for (const lang of ['en', 'fa'] as const) {
  test(`every company screen in ${lang} passes axe at 320 px and works by keyboard`, async () => {
    const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision', { selfieUpload: true, branding: { name: 'Harbour' } });
    const fresh = await createCompany(key.apiKey, { vendorData: `lang-${lang}-1` });
    const filled = await createCompany(key.apiKey, { vendorData: `lang-${lang}-2` });
    await fillAndSubmitViaHostedApi(filled, { submit: false });
    const phone = await launchPhone('none', { ...SMALL_PHONE, reducedMotion: 'reduce' });
    try {
      const page = await phone.context.newPage();
      await page.goto(`${fresh.link}&lang=${lang}`);
      const welcome = new CompanyWelcomePage(page);
      await welcome.expectVisible();
      await expectAccessible(page, `${lang} company welcome`);
      await welcome.start();
      const business = new CompanyBusinessPage(page);
      await business.expectVisible();
      await pressContinue(page, business);
      await business.expectError('field-legalName');
      await expectAccessible(page, `${lang} business with errors`);

      await page.goto(`${filled.link}&lang=${lang}&step=business`);
      for (const screen of ['company-business', 'company-contact', 'company-representative', 'company-officers', 'company-ownership', 'company-documents', 'company-liveness']) {
        const step = new CompanyScreen(page, screen);
        await step.expectVisible();
        await expectAccessible(page, `${lang} ${screen}`);
        await pressContinue(page, step);
        await expect(page.getByTestId(screen)).toBeHidden();
        // Focus goes to the new step's heading, so a screen reader starts reading there.
        await expect(page.locator('main h1')).toBeFocused();
      }
      const review = new CompanyReviewPage(page);
      await review.expectVisible();
      await expectAccessible(page, `${lang} review`);
      await review.submit();
      await new CompanyDonePage(page).expectVisible();
      await expectAccessible(page, `${lang} done`);
    } finally {
      await phone.browser.close();
    }
  });
}

/** Tabs (at most 80 times) until `target` has focus: no mouse. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('cannot be reached with Tab');
}

/** The step's Continue button, reached with Tab and pressed with Enter. */
async function pressContinue(page: Page, step: CompanyScreen): Promise<void> {
  await tabTo(page, step.root.getByTestId('continue'));
  await page.keyboard.press('Enter');
}
