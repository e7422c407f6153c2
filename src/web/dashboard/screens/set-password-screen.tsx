import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN, type Me } from '../../../contract/accounts';
import { isPending, type SignInAnswer } from '../../../contract/accounts-second-factor';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call, DashboardError } from '../dashboard-api';
import { LanguagePicker } from '../../ui/language-picker';
import { TextField } from '../parts/text-field';
import styles from '../dashboard.module.css';

/**
 * Where a one-time sign-in link lands. The token travels in the URL fragment (never sent to a
 * server or a Referer); it is read once and the fragment cleared from the address bar.
 */
export function SetPasswordScreen({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm<{ password: string; confirm: string }>();
  useEffect(() => {
    document.title = t('pageTitle', { page: t('setPassword.title') });
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [t]);

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const answer = await call<SignInAnswer>('POST', '/auth/set-password', { token, password });
      // A member with a second factor still answers it: the sign-in screen's second step.
      if (isPending(answer)) navigate('/dashboard/sign-in', { replace: true, state: { pending: answer } });
      else {
        onSignedIn(answer);
        navigate('/dashboard', { replace: true });
      }
    } catch (e) {
      const code = e instanceof DashboardError ? e.code : null;
      // A weak password (the server's strength estimator) keeps the link: the person tries another.
      setFailure(code === 'link_invalid' ? t('setPassword.invalidLink') : code === 'weak_password' ? t('setPassword.weak') : t('signIn.failed'));
    }
  });

  return (
    <main className={styles.narrow} id="main">
      <div className={styles.topRight}><LanguagePicker /></div>
      <h1 className={styles.title}>{t('setPassword.title')}</h1>
      {token ? (
        <form onSubmit={(e) => void submit(e)} noValidate className={styles.form} data-testid="set-password-form">
          {failure ? <Alert tone="error" live="assertive" testId="set-password-error">{failure}</Alert> : null}
          <p>{t('setPassword.intro', { min: PASSWORD_MIN })}</p>
          <TextField label={t('setPassword.password')} type="password" autoComplete="new-password"
            error={formState.errors.password ? t('setPassword.tooShort', { min: PASSWORD_MIN }) : undefined}
            {...register('password', { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, required: true })} />
          <TextField label={t('setPassword.confirm')} type="password" autoComplete="new-password"
            error={formState.errors.confirm ? t('setPassword.mismatch') : undefined}
            {...register('confirm', { validate: (v) => v === getValues('password') })} />
          <Button type="submit" disabled={formState.isSubmitting}>{t('setPassword.submit')}</Button>
        </form>
      ) : <Alert tone="warning" live="assertive" testId="set-password-error">{t('setPassword.missingToken')}</Alert>}
    </main>
  );
}
