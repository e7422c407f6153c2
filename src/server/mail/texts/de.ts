import type { MailTexts } from './mail-texts';

/** German. */
export const de: MailTexts = {
  invitationSubject: 'Einladung zum Identitätsprüfungs-Dashboard von {org}',
  invitationIntro: 'Sie wurden zum Dashboard von {org} eingeladen.',
  invitationLink: 'Öffnen Sie diesen Link, um Ihr Passwort zu wählen und sich anzumelden (er ist einmal verwendbar und {days} Tage gültig):',
  invitationIgnore: 'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.',
  resetSubject: 'Ihr Dashboard-Passwort zurücksetzen',
  resetIntro: 'Jemand hat angefordert, das Passwort des Dashboard-Kontos für diese Adresse zurückzusetzen.',
  resetLink: 'Öffnen Sie diesen Link, um ein neues Passwort zu wählen (er ist einmal verwendbar und {minutes} Minuten gültig):',
  resetIgnore: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
};
