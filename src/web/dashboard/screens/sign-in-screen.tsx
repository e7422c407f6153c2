import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { signInBodySchema, type Me } from '../../../contract/accounts';
import { isPending, type PendingSignIn, type SignInAnswer } from '../../../contract/accounts-second-factor';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Link } from 'react-router';
import { call, DashboardError } from '../dashboard-api';
import { LanguagePicker } from '../../ui/language-picker';
import { SecondFactorStep } from '../parts/second-factor-step';
import { TextField } from '../parts/text-field';
import styles from '../dashboard.module.css';

type Values = z.input<typeof signInBodySchema>;

/**
 * E-mail and password; the answer says wrong or locked, never which of the two was wrong. A
 * member with a second factor then answers it (`pending`: also handed over by set-password).
 */
export function SignInScreen({ onSignedIn, pending: handedOver }: { onSignedIn: (me: Me) => void; pending?: PendingSignIn }) {
  const { t } = useTranslation('dashboard');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingSignIn | null>(handedOver ?? null);
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(signInBodySchema) });
  useEffect(() => { document.title = t('pageTitle', { page: t('signIn.title') }); }, [t]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await call<SignInAnswer>('POST', '/auth/sign-in', values);
      if (isPending(answer)) setPending(answer);
      else onSignedIn(answer);
    } catch (e) {
      const err = e instanceof DashboardError ? e : null;
      if (err?.code === 'locked' || err?.code === 'rate_limited') setFailure(t('signIn.locked', { minutes: Math.ceil(Number(err.detail.retryAfterSeconds ?? 900) / 60) }));
      else if (err?.code === 'wrong_credentials') setFailure(t('signIn.wrong'));
      else setFailure(t('signIn.failed'));
    }
  });

  return (
    <main className={styles.narrow} id="main">
      <div className={styles.topRight}><LanguagePicker /></div>
      {pending ? <SecondFactorStep pending={pending} onSignedIn={onSignedIn} onRestart={() => setPending(null)} /> : (<>
      <h1 className={styles.title}>{t('signIn.title')}</h1>
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.form} data-testid="sign-in-form">
        {failure ? <Alert tone="error" live="assertive" testId="sign-in-error">{failure}</Alert> : null}
        <TextField label={t('signIn.email')} type="email" autoComplete="username" error={formState.errors.email ? t('signIn.emailInvalid') : undefined} {...register('email')} />
        <TextField label={t('signIn.password')} type="password" autoComplete="current-password" error={formState.errors.password ? t('common.required') : undefined} {...register('password')} />
        <Button type="submit" disabled={formState.isSubmitting}>{t('signIn.submit')}</Button>
        <p><Link to="/dashboard/forgot-password" data-testid="forgot-link">{t('signIn.forgot')}</Link></p>
        <p className={styles.muted}>{t('signIn.help')}</p>
      </form>
      </>)}
    </main>
  );
}
