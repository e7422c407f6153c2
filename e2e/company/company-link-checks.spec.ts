import { expect, test } from '@playwright/test';
import { CompanyLinkScreenPage } from './pages/link-screen';
import { CompanyWelcomePage } from './pages/welcome';
import { E2E_BASE } from '../support/env';
import { customerCall } from '../support/service';
import { createCompany, keyWithReceiver, listedRecord } from './company-support';

test('a wrong or missing hostedToken shows "open the link exactly as you received it" and changes nothing', async ({ page }) => {
  const { apiKey, receiver } = await keyWithReceiver('test');
  try {
    const created = await createCompany(apiKey, { vendorData: 'link-check' });
    const before = await listedRecord(apiKey, created.verificationId);
    expect(before.status).toBe('not started');
    const screens = new CompanyLinkScreenPage(page);

    const tampered = `${E2E_BASE}/company?processId=${created.processId}&hostedToken=${created.hostedToken.slice(0, -4)}abcd`;
    const missing = `${E2E_BASE}/company?processId=${created.processId}`;
    for (const url of [tampered, missing]) {
      await page.goto(url);
      await expect(screens.heading('invalid-link')).toHaveText('Open the link exactly as you received it');
      await expect(screens.screen('invalid-link')).toContainText('not complete or has been changed');
      await expect(page.getByTestId('company-welcome')).toHaveCount(0);
    }

    // The refused visits left the record as it was: not started, same audit trail, no events.
    const after = await listedRecord(apiKey, created.verificationId);
    expect(after).toMatchObject({ status: 'not started', statusCode: before.statusCode, updatedAt: before.updatedAt });
    expect(after.auditTrail).toEqual(before.auditTrail);
    const one = await customerCall(apiKey, 'GET', `/company-verifications/${created.verificationId}`);
    expect(one.body.data).toMatchObject({ status: 'not started' });
    expect(receiver.requests()).toHaveLength(0);

    // The intact link still opens the flow.
    await page.goto(created.link.replace(/^https?:\/\/[^/]+/, E2E_BASE));
    await new CompanyWelcomePage(page).expectVisible();
  } finally {
    await receiver.close();
  }
});
