import type { MailTexts } from './mail-texts';

/** English, the fallback for any language without its own texts. */
export const en: MailTexts = {
  invitationSubject: 'You are invited to {org}\'s identity verification dashboard',
  invitationIntro: 'You have been invited to the dashboard of {org}.',
  invitationLink: 'Open this link to choose your password and sign in (it works once, for {days} days):',
  invitationIgnore: 'If you did not expect this invitation, ignore this e-mail: nothing happens without the link.',
  resetSubject: 'Reset your dashboard password',
  resetIntro: 'Someone asked to reset the password of the dashboard account for this address.',
  resetLink: 'Open this link to choose a new password (it works once, for {minutes} minutes):',
  resetIgnore: 'If it was not you, ignore this e-mail: your password stays as it is.',
};
