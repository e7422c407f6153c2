import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, signedInMember } from '../dashboard/dashboard.testkit';
import { auditEvents } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { startSmtpReceiver, type SmtpReceiver } from '../testing/smtp-receiver';

// Forgotten passwords and invitations by e-mail, through a real SMTP server the test runs.
let h: Harness;
let smtp: SmtpReceiver;
const linkIn = (text: string) => /https?:\/\/\S+\/dashboard\/set-password#token=[\w-]+/.exec(text)?.[0] ?? '';
const tokenOf = (link: string) => new URL(link).hash.replace('#token=', '');

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: 'Acme ID <id@acme.test>' });
});
afterAll(async () => { await h.close(); await smtp.close(); });

describe('password reset by e-mail', () => {
  it('mails a one-hour link that sets a new password; the old one stops working', async () => {
    await signedInMember(h, 'forgetful@acme.test', 'reviewer');
    const asked = await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'Forgetful@acme.test' } });
    expect(asked.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('forgetful@acme.test'));
    expect(mail).toMatchObject({ from: 'id@acme.test', subject: 'Reset your dashboard password' });
    const link = linkIn(mail.text);
    expect(link).not.toBe('');
    const set = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: tokenOf(link), password: 'a brand new passphrase here' } });
    expect(set.status).toBe(200);
    expect((await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'forgetful@acme.test', password: 'a long enough passphrase' } })).status).toBe(401);
    expect((await h.request('POST', '/api/dashboard/auth/sign-in', { body: { email: 'forgetful@acme.test', password: 'a brand new passphrase here' } })).status).toBe(200);
    // Used once; and a second link expires after an hour.
    expect((await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: tokenOf(link), password: 'yet another long passphrase' } })).body.error.code).toBe('link_invalid');
    await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'forgetful@acme.test' } });
    const second = await smtp.waitFor((m) => m.to.includes('forgetful@acme.test') && linkIn(m.text) !== link);
    h.clock.advance(61 * 60_000);
    expect((await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: tokenOf(linkIn(second.text)), password: 'yet another long passphrase' } })).body.error.code).toBe('link_invalid');
  });

  it('writes the e-mails in the member\'s language: the invitation\'s, then the language the reset is asked in', async () => {
    const owner = await signedInMember(h, 'owner-fr@acme.test', 'owner');
    const invited = await asMember(h, owner, 'POST', '/team', { email: 'claire@acme.test', role: 'reviewer', language: 'fr' });
    expect(invited.status).toBe(200);
    const invitation = await smtp.waitFor((m) => m.to.includes('claire@acme.test'));
    expect(invitation.subject).toMatch(/tableau de bord/i);
    expect(invitation.text).toContain(invited.body.data.signInUrl);
    expect(invitation.text).not.toMatch(/\{(org|days|minutes)\}/);
    const set = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token: tokenOf(linkIn(invitation.text)), password: 'une phrase de passe assez longue' } });
    expect(set.status).toBe(200);
    // No language in the request: the member's own (chosen at the invitation).
    await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'claire@acme.test' } });
    const french = await smtp.waitFor((m) => m.to.includes('claire@acme.test') && m !== invitation);
    expect(french.text).toContain('60');
    expect(french.subject).not.toBe('Reset your dashboard password');
    expect(french.subject).toMatch(/mot de passe/i);
    // Asked from a page read in German: German.
    await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'claire@acme.test', language: 'de' } });
    const german = await smtp.waitFor((m) => m.to.includes('claire@acme.test') && m !== invitation && m !== french);
    expect(german.subject).toMatch(/Passwort/);
    expect((await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'claire@acme.test', language: 'xx' } })).status).toBe(400);
  });

  it('lets the member change the language of their e-mails; a bad one changes nothing', async () => {
    const member = await signedInMember(h, 'lukas@acme.test', 'developer');
    expect(member.me.member.language).toBeNull();
    const changed = await asMember(h, member, 'PATCH', '/me', { language: 'de' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.member.language).toBe('de');
    expect((await asMember(h, member, 'GET', '/me')).body.data.member.language).toBe('de');
    for (const bad of [{ language: 'xx' }, { language: null }, {}, 'de']) {
      const refused = await asMember(h, member, 'PATCH', '/me', bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ status: false, code: 400 });
    }
    // A change without the CSRF token is refused: the cookie alone changes nothing.
    const forged = await h.request('PATCH', '/api/dashboard/me', { headers: { cookie: member.cookie }, body: { language: 'fr' } });
    expect(forged.status).toBe(403);
    expect((await asMember(h, member, 'GET', '/me')).body.data.member.language).toBe('de');
    // The reset e-mail, asked without a language, is written in the member's new one.
    await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'lukas@acme.test' } });
    const mail = await smtp.waitFor((m) => m.to.includes('lukas@acme.test'));
    expect(mail.subject).toMatch(/Passwort/);
    const entries = await h.ctx.db.select({ action: auditEvents.action, detail: auditEvents.detail }).from(auditEvents)
      .where(and(eq(auditEvents.subjectId, member.me.member.id), eq(auditEvents.action, 'member.language_changed')));
    expect(entries).toEqual([{ action: 'member.language_changed', detail: { language: 'de' } }]);
  });

  it('answers an unknown address exactly alike and sends nothing; limits repeated asks', async () => {
    const before = smtp.mails().length;
    const unknown = await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'nobody@acme.test' } });
    const known = await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'forgetful@acme.test' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await smtp.waitFor((m) => m.to.includes('forgetful@acme.test') && smtp.mails().length > before + 0);
    expect(smtp.mails().some((m) => m.to.includes('nobody@acme.test'))).toBe(false);
    expect((await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'not an address' } })).status).toBe(400);
    let last = 200;
    for (let i = 0; i < 4 && last === 200; i += 1) last = (await h.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'nobody@acme.test' } })).status;
    expect(last).toBe(429);
  });

  it('e-mails an invitation\'s link to the invitee', async () => {
    const owner = await signedInMember(h, 'owner-mail@acme.test', 'owner');
    const invited = await asMember(h, owner, 'POST', '/team', { email: 'new.reviewer@acme.test', role: 'reviewer' });
    expect(invited.body.data).toMatchObject({ email: 'new.reviewer@acme.test', emailed: true });
    const mail = await smtp.waitFor((m) => m.to.includes('new.reviewer@acme.test'));
    expect(linkIn(mail.text)).toBe(invited.body.data.signInUrl);
  });
});

describe('without SMTP', () => {
  it('says so instead of pretending to send', async () => {
    const plain = await createHarness();
    try {
      const res = await plain.request('POST', '/api/dashboard/auth/forgot-password', { body: { email: 'someone@acme.test' } });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('mail_not_configured');
    } finally { await plain.close(); }
  });
});
