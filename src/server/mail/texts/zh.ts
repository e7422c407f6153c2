import type { MailTexts } from './mail-texts';

/** Simplified Chinese. */
export const zh: MailTexts = {
  invitationSubject: '邀请您加入 {org} 的身份验证控制台',
  invitationIntro: '您已受邀加入 {org} 的控制台。',
  invitationLink: '请打开此链接设置密码并登录（该链接仅可使用一次，有效期为 {days} 天）：',
  invitationIgnore: '如果您并未预期收到此邀请，请忽略此邮件：没有该链接，不会发生任何事情。',
  resetSubject: '重置您的控制台密码',
  resetIntro: '有人请求重置与此电子邮箱地址关联的控制台账户的密码。',
  resetLink: '请打开此链接设置新密码（该链接仅可使用一次，有效期为 {minutes} 分钟）：',
  resetIgnore: '如果这不是您本人的操作，请忽略此邮件：您的密码将保持不变。',
};
