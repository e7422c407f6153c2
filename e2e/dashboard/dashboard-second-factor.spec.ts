import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { freePort, startProcess, type Proc } from '../../src/server/testing/spawn-server';
import { expectAccessible } from '../support/a11y';
import { E2E_ADMIN_TOKEN } from '../support/env';
import { DashboardShell } from './pages/common';
import { DashboardSecondFactorPage } from './pages/second-factor';
import { DashboardSecurityPage } from './pages/security';
import { DashboardSignInPage } from './pages/sign-in';

// A member's second factors, end to end: an authenticator app enrolled from the Security page
// (the key read off the page, codes computed here) and a passkey registered with Chromium's
// virtual authenticator; each then completes a sign-in after the password.
//
// WebAuthn refuses an IP address as relying-party id, and the shared e2e server's public URL is
// http://127.0.0.1:…; this journey runs its own server whose public URL is http://localhost:…
// (a secure context, like https).
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

let server: Proc;
let base: string;
test.beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  // No live sessions here: the decision worker (and its models' memory and CPU) stays off.
  server = await startProcess('src/server/main.ts', { PORT: String(port), PUBLIC_URL: base, IDV_ADMIN_TOKEN: E2E_ADMIN_TOKEN, NODE_ENV: 'test', DECISION_WORKER: '0' }, '/api/health');
});
test.afterAll(async () => { await server?.stop(); });

const PASSWORD = 'a second factor passphrase';
const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
const stepNow = () => Math.floor(Date.now() / 30_000);

/** A code from a time step after `usedStep` (a step's code works once), waiting for it if need be. */
async function freshCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  while (stepNow() <= usedStep) await new Promise((r) => setTimeout(r, 500));
  return { code: totpOf(secret).generate(), step: stepNow() };
}

async function createMember(email: string, role: string): Promise<string> {
  const made = await fetch(`${base}/api/admin/users`, {
    method: 'POST', headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  }).then((r) => r.json()) as { data: { signInUrl: string } };
  return made.data.signInUrl;
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto(`${base}/dashboard/sign-in`);
  await new DashboardSignInPage(page).signIn(email, PASSWORD);
  const step = new DashboardSecondFactorPage(page);
  await step.expectVisible();
  return step;
}

test('a member enrols an authenticator app and a passkey, then signs in with each', async ({ page }) => {
  await new DashboardSignInPage(page).setPassword(await createMember('second@factor.test', 'owner'), PASSWORD);

  const security = new DashboardSecurityPage(page, base);
  await security.open();
  await expect(page.getByText('No second factor yet.')).toBeVisible();
  await security.expectConfirmationAsked();
  await expectAccessible(page, 'security');
  await security.confirmWithPassword(PASSWORD);

  const secret = await security.startAuthenticatorApp();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'authenticator app enrolment');
  const enrolled = await freshCode(secret, 0);
  await security.confirmAuthenticatorApp(enrolled.code);
  expect(await security.recoveryCodes()).toHaveLength(10);
  await expect(security.factorRows()).toHaveCount(1);
  await expectAccessible(page, 'recovery codes');

  // Chromium's virtual authenticator: a platform authenticator with user verification.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', { options: {
    protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true,
  } });
  await security.addPasskey('Test laptop');
  await expect(security.factorRows()).toHaveCount(2);
  await expect(security.factorRows().nth(1)).toContainText('Test laptop');
  const shell = new DashboardShell(page);
  await shell.signOut();
  const step = await signInWithPassword(page, 'second@factor.test');
  await expectAccessible(page, 'second sign-in step');
  await step.enterAppCode('000000' === totpOf(secret).generate() ? '111111' : '000000');
  await step.expectError('not accepted');
  const later = await freshCode(secret, enrolled.step);
  await step.enterAppCode(later.code);
  await shell.expectSignedInAs('second@factor.test');

  await shell.signOut();
  const again = await signInWithPassword(page, 'second@factor.test');
  await again.usePasskey();
  await shell.expectSignedInAs('second@factor.test');

  // The factors' events are in the organisation's activity log like every member action.
  await page.goto(`${base}/dashboard/activity`);
  const log = page.getByTestId('audit');
  for (const action of ['second_factor.enrolled', 'second_factor.failed', 'second_factor.used']) await expect(log).toContainText(action);
});

test('a member chooses the language of their own e-mails on Security, and it stays chosen', async ({ page }) => {
  await new DashboardSignInPage(page).setPassword(await createMember('languages@factor.test', 'reviewer'), PASSWORD);
  const security = new DashboardSecurityPage(page, base);
  await security.open();
  await expect(security.mailLanguage()).toHaveValue('en');
  await security.chooseMailLanguage('Deutsch');
  await page.reload();
  await expect(security.mailLanguage()).toHaveValue('de');
  const me = await page.evaluate(async () => (await (await fetch('/api/dashboard/me')).json()) as { data: { member: { language: string | null } } });
  expect(me.data.member.language).toBe('de');
});

test('when the owner requires a second factor, a new member is taken straight to enrolment', async ({ page, browser }) => {
  const ownerLink = await createMember('rule@factor.test', 'owner');
  await new DashboardSignInPage(page).setPassword(ownerLink, PASSWORD);
  const security = new DashboardSecurityPage(page, base);
  await security.open();
  await security.confirmWithPassword(PASSWORD);
  const secret = await security.startAuthenticatorApp();
  await security.confirmAuthenticatorApp((await freshCode(secret, 0)).code);
  await security.recoveryCodes();
  await security.requireForEveryMember();

  // The new member in a browser of their own (their own cookies).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reviewer = await context.newPage();
  try {
    await new DashboardSignInPage(reviewer).setPassword(await createMember('new@factor.test', 'reviewer'), PASSWORD);
    const theirs = new DashboardSecurityPage(reviewer, base);
    await expect(reviewer.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await theirs.expectEnrolmentRequired();
    await expectAccessible(reviewer, 'enrolment required');
    // Another section's address still shows only Security.
    await reviewer.goto(`${base}/dashboard/verifications/individual/x`);
    await theirs.expectEnrolmentRequired();
    await theirs.confirmWithPassword(PASSWORD);
    const own = await theirs.startAuthenticatorApp();
    await theirs.confirmAuthenticatorApp((await freshCode(own, 0)).code);
    await expect(reviewer.getByRole('link', { name: 'Verifications' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a stolen session cannot add a factor without the password, and enrolling ends it', async ({ page, browser }) => {
  await new DashboardSignInPage(page).setPassword(await createMember('stolen@factor.test', 'admin'), PASSWORD);
  // The thief's browser carries a copy of the member's session cookie, and nothing else.
  const cookies = await page.context().cookies();
  const thief = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await thief.addCookies(cookies.filter((c) => c.name === 'idv_session'));
  const theirs = await thief.newPage();
  try {
    const stolen = new DashboardSecurityPage(theirs, base);
    await stolen.open();
    await stolen.expectConfirmationAsked();
    await stolen.confirmWithPassword('a guess at the password');
    await stolen.expectConfirmationRefused();
    await stolen.expectConfirmationAsked();
    // Nor straight through the API, with the session's CSRF token in hand.
    const direct = await theirs.evaluate(async () => {
      const me = await (await fetch('/api/dashboard/me')).json() as { data: { csrfToken: string } };
      const res = await fetch('/api/dashboard/security/totp', { method: 'POST', headers: { 'x-csrf-token': me.data.csrfToken } });
      return { status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code };
    });
    expect(direct).toEqual({ status: 403, code: 'confirmation_required' });

    // The member, who knows the password, signs in on their own computer and enrols there;
    // every other session (the stolen one with it) ends.
    const own = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const mine = await own.newPage();
      await mine.goto(`${base}/dashboard/sign-in`);
      await new DashboardSignInPage(mine).signIn('stolen@factor.test', PASSWORD);
      await new DashboardShell(mine).expectSignedInAs('stolen@factor.test');
      const security = new DashboardSecurityPage(mine, base);
      await security.open();
      await security.confirmWithPassword(PASSWORD);
      const secret = await security.startAuthenticatorApp();
      await security.confirmAuthenticatorApp((await freshCode(secret, 0)).code);
      expect(await security.recoveryCodes()).toHaveLength(10);
      await theirs.reload();
      await expect(theirs).toHaveURL(/\/dashboard\/sign-in/);
      await new DashboardShell(mine).expectSignedInAs('stolen@factor.test');
    } finally {
      await own.close();
    }
  } finally {
    await thief.close();
  }
});
