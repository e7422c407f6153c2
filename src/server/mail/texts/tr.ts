import type { MailTexts } from './mail-texts';

/** Turkish. */
export const tr: MailTexts = {
  invitationSubject: '{org} kuruluşunun kimlik doğrulama paneline davet edildiniz',
  invitationIntro: '{org} kuruluşunun paneline davet edildiniz.',
  invitationLink: 'Şifrenizi belirleyip giriş yapmak için bu bağlantıyı açın (bağlantı yalnızca bir kez ve {days} gün boyunca çalışır):',
  invitationIgnore: 'Bu daveti beklemiyorsanız bu e-postayı dikkate almayın: bağlantı olmadan hiçbir şey olmaz.',
  resetSubject: 'Panel şifrenizi sıfırlayın',
  resetIntro: 'Birisi bu adrese ait panel hesabının şifresinin sıfırlanmasını istedi.',
  resetLink: 'Yeni bir şifre belirlemek için bu bağlantıyı açın (bağlantı yalnızca bir kez ve {minutes} dakika boyunca çalışır):',
  resetIgnore: 'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın: şifreniz olduğu gibi kalır.',
};
