import { readFileSync } from 'node:fs';
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
import { DashboardSignInPage } from './pages/sign-in';

// Repeat identities in the dashboard, with the real models: a document first seen with another
// person's face comes back with its holder's; the case names and links the earlier one; the
// reviewer blocks the document and the next session with it fails by itself. In an organisation
// of its own, so no other journey meets the block.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
type Event = { event: string; data: { verificationId?: string; reason?: string } };

test('a reused document is flagged with a link to the earlier case; blocked from the case, the next session with it fails', async ({ page }) => {
  const org = JSON.parse(await idv('orgs', 'create', '--name', 'Risk Ltd', '--json')) as { id: string };
  const { apiKey, receiver } = await keyWithReceiver('live', { name: 'Risk live', orgId: org.id });
  try {
    const grace = resolve('e2e/fixtures/grace_hopper.jpg');
    const card = await makeIdCardFrame(grace, { width: 640, height: 480 }, { cardShare: 0.8 });
    const frames = await renderPoseFrames(grace, [{ yawDeg: 0, closed: 0 }, { yawDeg: -30, closed: 0 }, { yawDeg: 0, closed: 1 }]);
    const decisionOf = (id: string) => receiver.waitFor((e) => e.path === '/decision' && (e.json as Event).data.verificationId === id, 90_000);
    // Someone else's face with Grace's card: declined (another person), and remembered.
    const impostor = await collectedSession(apiKey, card, [readFileSync('e2e/fixtures/man_portrait.jpg'), frames[1]!, frames[2]!], 'impostor');
    expect((await decisionOf(impostor)).json as Event).toMatchObject({ event: 'verification.failed' });
    // Grace herself, with her card: everything passes but the document was seen with another face.
    const holder = await collectedSession(apiKey, card, frames, 'holder');
    await expect.poll(async () => (await customerCall<{ status: string }>(apiKey, 'GET', `/verifications/${holder}`)).body.data.status, { timeout: 90_000 }).toBe('completed');
    const reviewer = JSON.parse(await idv('users', 'create', '--email', 'risk-rev@risk.test', '--role', 'reviewer', '--org', org.id, '--json')) as { signInUrl: string };
    await new DashboardSignInPage(page).setPassword(reviewer.signInUrl, 'a reviewer passphrase here');

    await page.goto(`/dashboard/verifications/individual/${holder}`);
    const view = new DashboardCasePage(page, 'individual-case');
    await expect(view.root.getByTestId('risk-signal-reused_document')).toBeVisible();
    await expect(view.root.getByTestId('risk-signal-reused_document')).toContainText('Review');
    await expectAccessible(page, 'case with a risk signal');
    await view.root.getByTestId('risk-match-link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/verifications/individual/${impostor}$`));
    await page.goBack();

    await view.root.getByTestId('risk-reason').fill('One document, two faces');
    await view.root.getByTestId('risk-block-document').check();
    await view.root.getByTestId('risk-block').click();
    await expect(view.root.getByTestId('risk-outcome')).toHaveText('Saved.');
    await expect(view.root.getByTestId('risk-entries')).toContainText('Document number blocked');
    await expect(view.auditRows().first()).toContainText('risk.blocked_document');

    const again = await collectedSession(apiKey, card, frames, 'again');
    const decided = (await decisionOf(again)).json as Event;
    expect(decided).toMatchObject({ event: 'verification.failed' });
    expect(decided.data.reason).toContain('blocklist_hit: the document number is on blocklist entry');
    expect(decided.data.reason).toContain('One document, two faces');
  } finally {
    await receiver.close();
  }
});
