import type { Mail } from './mailer';

/**
 * The dashboard's two e-mails. English for now (members have no language of their own yet);
 * the link sits alone on its line. No secret but the one-time link, which is the point.
 */
export function invitationMail(to: string, orgName: string, link: string): Mail {
  return {
    to,
    subject: `You are invited to ${orgName}'s identity verification dashboard`,
    text: [
      `You have been invited to the dashboard of ${orgName}.`,
      '',
      'Open this link to choose your password and sign in (it works once, for 7 days):',
      link,
      '',
      'If you did not expect this invitation, ignore this e-mail: nothing happens without the link.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string, validMinutes: number): Mail {
  return {
    to,
    subject: 'Reset your dashboard password',
    text: [
      'Someone asked to reset the password of the dashboard account for this address.',
      '',
      `Open this link to choose a new password (it works once, for ${validMinutes} minutes):`,
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}
