import type { Mail } from './mailer';
import { fill, mailTextsFor } from './mail-language';

/**
 * The dashboard's two e-mails, in the language asked for (the inviter's choice, or the language
 * the reset was asked in; English otherwise). The link sits alone on its line. No secret but the
 * one-time link, which is the point.
 */
export function invitationMail(to: string, orgName: string, link: string, language?: string, validDays = 7): Mail {
  const { texts: t } = mailTextsFor(language);
  return {
    to,
    subject: fill(t.invitationSubject, { org: orgName }),
    text: [fill(t.invitationIntro, { org: orgName }), '', fill(t.invitationLink, { days: validDays }), link, '', t.invitationIgnore].join('\n'),
  };
}

/** The reset e-mail: a link valid `validMinutes`, and what to do if the member did not ask. */
export function passwordResetMail(to: string, link: string, validMinutes: number, language?: string): Mail {
  const { texts: t } = mailTextsFor(language);
  return {
    to,
    subject: t.resetSubject,
    text: [t.resetIntro, '', fill(t.resetLink, { minutes: validMinutes }), link, '', t.resetIgnore].join('\n'),
  };
}
