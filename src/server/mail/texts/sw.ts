import type { MailTexts } from './mail-texts';

/** Swahili. */
export const sw: MailTexts = {
  invitationSubject: 'Mwaliko wa kujiunga na dashibodi ya uthibitishaji wa utambulisho ya {org}',
  invitationIntro: 'Umealikwa kujiunga na dashibodi ya {org}.',
  invitationLink: 'Fungua kiungo hiki ili kuchagua nenosiri lako na kuingia (kinafanya kazi mara moja tu, kwa siku {days}):',
  invitationIgnore: 'Ikiwa hukutarajia mwaliko huu, tafadhali puuza barua pepe hii: hakuna kitakachotokea bila kiungo hiki.',
  resetSubject: 'Weka upya nenosiri la dashibodi yako',
  resetIntro: 'Mtu fulani ameomba kuweka upya nenosiri la akaunti ya dashibodi inayohusiana na anwani hii.',
  resetLink: 'Fungua kiungo hiki ili kuchagua nenosiri jipya (kinafanya kazi mara moja tu, kwa dakika {minutes}):',
  resetIgnore: 'Ikiwa si wewe uliyeomba, tafadhali puuza barua pepe hii: nenosiri lako litabaki kama lilivyo.',
};
