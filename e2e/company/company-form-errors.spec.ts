import { expect, test } from '@playwright/test';
import { CompanyBusinessPage } from './pages/business';
import { CompanyContactPage } from './pages/contact';
import { CompanyOwnershipPage } from './pages/ownership';
import { CompanyWelcomePage } from './pages/welcome';
import { CompanyDocumentsPage } from './pages/documents';
import { E2E_BASE } from '../support/env';
import { linkPath } from '../support/service';
import { completeSections, createCompany, hostedClient, keyWithReceiver, listedRecord } from './company-support';

test('a required field left empty blocks Continue with the error beside it', async ({ page }) => {
  const { apiKey, receiver } = await keyWithReceiver('test');
  try {
    const created = await createCompany(apiKey, {});
    await page.goto(`${E2E_BASE}${linkPath(created.link)}`);
    await new CompanyWelcomePage(page).start();
    const business = new CompanyBusinessPage(page);
    await business.expectVisible();
    await business.fillForm({
      registrationNumber: 'RC555', registrationType: 'private_limited', country: 'United Kingdom', industry: 'Retail',
    });
    await business.continue();
    await business.expectError('field-legalName', 'Fill this in to continue.');
    await expect(business.root).toBeVisible();
    await expect(page.getByTestId('company-contact')).toHaveCount(0);

    await business.fill('field-legalName', 'Corner Shop Ltd');
    await expect(business.error('field-legalName')).toHaveCount(0);
    await business.continue();
    await new CompanyContactPage(page).expectVisible();
    expect((await listedRecord(apiKey, created.verificationId)).businessProfile).toMatchObject({ legalName: 'Corner Shop Ltd' });
  } finally {
    await receiver.close();
  }
});

test('ownership over 100 % is refused on the form and by the server', async ({ page }) => {
  const { apiKey, receiver } = await keyWithReceiver('test');
  try {
    const created = await createCompany(apiKey, {});
    // The sections before ownership are saved the way the form saves them; the link opens there.
    const api = hostedClient(created);
    for (const section of ['business', 'contact', 'representative', 'officers'] as const) {
      await api('PATCH', '/draft', { section, data: completeSections[section] });
    }
    await page.goto(`${E2E_BASE}${linkPath(created.link)}&step=ownership`);
    const ownership = new CompanyOwnershipPage(page);
    await ownership.expectVisible();
    await ownership.add({ firstName: 'Chidi', lastName: 'Eze', share: '70' });
    await ownership.add({ firstName: 'Ngozi', lastName: 'Eze', share: '40' });
    await expect(ownership.totalError()).toBeVisible();
    await expect(ownership.totalError()).toHaveText("The shares add up to more than 100 %. Check each owner's share.");
    await ownership.continue();
    await expect(ownership.totalError()).toBeVisible();
    await expect(page.getByTestId('company-documents')).toHaveCount(0);

    // The server refuses the same total at submit, whatever a client sends.
    await api('PATCH', '/draft', { section: 'ownership', data: { owners: [{ firstName: 'A', lastName: 'B', share: 70 }, { firstName: 'C', lastName: 'D', share: 40 }] } });
    await expect(api('POST', '/submit')).rejects.toThrow(/400.*invalid_form/);

    // Lowering a share clears the error and moves on.
    await ownership.edit(1, { share: '30' });
    await expect(ownership.totalError()).toHaveCount(0);
    await ownership.continue();
    await new CompanyDocumentsPage(page).expectVisible();
    expect((await listedRecord(apiKey, created.verificationId)).status).toBe('started');
  } finally {
    await receiver.close();
  }
});
