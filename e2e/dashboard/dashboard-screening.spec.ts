import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { collectedSession } from '../support/collected-session';
import { expectAccessible } from '../support/a11y';
import { makeIdCardFrame } from '../../test-support/cards/id-card';
import { idv } from '../support/idv-cli';
import { renderPoseFrames } from '../../test-support/faces/liveness-frames';
import { customerCall } from '../support/service';
import { completeSections, createCompany, fillAndSubmitViaHostedApi, isEvent, keyWithReceiver } from '../company/company-support';
import { DashboardCasePage } from './pages/case';
import { CaseScreeningPanel, DashboardScreeningPage } from './pages/screening';
import { DashboardSignInPage } from './pages/sign-in';

// Screening (issue 28) from the dashboard, on the organisation's own list (an internal list is
// screened for its organisation only, so no other journey meets these entries; list ids are
// one namespace across the server, so each organisation here names its own). The card in
// these sessions is Grace Hopper's test card: HOPPER GRACE, born 1976-12-09, D23145890.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
type Event = { event: string; data: { verificationId?: string; trigger?: string; hits?: { entityName: string; score: number; listId: string; features: { feature: string }[] }[] } };

const HEADER = 'id,name,aliases,kind,birth_date,countries,identifiers,notes';
const GRACE = 'W-1,"HOPPER, Grace Brewster",Amazing Grace,person,1976-12-09,,,e2e watch list';
const OTHER = 'W-2,"PETROV, Ivan Sergeyevich",,person,1961-02-03,RU,,e2e watch list';

async function orgWithAdmin(name: string, email: string, page: Page) {
  const org = JSON.parse(await idv('orgs', 'create', '--name', name, '--json')) as { id: string };
  const admin = JSON.parse(await idv('users', 'create', '--email', email, '--role', 'admin', '--org', org.id, '--json')) as { signInUrl: string };
  await new DashboardSignInPage(page).setPassword(admin.signInUrl, 'a compliance passphrase here');
  return org.id;
}
const graceMedia = async () => {
  const grace = resolve('e2e/fixtures/grace_hopper.jpg');
  return {
    card: await makeIdCardFrame(grace, { width: 640, height: 480 }, { cardShare: 0.8 }),
    frames: await renderPoseFrames(grace, [{ yawDeg: 0, closed: 0 }, { yawDeg: -30, closed: 0 }, { yawDeg: 0, closed: 1 }]),
  };
};

test('a person whose document names a listed person waits for review with the hit on the case; the reviewer marks it a false match', async ({ page }) => {
  const orgId = await orgWithAdmin('Screen Bank', 'aml@screen-bank.test', page);
  const { apiKey, receiver } = await keyWithReceiver('live', { name: 'Screen live', orgId });
  try {
    const screening = new DashboardScreeningPage(page);
    await screening.open();
    await expect(page.getByTestId('no-open-hits')).toBeVisible();
    // A file with a mistake changes nothing and names the line.
    const refused = await screening.importCsv('watch-bank', 'Our watch list', `${HEADER}\n${GRACE}\nW-3,,,person,,,,\n`);
    await expect(refused).toContainText('Nothing was imported');
    await expect(refused).toContainText('line 3');
    const notice = await screening.importCsv('watch-bank', 'Our watch list', `${HEADER}\n${GRACE}\n${OTHER}\n`);
    await expect(notice).toContainText('Version 1 imported: 2 entities');
    await expect(screening.listRow('watch-bank')).toContainText('Our watch list');
    await expectAccessible(page, 'screening screen');

    const { card, frames } = await graceMedia();
    const id = await collectedSession(apiKey, card, frames, 'listed');
    await expect.poll(async () => (await customerCall<{ status: string }>(apiKey, 'GET', `/verifications/${id}`)).body.data.status, { timeout: 90_000 }).toBe('completed');
    const aml = (await receiver.waitFor((e) => (e.json as Event).event === 'verification.aml_hit' && (e.json as Event).data.verificationId === id, 30_000)).json as Event;
    expect(aml.data).toMatchObject({ trigger: 'decision', hits: [{ entityName: 'HOPPER, Grace Brewster', listId: 'watch-bank' }] });
    expect(aml.data.hits![0]!.features.map((f) => f.feature)).toEqual(expect.arrayContaining(['name', 'birth_date']));

    // The queue lists the hit and opens its case.
    await screening.open();
    await expect(screening.queueHits()).toHaveCount(1);
    await screening.queueHits().first().getByTestId('hit-case-link').click();
    const view = new DashboardCasePage(page, 'individual-case');
    await view.expectVisible();
    await expect(view.root.getByTestId('risk-signal-sanctions_hit')).toContainText('Review');
    // Read as a reviewer reads it: the person's name as the title, the checklist says what needs a look.
    await expect(view.root.getByTestId('case-title')).toHaveText('GRACE HOPPER');
    await expect(view.root.getByTestId('check-screening')).toHaveAttribute('data-state', 'look');
    await expect(view.root.getByTestId('check-face')).toHaveAttribute('data-state', 'pass');
    await expect(view.root.locator('[data-field="dob"]')).toContainText('December 9, 1976');
    const panel = new CaseScreeningPanel(page);
    await expect(panel.root.getByTestId('screening-lists')).toContainText('Our watch list (version 1)');
    const hit = panel.hit('HOPPER, Grace Brewster');
    await expect(hit.getByTestId('hit-state')).toHaveText('Open');
    await hit.getByText('Why this score').click();
    await expect(hit.getByRole('cell', { name: 'Date of birth' })).toBeVisible();
    await expectAccessible(page, 'case with a screening hit');

    // No reason, no verdict; with one, a false match, audited.
    await hit.getByTestId('hit-false-match').click();
    await expect(hit.getByTestId('hit-outcome')).toContainText('reason');
    await panel.resolve('HOPPER, Grace Brewster', 'false-match', 'Another Grace Hopper: the listed one has a different document');
    await expect(panel.hit('HOPPER, Grace Brewster').getByTestId('hit-resolution')).toContainText('Another Grace Hopper');
    await expect(view.auditRows().first()).toContainText('screening.false_match');
    await view.decideByPointer('approve');
    // The queue goes on from here: nothing else waits in this organisation.
    await expect(view.root.getByTestId('no-next-case')).toBeVisible();
    const decided = (await receiver.waitFor((e) => e.path === '/decision' && (e.json as Event).data.verificationId === id, 30_000)).json as Event;
    expect(decided.event).toBe('verification.successful');
    await screening.open();
    await expect(page.getByTestId('no-open-hits')).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('a company whose officer is listed gets the hit on its case', async ({ page }) => {
  const orgId = await orgWithAdmin('Screen Trade', 'aml@screen-trade.test', page);
  const { apiKey, receiver } = await keyWithReceiver('live', { name: 'Screen company', orgId, selfieUpload: true });
  try {
    const screening = new DashboardScreeningPage(page);
    await screening.open();
    await expect(await screening.importCsv('officers', 'Refused officers', `${HEADER}\nO-9,"OKONKWO, Adaeze Ngozi",,person,,NG,,refused 2025\n`)).toContainText('Version 1 imported');
    const created = await createCompany(apiKey, { vendorData: 'listed-officer' });
    await fillAndSubmitViaHostedApi(created, {
      sections: { officers: { items: [...completeSections.officers.items, { firstName: 'Adaeze', lastName: 'Okonkwo', role: 'director', email: 'adaeze@harbour.example' }] } },
    });
    const event = (await receiver.waitFor(isEvent('company_verification.aml_hit'), 30_000)).json as { data: { hits: { part: string; entityName: string }[] } };
    expect(event.data.hits).toEqual([expect.objectContaining({ part: 'officer:1', entityName: 'OKONKWO, Adaeze Ngozi' })]);

    await page.goto(`/dashboard/verifications/company/${created.verificationId}`);
    const view = new DashboardCasePage(page, 'company-case');
    await view.expectVisible();
    await expect(view.root.getByTestId('analysis')).toContainText('aml_hit');
    const hit = new CaseScreeningPanel(page).hit('OKONKWO, Adaeze Ngozi');
    await expect(hit).toContainText('Adaeze Okonkwo');
    await expect(hit.getByTestId('hit-state')).toHaveText('Open');
  } finally {
    await receiver.close();
  }
});

test('a list version in which an approved person now appears sends verification.aml_hit and opens a case', async ({ page }) => {
  const orgId = await orgWithAdmin('Screen Pay', 'aml@screen-pay.test', page);
  const { apiKey, receiver } = await keyWithReceiver('live', { name: 'Screen monitored', orgId, amlMonitoring: true });
  try {
    const screening = new DashboardScreeningPage(page);
    await screening.open();
    await expect(await screening.importCsv('watch-pay', 'Our watch list', `${HEADER}\n${OTHER}\n`)).toContainText('Version 1 imported: 1 entities');
    const { card, frames } = await graceMedia();
    const id = await collectedSession(apiKey, card, frames, 'approved-then-listed');
    const decided = (await receiver.waitFor((e) => e.path === '/decision' && (e.json as Event).data.verificationId === id, 90_000)).json as Event;
    expect(decided.event).toBe('verification.successful');

    // Version 2 adds her: monitoring screens the approved session again and alerts.
    await expect(await screening.importCsv('watch-pay', 'Our watch list', `${HEADER}\n${OTHER}\n${GRACE}\n`)).toContainText('Version 2 imported: 2 entities (1 added, 0 removed, 0 changed)');
    const alert = (await receiver.waitFor((e) => (e.json as Event).event === 'verification.aml_hit' && (e.json as Event).data.verificationId === id, 60_000)).json as Event;
    expect(alert.data).toMatchObject({ trigger: 'monitoring', hits: [{ entityName: 'HOPPER, Grace Brewster', listId: 'watch-pay' }] });
    expect(alert.data.hits![0]!.score).toBeGreaterThanOrEqual(0.85);

    await expect.poll(async () => { await screening.open(); return screening.queueHits().count(); }, { timeout: 15_000 }).toBe(1);
    await screening.queueHits().first().getByTestId('hit-case-link').click();
    const panel = new CaseScreeningPanel(page);
    await expect(panel.hit('HOPPER, Grace Brewster').getByTestId('hit-state')).toHaveText('Open');
    await expect(panel.hit('HOPPER, Grace Brewster')).toContainText('version 2');
  } finally {
    await receiver.close();
  }
});
