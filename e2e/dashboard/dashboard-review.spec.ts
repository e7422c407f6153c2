import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { collectedSession } from '../support/collected-session';
import { expectAccessible } from '../support/a11y';
import { makeIdCardFrame } from '../../test-support/cards/id-card';
import { idv } from '../support/idv-cli';
import { renderPoseFrames } from '../../test-support/faces/liveness-frames';
import { customerCall } from '../support/service';
import { keyWithReceiver } from '../company/company-support';
import { DashboardCasePage } from './pages/case';
import { DashboardShell } from './pages/common';
import { DashboardListPage } from './pages/list';
import { DashboardSignInPage } from './pages/sign-in';

// A compliance reviewer's day: signed in through the operator's printed link, a live-key case
// waiting for review, both images in view, a decline with a reason that the customer's decision
// webhook carries, signed. And what a reviewer may not do, or see.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const PASSWORD = 'correct horse battery staple';
const REASON = 'The document photo is of another person';
type Made = { id: string; email: string; role: string; orgId: string; signInUrl: string };
const member = async (email: string, role: string, org?: string): Promise<Made> =>
  JSON.parse(await idv('users', 'create', '--email', email, '--role', role, ...(org ? ['--org', org] : []), '--json')) as Made;
type Event = { event: string; data: { verificationId?: string; reason?: string; status?: string } };

test('a reviewer declines a live-key verification with a reason, by keyboard; the decision webhook carries it, signed', async ({ page }) => {
  const { apiKey, receiver } = await keyWithReceiver('live', { decisions: 'review', name: 'Acme live' });
  try {
    const face = resolve('e2e/fixtures/grace_hopper.jpg');
    const frames = await renderPoseFrames(face, [{ yawDeg: 0, closed: 0 }, { yawDeg: -30, closed: 0 }, { yawDeg: 0, closed: 1 }]);
    const id = await collectedSession(apiKey, await makeIdCardFrame(face, { width: 640, height: 480 }, { cardShare: 0.8 }), frames, 'user-42');
    const made = await member('rev@acme.test', 'reviewer');
    expect(made).toMatchObject({ email: 'rev@acme.test', role: 'reviewer', orgId: 'org_default', signInUrl: expect.stringContaining('/dashboard/set-password#token=') });

    const signIn = new DashboardSignInPage(page);
    await page.goto(made.signInUrl);
    await expectAccessible(page, 'set password');
    await signIn.setPassword(made.signInUrl, PASSWORD);
    await new DashboardShell(page).expectSignedInAs('rev@acme.test');
    // The token was read once and is gone from the address bar.
    expect(page.url()).not.toContain('token=');

    const list = new DashboardListPage(page);
    await list.openWaiting();
    const row = await list.waitForRow(id);
    await expect(row).toContainText('user-42');
    await expect(row).toContainText('Needs review');
    await expectAccessible(page, 'waiting for review');
    // The row's link reads the person's name (the id is under it).
    await expect(row).toContainText(id);
    await row.getByTestId('row-link').click();

    const review = new DashboardCasePage(page, 'individual-case');
    await review.expectVisible();
    for (const image of ['selfie-image', 'front-image', 'back-image']) await review.expectImageShown(image);
    await review.zoomAndRotate('front-image');
    await expect(review.root.getByTestId('face-distance')).toHaveText(/^0\.\d\d/);
    await expect(review.root.getByTestId('doc-info')).toContainText('HOPPER');
    await expect(review.root.getByTestId('delivery-row').first()).toContainText('verification.started');
    await expectAccessible(page, 'individual case');

    await review.decideByKeyboard('decline', REASON);
    const decision = await receiver.waitFor((e) => e.path === '/decision' && (e.json as Event).data.verificationId === id, 30_000);
    expect(decision.verified).toBe(true);
    expect(decision.json as Event).toMatchObject({ event: 'verification.failed', data: { reason: REASON, status: 'failed' } });
    await expect(review.root.getByTestId('case-reason')).toHaveText(REASON);
    await expect(review.auditRows().first()).toContainText('rev@acme.test');
    await expect(review.auditRows().first()).toContainText('verification.declined');
    await expect(review.auditRows().first()).toContainText(REASON);
    await expect(review.root.getByTestId('not-waiting')).toBeVisible();
    const record = await customerCall<{ status: string; reason: string }>(apiKey, 'GET', `/verifications/${id}`);
    expect(record.body.data).toMatchObject({ status: 'failed', reason: REASON });
  } finally {
    await receiver.close();
  }
});

test('a reviewer cannot open Developers, a change without the CSRF token is refused, a wrong password is refused, another organisation sees nothing', async ({ page, browser }) => {
  const { apiKey, receiver } = await keyWithReceiver('live', { name: 'Acme live 2' });
  try {
    const created = await customerCall<{ verificationId: string }>(apiKey, 'POST', '/verifications', { vendorData: 'acme-private' });
    const id = created.body.data.verificationId;
    const signIn = new DashboardSignInPage(page);
    await signIn.setPassword((await member('rev2@acme.test', 'reviewer')).signInUrl, PASSWORD);

    const shell = new DashboardShell(page);
    await expect(shell.nav().getByRole('link', { name: 'Verifications' })).toBeVisible();
    await expect(shell.nav().getByRole('link', { name: 'Developers' })).toHaveCount(0);
    await page.goto('/dashboard/developers');
    await expect(page.getByTestId('not-allowed')).toBeVisible();
    await expectAccessible(page, 'not allowed');
    const keys = await page.request.get('/api/dashboard/keys');
    expect(keys.status()).toBe(403);
    expect((await keys.json()).error.code).toBe('forbidden');

    // The session cookie alone is not enough to change anything.
    const forged = await page.request.post(`/api/dashboard/verifications/individual/${id}/decide`, { data: { decision: 'successful' } });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).error.code).toBe('csrf');
    expect((await customerCall<{ status: string }>(apiKey, 'GET', `/verifications/${id}`)).body.data.status).toBe('not started');

    await shell.signOut();
    await signIn.open();
    await expectAccessible(page, 'sign in');
    await signIn.signIn('rev2@acme.test', 'not the password at all');
    await signIn.expectError('Wrong e-mail or password');
    expect(await page.request.get('/api/dashboard/me').then((r) => r.status())).toBe(401);

    const org = JSON.parse(await idv('orgs', 'create', '--name', 'Globex', '--json')) as { id: string };
    const globex = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const other = await globex.newPage();
    await new DashboardSignInPage(other).setPassword((await member('rev@globex.test', 'reviewer', org.id)).signInUrl, PASSWORD);
    await expect(other.getByTestId('list-empty')).toBeVisible();
    await expect(other.getByTestId('status-counts')).toHaveCount(0);
    await other.goto(`/dashboard/verifications/individual/${id}`);
    await expect(other.getByTestId('not-found')).toBeVisible();
    expect((await other.request.get(`/api/dashboard/verifications/individual/${id}`)).status()).toBe(404);
    expect(await other.content()).not.toContain('acme-private');
    await globex.close();
  } finally {
    await receiver.close();
  }
});
