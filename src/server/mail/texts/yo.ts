import type { MailTexts } from './mail-texts';

/** Yoruba. */
export const yo: MailTexts = {
  invitationSubject: 'Ìpè sí pátákó ìṣàkóso ìjẹ́rìísí ìdánimọ̀ ti {org}',
  invitationIntro: 'A ti pè yín sí pátákó ìṣàkóso ti {org}.',
  invitationLink: 'Ẹ ṣí líǹkì yìí láti yan ọ̀rọ̀ aṣínà yín kí ẹ sì wọlé (ẹ̀ẹ̀kan ṣoṣo ló máa ṣiṣẹ́, fún ọjọ́ {days}):',
  invitationIgnore: 'Tí ẹ kò bá retí ìpè yìí, ẹ fojú fo ímeèlì yìí: kò sí ohun tó máa ṣẹlẹ̀ láìsí líǹkì náà.',
  resetSubject: 'Àtúntò ọ̀rọ̀ aṣínà pátákó ìṣàkóso yín',
  resetIntro: 'Ẹnìkan béèrè láti tún ọ̀rọ̀ aṣínà àkáǹtì pátákó ìṣàkóso ti àdírẹ́sì yìí tò.',
  resetLink: 'Ẹ ṣí líǹkì yìí láti yan ọ̀rọ̀ aṣínà tuntun (ẹ̀ẹ̀kan ṣoṣo ló máa ṣiṣẹ́, fún ìṣẹ́jú {minutes}):',
  resetIgnore: 'Tí kì í bá ṣe ẹ̀yin ló béèrè, ẹ fojú fo ímeèlì yìí: ọ̀rọ̀ aṣínà yín máa wà bó ṣe wà.',
};
