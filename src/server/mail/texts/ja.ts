import type { MailTexts } from './mail-texts';

/** Japanese. */
export const ja: MailTexts = {
  invitationSubject: '{org} の本人確認ダッシュボードへの招待',
  invitationIntro: '{org} のダッシュボードに招待されました。',
  invitationLink: '以下のリンクを開いて、パスワードを設定しログインしてください（リンクは 1 回限り、{days} 日間有効です）：',
  invitationIgnore: 'この招待にお心当たりがない場合は、このメールを無視してください。リンクを開かない限り、何も起こりません。',
  resetSubject: 'ダッシュボードのパスワードの再設定',
  resetIntro: 'このメールアドレスのダッシュボードアカウントについて、パスワードの再設定がリクエストされました。',
  resetLink: '以下のリンクを開いて、新しいパスワードを設定してください（リンクは 1 回限り、{minutes} 分間有効です）：',
  resetIgnore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
};
