import type { MailTexts } from './mail-texts';

/** European Portuguese. */
export const pt: MailTexts = {
  invitationSubject: 'Convite para o painel de verificação de identidade de {org}',
  invitationIntro: 'Recebeu um convite para aderir ao painel de {org}.',
  invitationLink: 'Abra esta ligação para escolher a sua palavra-passe e iniciar sessão (funciona uma única vez, durante {days} dias):',
  invitationIgnore: 'Se não esperava este convite, ignore este e-mail: nada acontece sem a ligação.',
  resetSubject: 'Redefina a palavra-passe do seu painel',
  resetIntro: 'Alguém pediu para redefinir a palavra-passe da conta do painel associada a este endereço.',
  resetLink: 'Abra esta ligação para escolher uma nova palavra-passe (funciona uma única vez, durante {minutes} minutos):',
  resetIgnore: 'Se não fez este pedido, ignore este e-mail: a sua palavra-passe mantém-se inalterada.',
};
