import type { MailTexts } from './mail-texts';

/** Dutch. */
export const nl: MailTexts = {
  invitationSubject: 'Uitnodiging voor het identiteitsverificatiedashboard van {org}',
  invitationIntro: 'U bent uitgenodigd voor het dashboard van {org}.',
  invitationLink: 'Open deze link om uw wachtwoord te kiezen en in te loggen (hij werkt één keer, {days} dagen lang):',
  invitationIgnore: 'Als u deze uitnodiging niet verwachtte, kunt u deze e-mail negeren: zonder de link gebeurt er niets.',
  resetSubject: 'Stel het wachtwoord van uw dashboard opnieuw in',
  resetIntro: 'Iemand heeft gevraagd om het wachtwoord van het dashboardaccount voor dit adres opnieuw in te stellen.',
  resetLink: 'Open deze link om een nieuw wachtwoord te kiezen (hij werkt één keer, {minutes} minuten lang):',
  resetIgnore: 'Was u dit niet, negeer deze e-mail dan: uw wachtwoord blijft ongewijzigd.',
};
