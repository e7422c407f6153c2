import type { MailTexts } from './mail-texts';

/** Hausa. */
export const ha: MailTexts = {
  invitationSubject: 'Gayyata zuwa allon sarrafawa na tantance shaida na {org}',
  invitationIntro: 'An gayyace ku zuwa allon sarrafawa na {org}.',
  invitationLink: 'Ku buɗe wannan mahaɗi don zaɓar kalmar sirrinku kuma ku shiga (yana aiki sau ɗaya kawai, na kwanaki {days}):',
  invitationIgnore: 'Idan ba ku yi tsammanin wannan gayyata ba, ku yi watsi da wannan imel ɗin: babu abin da zai faru ba tare da mahaɗin ba.',
  resetSubject: 'Sake saita kalmar sirrin allon sarrafawarku',
  resetIntro: 'Wani ya nemi a sake saita kalmar sirrin asusun allon sarrafawa na wannan adireshin.',
  resetLink: 'Ku buɗe wannan mahaɗi don zaɓar sabuwar kalmar sirri (yana aiki sau ɗaya kawai, na minti {minutes}):',
  resetIgnore: 'Idan ba ku ba ne, ku yi watsi da wannan imel ɗin: kalmar sirrinku za ta kasance yadda take.',
};
