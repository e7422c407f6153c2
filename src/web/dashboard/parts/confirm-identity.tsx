import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Confirmation } from '../../../contract/accounts-second-factor';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call, DashboardError } from '../dashboard-api';
import { TextField } from './text-field';
import styles from '../dashboard.module.css';

/**
 * Asks again who is there before the member's factors can change: the password, or a code from
 * the authenticator app when the member has one. A session cookie alone (a browser left open)
 * does not add a factor or show new recovery codes.
 */
export function ConfirmIdentityPanel({ hasApp, onConfirmed }: { hasApp: boolean; onConfirmed: () => void }) {
  const { t } = useTranslation('dashboard');
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await call<Confirmation>('POST', '/security/confirm', withCode ? { code: value.trim() } : { password: value });
      onConfirmed();
    } catch (err) {
      const code = err instanceof DashboardError ? err.code : '';
      if (code === 'locked') setFailure(t('secondFactor.locked', { minutes: Math.ceil(Number((err as DashboardError).detail.retryAfterSeconds ?? 900) / 60) }));
      else setFailure(code === 'wrong_confirmation' || code === 'validation_error' ? t('security.confirmWrong') : t('security.failed'));
    } finally {
      setBusy(false);
      setValue('');
    }
  };

  return (
    <section aria-labelledby="confirm-title" className={styles.panel} data-testid="confirm-identity">
      <h2 id="confirm-title" className={styles.subtitle}>{t('security.confirmTitle')}</h2>
      <p>{t('security.confirmIntro')}</p>
      {failure ? <Alert tone="error" live="assertive" testId="confirm-error">{failure}</Alert> : null}
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.form}>
        {withCode ? (
          <TextField label={t('secondFactor.code')} autoComplete="one-time-code" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
        ) : (
          <TextField label={t('security.confirmPassword')} type="password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.target.value)} />
        )}
        <Button type="submit" disabled={busy || value.trim() === ''} data-testid="confirm-submit">{t('security.confirmSubmit')}</Button>
      </form>
      {hasApp ? (
        <button type="button" className={styles.linkButton} onClick={() => { setWithCode(!withCode); setValue(''); setFailure(null); }}>
          {withCode ? t('security.confirmWithPassword') : t('security.confirmWithApp')}
        </button>
      ) : null}
    </section>
  );
}
