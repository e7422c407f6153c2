import type { MailTexts } from './mail-texts';

/** Igbo. */
export const ig: MailTexts = {
  invitationSubject: 'Òkù ịbanye n\'ebe njikwa nkwenye njirimara nke {org}',
  invitationIntro: 'E kpọrọ gị òkù ka ị sonye n\'ebe njikwa nke {org}.',
  invitationLink: 'Mepee njikọ a iji họrọ paswọọdụ gị ma banye (ọ na-arụ ọrụ naanị otu ugboro, maka ụbọchị {days}):',
  invitationIgnore: 'Ọ bụrụ na ị tụghị anya òkù a, biko leghara ozi-e a anya: ọ dịghị ihe ga-eme na-enweghị njikọ ahụ.',
  resetSubject: 'Tọgharịa paswọọdụ ebe njikwa gị',
  resetIntro: 'Mmadụ rịọrọ ka e tọgharịa paswọọdụ akaụntụ ebe njikwa nke adreesị a.',
  resetLink: 'Mepee njikọ a iji họrọ paswọọdụ ọhụrụ (ọ na-arụ ọrụ naanị otu ugboro, maka nkeji {minutes}):',
  resetIgnore: 'Ọ bụrụ na ọ bụghị gị rịọrọ ya, biko leghara ozi-e a anya: paswọọdụ gị ga-anọgide otú ọ dị.',
};
