import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { memberRoleSchema, type CreatedMember, type Member, type MemberRole } from '../../../contract/accounts';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call, DashboardError } from '../dashboard-api';
import { ConfirmDialog } from '../parts/confirm-dialog';
import { CopyButton } from '../parts/copy-button';
import { PageStatus } from '../parts/page-status';
import { FourEyesSetting } from '../parts/queue/four-eyes-setting';
import { TextField } from '../parts/text-field';
import { useSession } from '../session';
import { useLoad } from '../use-load';
import styles from '../dashboard.module.css';
import { SUPPORTED_LANGUAGES, type Language } from '../../i18n/languages';
import { ownName } from '../../ui/language-picker';

/** Members and roles; an invitation is a one-time link to copy, also e-mailed (in the chosen language) when the server sends mail. */
export function TeamScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const { me } = useSession();
  const uiLanguage = (SUPPORTED_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language as Language : 'en';
  const team = useLoad(() => call<Member[]>('GET', '/team'), 'team');
  const [invited, setInvited] = useState<CreatedMember | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<{ email: string; role: MemberRole; language: Language }>({ defaultValues: { email: '', role: 'reviewer', language: uiLanguage } });
  useEffect(() => { document.title = t('pageTitle', { page: t('team.title') }); }, [t]);

  const explain = (e: unknown) => (e instanceof DashboardError && e.code === 'email_taken' ? t('team.emailTaken')
    : e instanceof DashboardError && e.code === 'forbidden' ? t('team.ownersOnly') : t('review.failed'));
  const invite = handleSubmit(async (v) => {
    setFailure(null);
    try {
      setInvited(await call<CreatedMember>('POST', '/team', v));
      reset({ email: '', role: 'reviewer', language: v.language });
      team.reload();
    } catch (e) { setFailure(explain(e)); }
  });
  const remove = async (m: Member) => {
    setRemoving(null);
    try { await call('DELETE', `/team/${m.id}`); } catch (e) { setFailure(explain(e)); }
    team.reload();
  };

  return (
    <>
      <h1 className={styles.title} tabIndex={-1}>{t('team.title')}</h1>
      <FourEyesSetting />
      {failure ? <Alert tone="error" live="assertive" testId="team-error">{failure}</Alert> : null}
      {invited ? (
        <Alert tone="success" live="assertive" testId="invite-link">
          {invited.emailed ? <p data-testid="invite-emailed">{t('team.inviteEmailed', { email: invited.email })}</p> : null}
          <p>{t('team.inviteLink', { email: invited.email })}</p>
          <p><code className={styles.secret} data-testid="invite-url">{invited.signInUrl}</code> <CopyButton value={invited.signInUrl} /></p>
        </Alert>
      ) : null}
      <section aria-labelledby="members-title">
        <h2 id="members-title" className={styles.subtitle}>{t('team.members')}</h2>
        {team.state !== 'ready' ? <PageStatus state={team.state} error={team.state === 'error' ? team.error : undefined} onRetry={team.reload} /> : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="team-list">
              <thead><tr><th scope="col">{t('team.email')}</th><th scope="col">{t('team.role')}</th><th scope="col">{t('team.state')}</th><th scope="col"><span className={styles.visuallyHidden}>{t('team.remove')}</span></th></tr></thead>
              <tbody>
                {team.data.map((m) => (
                  <tr key={m.id} data-testid="member-row">
                    <td>{m.email}{m.id === me.member.id ? <span className={styles.muted}> ({t('team.you')})</span> : null}</td>
                    <td>{t(`roles.${m.role}`)}</td>
                    <td>{m.active ? t('team.active') : t('team.invited')}</td>
                    <td>{m.id === me.member.id ? null : <Button variant="secondary" inline className={styles.danger} onClick={() => setRemoving(m)} aria-label={`${t('team.remove')} ${m.email}`}>{t('team.remove')}</Button>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="invite-title" className={styles.panel}>
        <h2 id="invite-title" className={styles.subtitle}>{t('team.invite')}</h2>
        <form onSubmit={(e) => void invite(e)} noValidate className={styles.form} data-testid="invite-form">
          <TextField label={t('team.email')} type="email" error={formState.errors.email ? t('signIn.emailInvalid') : undefined} {...register('email', { required: true, pattern: /^[^\s@]+@[^\s@]+$/ })} />
          <div className={styles.formField}>
            <label htmlFor="invite-role">{t('team.role')}</label>
            <select id="invite-role" className={styles.input} {...register('role')}>
              {memberRoleSchema.options.filter((r) => r !== 'owner' || me.member.role === 'owner').map((r) => <option key={r} value={r}>{t(`roles.${r}`)}</option>)}
            </select>
          </div>
          <div className={styles.formField}>
            <label htmlFor="invite-language">{t('team.inviteLanguage')}</label>
            <select id="invite-language" className={styles.input} {...register('language')}>
              {SUPPORTED_LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{ownName(l)}</option>)}
            </select>
          </div>
          <Button type="submit" inline disabled={formState.isSubmitting}>{t('team.inviteSubmit')}</Button>
        </form>
      </section>
      <ConfirmDialog open={removing !== null} title={t('team.confirmRemove', { email: removing?.email ?? '' })} danger confirmLabel={t('team.remove')}
        onCancel={() => setRemoving(null)} onConfirm={() => { if (removing) void remove(removing); }} />
    </>
  );
}
