/**
 * The dashboard e-mails' sentences in one language. Placeholders in braces: `{org}` the
 * organisation's name, `{days}` how long an invitation works (7), `{minutes}` how long a reset
 * link works (60). Plain text: the e-mails carry no HTML.
 */
export interface MailTexts {
  invitationSubject: string;
  invitationIntro: string;
  invitationLink: string;
  invitationIgnore: string;
  resetSubject: string;
  resetIntro: string;
  resetLink: string;
  resetIgnore: string;
}
