import { expect, test } from '@playwright/test';
import { startSmtpReceiver } from '../../src/server/testing/smtp-receiver';
import { expectAccessible } from '../support/a11y';
import { E2E_SMTP_PORT } from '../support/env';
import { idv } from '../support/idv-cli';
import { DashboardShell } from './pages/common';
import { DashboardForgotPasswordPage } from './pages/forgot-password';
import { DashboardSignInPage } from './pages/sign-in';

// A member who forgot their password asks for a link on the sign-in screen, receives it by
// e-mail (a real SMTP server this test runs; the product sends through its own SMTP client),
// chooses a new password and signs in with it; the old one no longer works.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('a password is reset through the e-mail the test SMTP server received', async ({ page }) => {
  const smtp = await startSmtpReceiver(E2E_SMTP_PORT);
  try {
    const made = JSON.parse(await idv('users', 'create', '--email', 'forgetful@reset.test', '--role', 'reviewer', '--json')) as { signInUrl: string };
    const signIn = new DashboardSignInPage(page);
    await signIn.setPassword(made.signInUrl, 'the first passphrase I chose');
    await new DashboardShell(page).signOut();

    const forgot = new DashboardForgotPasswordPage(page);
    await forgot.openFromSignIn();
    await expectAccessible(page, 'forgot password');
    await expect(await forgot.ask('nobody@reset.test')).toContainText('If this address belongs to a member');
    await expect(await forgot.ask('forgetful@reset.test')).toContainText('If this address belongs to a member');
    const mail = await smtp.waitFor((m) => m.to.includes('forgetful@reset.test'));
    expect(mail.subject).toBe('Reset your dashboard password');
    expect(smtp.mails().some((m) => m.to.includes('nobody@reset.test'))).toBe(false);
    const link = /https?:\/\/\S+\/dashboard\/set-password#token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();

    await signIn.setPassword(link!, 'a second passphrase, after forgetting');
    await new DashboardShell(page).expectSignedInAs('forgetful@reset.test');
    await new DashboardShell(page).signOut();
    await signIn.open();
    await signIn.signIn('forgetful@reset.test', 'the first passphrase I chose');
    await signIn.expectError('Wrong e-mail or password');
    await signIn.signIn('forgetful@reset.test', 'a second passphrase, after forgetting');
    await new DashboardShell(page).expectSignedInAs('forgetful@reset.test');
  } finally {
    await smtp.close();
  }
});
