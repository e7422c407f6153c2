import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordBodySchema } from '../../../contract/accounts';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LanguagePicker } from '../../ui/language-picker';
import { call, DashboardError } from '../dashboard-api';
import { TextField } from '../parts/text-field';
import styles from '../dashboard.module.css';
import { isLanguage } from '../../../contract/languages';

type Values = z.input<typeof forgotPasswordBodySchema>;

/**
 * Forgot password: the address, then the same answer whatever it is (a link is on its way if it
 * is a member's). A server without e-mail says who can help instead.
 */
export function ForgotPasswordScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'warning'; text: string } | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(forgotPasswordBodySchema) });
  useEffect(() => { document.title = t('pageTitle', { page: t('forgot.title') }); }, [t]);

  const submit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      // The e-mail is written in the language this page is read in.
      await call('POST', '/auth/forgot-password', { ...values, language: isLanguage(i18n.language) ? i18n.language : undefined });
      setOutcome({ tone: 'success', text: t('forgot.sent') });
    } catch (e) {
      const err = e instanceof DashboardError ? e : null;
      setOutcome(err?.code === 'mail_not_configured' ? { tone: 'warning', text: t('forgot.noMail') }
        : err?.code === 'rate_limited' ? { tone: 'error', text: t('forgot.tooMany', { minutes: Math.ceil(Number(err.detail.retryAfterSeconds ?? 3600) / 60) }) }
          : { tone: 'error', text: t('forgot.failed') });
    }
  });

  return (
    <main className={styles.narrow} id="main">
      <div className={styles.topRight}><LanguagePicker /></div>
      <h1 className={styles.title}>{t('forgot.title')}</h1>
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.form} data-testid="forgot-form">
        <p>{t('forgot.intro')}</p>
        {outcome ? <Alert tone={outcome.tone} live="assertive" testId="forgot-outcome">{outcome.text}</Alert> : null}
        <TextField label={t('signIn.email')} type="email" autoComplete="username" error={formState.errors.email ? t('signIn.emailInvalid') : undefined} {...register('email')} />
        <Button type="submit" disabled={formState.isSubmitting}>{t('forgot.submit')}</Button>
        <p><Link to="/dashboard/sign-in">{t('forgot.back')}</Link></p>
      </form>
    </main>
  );
}
