import type { MailTexts } from './mail-texts';

/** French. */
export const fr: MailTexts = {
  invitationSubject: 'Invitation au tableau de bord de vérification d\'identité de {org}',
  invitationIntro: 'Vous avez reçu une invitation à rejoindre le tableau de bord de {org}.',
  invitationLink: 'Ouvrez ce lien pour choisir votre mot de passe et vous connecter (il ne fonctionne qu\'une fois, pendant {days} jours) :',
  invitationIgnore: 'Si vous n\'attendiez pas cette invitation, ignorez cet e-mail : rien ne se passe sans le lien.',
  resetSubject: 'Réinitialisez le mot de passe de votre tableau de bord',
  resetIntro: 'Quelqu\'un a demandé la réinitialisation du mot de passe du compte du tableau de bord associé à cette adresse.',
  resetLink: 'Ouvrez ce lien pour choisir un nouveau mot de passe (il ne fonctionne qu\'une fois, pendant {minutes} minutes) :',
  resetIgnore: 'Si vous n\'êtes pas à l\'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
};
