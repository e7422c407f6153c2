import { expect, test } from '@playwright/test';
import { idv } from '../support/idv-cli';
import { customerCall } from '../support/service';
import { keyWithReceiver } from '../company/company-support';
import { DashboardShell } from './pages/common';

// A developer manages keys and webhooks and sees no identity document: no list, no case, no
// image, by menu, by typed address or by API. And a weak password is refused on the way in.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

type Made = { signInUrl: string };

test('a developer is refused a weak password, then sees keys but no verification, whatever the address', async ({ page }) => {
  const { apiKey, receiver } = await keyWithReceiver('live', { name: 'Dev live' });
  await receiver.close();
  const created = await customerCall<{ verificationId: string }>(apiKey, 'POST', '/verifications', { vendorData: 'secret-person' });
  const id = created.body.data.verificationId;
  const made = JSON.parse(await idv('users', 'create', '--email', 'dev@acme.test', '--role', 'developer', '--json')) as Made;

  await page.goto(made.signInUrl);
  await page.getByLabel('New password').fill('aaaaaaaaaaaa');
  await page.getByLabel('Repeat the password').fill('aaaaaaaaaaaa');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByTestId('set-password-error')).toContainText('too easy to guess');
  await page.getByLabel('New password').fill('kettle orbit lantern quietly');
  await page.getByLabel('Repeat the password').fill('kettle orbit lantern quietly');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await new DashboardShell(page).expectSignedInAs('dev@acme.test');

  const shell = new DashboardShell(page);
  await expect(shell.nav().getByRole('link', { name: 'Developers' })).toBeVisible();
  await expect(shell.nav().getByRole('link', { name: 'Verifications' })).toHaveCount(0);
  for (const path of [`/dashboard/verifications/individual/${id}`, '/dashboard/verifications']) {
    await page.goto(path);
    await expect(page.getByTestId('not-allowed')).toBeVisible();
    expect(await page.content()).not.toContain('secret-person');
  }
  for (const path of ['/api/dashboard/verifications', `/api/dashboard/verifications/individual/${id}`]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(403);
    expect((await res.json()).error.code).toBe('forbidden');
  }
  expect((await page.request.get('/api/dashboard/keys')).status()).toBe(200);
});

test('a test event says what each receiver answered; deliveries filter by key and result', async ({ page }) => {
  const { receiver } = await keyWithReceiver('live', { name: 'Dev events' });
  try {
    const made = JSON.parse(await idv('users', 'create', '--email', 'dev-events@acme.test', '--role', 'developer', '--json')) as Made;
    await page.goto(made.signInUrl);
    await page.getByLabel('New password').fill('kettle orbit lantern quietly');
    await page.getByLabel('Repeat the password').fill('kettle orbit lantern quietly');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await new DashboardShell(page).expectSignedInAs('dev-events@acme.test');
    await page.goto('/dashboard/developers');
    const card = page.getByTestId('key-card').filter({ hasText: 'Dev events' });
    await card.getByTestId('test-event').click();
    // The receiver's own answer, for each URL the key has, not just "queued".
    await expect(page.getByTestId('developers-notice')).toContainText('events URL answered HTTP 200', { timeout: 20_000 });
    await expect(page.getByTestId('developers-notice')).toContainText('decision URL answered HTTP 200');
    expect(receiver.events().length).toBeGreaterThanOrEqual(2);
    await page.getByTestId('deliveries-state').selectOption('delivered');
    await expect(page.getByTestId('delivery-state').first()).toHaveAttribute('data-state', 'delivered');
    await page.getByTestId('deliveries-state').selectOption('failed');
    await expect(page.getByTestId('delivery-state').filter({ has: page.locator('[data-state="delivered"]') })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
