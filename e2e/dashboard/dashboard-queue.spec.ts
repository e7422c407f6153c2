import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { collectedSession } from '../support/collected-session';
import { expectAccessible } from '../support/a11y';
import { makeIdCardFrame } from '../../test-support/cards/id-card';
import { idv } from '../support/idv-cli';
import { renderPoseFrames } from '../../test-support/faces/liveness-frames';
import { customerCall } from '../support/service';
import { keyWithReceiver } from '../company/company-support';
import { DashboardCasePage } from './pages/case';
import { DashboardListPage } from './pages/list';
import { DashboardSignInPage } from './pages/sign-in';

// A compliance team's day (issue 29): two reviewers share a queue under four-eyes. One claims
// the oldest case, reads its checklist, declines it with a listed reason and goes straight to the
// next case; the other confirms the decline; fifty cases are given to a colleague at once and the
// colleague's list is exported. Its own organisation, so no other journey's cases are in it.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
type Event = { event: string; data: { verificationId?: string; reason?: string } };
const PASSWORD = 'a reviewer passphrase of length';

async function member(browser: Browser, email: string, role: string, orgId: string): Promise<Page> {
  const made = JSON.parse(await idv('users', 'create', '--email', email, '--role', role, '--org', orgId, '--json')) as { signInUrl: string };
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await new DashboardSignInPage(page).setPassword(made.signInUrl, PASSWORD);
  return page;
}

test('reviewers claim, decline with a listed reason and go on to the next case; a second reviewer confirms; fifty cases are assigned at once and exported', async ({ browser }) => {
  test.setTimeout(240_000);
  const org = JSON.parse(await idv('orgs', 'create', '--name', 'Queue Bank', '--json')) as { id: string };
  const { apiKey, receiver } = await keyWithReceiver('live', { name: 'Queue live', orgId: org.id, decisions: 'review' });
  try {
    // Every live session of this key waits for a specialist.
    const grace = resolve('e2e/fixtures/grace_hopper.jpg');
    const card = await makeIdCardFrame(grace, { width: 640, height: 480 }, { cardShare: 0.8 });
    const frames = await renderPoseFrames(grace, [{ yawDeg: 0, closed: 0 }, { yawDeg: -30, closed: 0 }, { yawDeg: 0, closed: 1 }]);
    const first = await collectedSession(apiKey, card, frames, 'queue-first');
    const second = await collectedSession(apiKey, card, frames, 'queue-second');
    for (const id of [first, second]) {
      await expect.poll(async () => (await customerCall<{ status: string }>(apiKey, 'GET', `/verifications/${id}`)).body.data.status, { timeout: 90_000 }).toBe('completed');
    }

    const admin = await member(browser, 'head@queue-bank.test', 'admin', org.id);
    await admin.goto('/dashboard/team');
    // Saved on change: the box shows the server's answer.
    await admin.getByTestId('four-eyes-toggle').click();
    await expect(admin.getByTestId('four-eyes-toggle')).toBeChecked();
    await expect(admin.getByTestId('four-eyes-setting')).toContainText('Four-eyes review is on.');
    await expectAccessible(admin, 'team with four-eyes');

    // Ann: the queue, oldest first; claims the first case.
    const ann = await member(browser, 'ann@queue-bank.test', 'reviewer', org.id);
    const list = new DashboardListPage(ann);
    await list.openWaiting();
    await expect(ann.getByTestId('verification-row')).toHaveCount(2);
    await expect(ann.getByTestId('verification-row').first()).toHaveAttribute('data-id', first);
    await expect(list.row(first)).toContainText('GRACE HOPPER');
    await expectAccessible(ann, 'queue');
    await list.row(first).getByTestId('row-link').click();
    const view = new DashboardCasePage(ann, 'individual-case');
    await view.expectVisible();
    await view.root.getByTestId('claim').click();
    await expect(view.root.getByTestId('case-assignee')).toContainText('Assigned to you');
    await expect(view.root.getByTestId('check-face')).toHaveAttribute('data-state', 'pass');
    await view.root.getByTestId('note-text').fill('Card edges look cut by hand; asked a colleague to confirm.');
    await view.root.getByTestId('add-note').click();
    await expect(view.root.getByTestId('case-note')).toContainText('Card edges look cut by hand');
    await view.root.getByTestId('decision-common-reason').selectOption({ label: 'The document looks altered or not genuine.' });
    await view.root.getByTestId('decline').click();
    await expectAccessible(ann, 'decline confirmation');
    await ann.getByTestId('confirm-button').click();
    await expect(view.root.getByTestId('decision-outcome')).toContainText('a second reviewer must confirm');
    await expect(view.root.getByTestId('four-eyes-proposal')).toContainText('You made this decision');
    await expectAccessible(ann, 'case with a proposal');
    // Straight on to the next case, without the list.
    await view.root.getByTestId('next-case').click();
    await expect(ann).toHaveURL(new RegExp(`/dashboard/verifications/individual/${second}$`));
    await view.expectVisible();

    // Ben: the decline waits for him; he confirms it in one click. The customer hears once.
    const ben = await member(browser, 'ben@queue-bank.test', 'reviewer', org.id);
    const benList = new DashboardListPage(ben);
    await benList.openWaiting();
    await expect(benList.row(first).getByTestId('awaiting-second')).toBeVisible();
    await benList.row(first).getByTestId('row-link').click();
    const benView = new DashboardCasePage(ben, 'individual-case');
    await expect(benView.root.getByTestId('four-eyes-proposal')).toContainText('ann@queue-bank.test declined this case');
    await expect(benView.root.getByTestId('case-note')).toContainText('Card edges look cut by hand');
    await benView.root.getByTestId('confirm-proposal').click();
    await expect(benView.root.getByTestId('decision-outcome')).toContainText('Decision recorded');
    const declined = (await receiver.waitFor((e) => e.path === '/decision' && (e.json as Event).data.verificationId === first, 30_000)).json as Event;
    expect(declined).toMatchObject({ event: 'verification.failed', data: { reason: 'The document looks altered or not genuine.' } });
    expect(receiver.requests().map((e) => e.body).join('\n')).not.toContain('Card edges look cut by hand');

    // Fifty new sessions given to Ben at once from one page of the list.
    for (let i = 0; i < 50; i += 1) await customerCall(apiKey, 'POST', '/verifications', { vendorData: `batch-${String(i).padStart(2, '0')}` });
    await ann.goto('/dashboard?q=batch-&limit=50');
    await expect(ann.getByTestId('verification-row')).toHaveCount(50);
    await expect(await list.bulkAssign('ben@queue-bank.test')).toContainText('50 cases moved.');
    await ben.goto('/dashboard?assignee=me&limit=100');
    await expect(ben.getByTestId('verification-row')).toHaveCount(50);
    await expectAccessible(ben, 'list assigned to me');

    // Ben's list as a file: the same fifty, with whom they are assigned to.
    const download = ben.waitForEvent('download');
    await ben.getByTestId('export-csv').click();
    const rows = readFileSync(await (await download).path(), 'utf8').trim().split('\r\n');
    expect(rows).toHaveLength(51);
    expect(rows.slice(1).every((r) => r.includes('ben@queue-bank.test'))).toBe(true);
  } finally {
    await receiver.close();
  }
});
