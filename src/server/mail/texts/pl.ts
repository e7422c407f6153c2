import type { MailTexts } from './mail-texts';

/** Polish. */
export const pl: MailTexts = {
  invitationSubject: 'Zaproszenie do panelu weryfikacji tożsamości organizacji {org}',
  invitationIntro: 'Otrzymali Państwo zaproszenie do panelu organizacji {org}.',
  invitationLink: 'Proszę otworzyć ten link, aby ustawić hasło i się zalogować (działa jeden raz, przez {days} dni):',
  invitationIgnore: 'Jeśli nie spodziewali się Państwo tego zaproszenia, proszę zignorować tę wiadomość: bez linku nic się nie stanie.',
  resetSubject: 'Resetowanie hasła do panelu',
  resetIntro: 'Ktoś poprosił o zresetowanie hasła do konta w panelu powiązanego z tym adresem.',
  resetLink: 'Proszę otworzyć ten link, aby ustawić nowe hasło (działa jeden raz, przez {minutes} minut):',
  resetIgnore: 'Jeśli to nie byli Państwo, proszę zignorować tę wiadomość: hasło pozostanie bez zmian.',
};
