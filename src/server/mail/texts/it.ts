import type { MailTexts } from './mail-texts';

/** Italian. */
export const it: MailTexts = {
  invitationSubject: 'Invito al pannello di controllo per la verifica dell\'identità di {org}',
  invitationIntro: 'Ha ricevuto un invito al pannello di controllo di {org}.',
  invitationLink: 'Apra questo link per scegliere la sua password e accedere (funziona una sola volta, per {days} giorni):',
  invitationIgnore: 'Se non si aspettava questo invito, ignori questa e-mail: senza il link non succede nulla.',
  resetSubject: 'Reimposti la password del suo pannello di controllo',
  resetIntro: 'Qualcuno ha chiesto di reimpostare la password dell\'account del pannello di controllo associato a questo indirizzo.',
  resetLink: 'Apra questo link per scegliere una nuova password (funziona una sola volta, per {minutes} minuti):',
  resetIgnore: 'Se la richiesta non è partita da Lei, ignori questa e-mail: la sua password resta invariata.',
};
