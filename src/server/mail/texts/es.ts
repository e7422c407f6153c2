import type { MailTexts } from './mail-texts';

/** Spanish. */
export const es: MailTexts = {
  invitationSubject: 'Invitación al panel de verificación de identidad de {org}',
  invitationIntro: 'Ha recibido una invitación para unirse al panel de {org}.',
  invitationLink: 'Abra este enlace para elegir su contraseña e iniciar sesión (funciona una sola vez, durante {days} días):',
  invitationIgnore: 'Si no esperaba esta invitación, ignore este correo: no ocurrirá nada sin el enlace.',
  resetSubject: 'Restablezca la contraseña de su panel',
  resetIntro: 'Alguien ha solicitado restablecer la contraseña de la cuenta del panel asociada a esta dirección.',
  resetLink: 'Abra este enlace para elegir una nueva contraseña (funciona una sola vez, durante {minutes} minutos):',
  resetIgnore: 'Si no ha sido usted, ignore este correo: su contraseña seguirá siendo la misma.',
};
