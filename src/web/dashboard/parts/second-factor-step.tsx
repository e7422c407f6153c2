import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../../contract/accounts';
import type { PendingSignIn } from '../../../contract/accounts-second-factor';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call, DashboardError } from '../dashboard-api';
import { assertPasskey } from './passkey-ceremony';
import { TextField } from './text-field';
import styles from '../dashboard.module.css';

/**
 * The second step of signing in: a passkey, a code from the authenticator app, or a recovery
 * code. The pending sign-in is an HttpOnly cookie; this screen holds nothing of it.
 */
export function SecondFactorStep({ pending, onSignedIn, onRestart }: { pending: PendingSignIn; onSignedIn: (me: Me) => void; onRestart: () => void }) {
  const { t } = useTranslation('dashboard');
  const [method, setMethod] = useState<'totp' | 'recovery'>(pending.methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);

  const explain = (e: unknown) => {
    const err = e instanceof DashboardError ? e : null;
    if (err?.code === 'sign_in_expired') return t('secondFactor.expired');
    if (err?.code === 'sign_in_closed') return t('secondFactor.closed');
    if (err?.code === 'locked' || err?.code === 'rate_limited') return t('secondFactor.locked', { minutes: Math.ceil(Number(err.detail.retryAfterSeconds ?? 900) / 60) });
    if (err?.code === 'wrong_second_factor' || err?.code === 'validation_error') return t('secondFactor.wrong');
    return err ? t('signIn.failed') : t('secondFactor.passkeyFailed');
  };
  const answer = async (body: () => Promise<unknown>) => {
    setFailure(null);
    setBusy(true);
    try {
      onSignedIn(await call<Me>('POST', '/auth/second-factor', await body()));
    } catch (e) {
      setFailure(explain(e));
    } finally {
      setBusy(false);
    }
  };
  const submitCode = (e: React.FormEvent) => {
    e.preventDefault();
    void answer(async () => ({ method, code }));
  };

  return (
    <div className={styles.form} data-testid="second-factor-step">
      <h1 className={styles.title} tabIndex={-1} ref={heading}>{t('secondFactor.title')}</h1>
      <p>{t('secondFactor.intro')}</p>
      {failure ? <Alert tone="error" live="assertive" testId="second-factor-error">{failure}</Alert> : null}
      {pending.methods.includes('passkey') ? (
        <Button onClick={() => void answer(async () => ({ method: 'passkey', response: await assertPasskey() }))} disabled={busy} data-testid="use-passkey">{t('secondFactor.usePasskey')}</Button>
      ) : null}
      <form onSubmit={submitCode} noValidate className={styles.form} data-testid="second-factor-form">
        <TextField
          label={method === 'totp' ? t('secondFactor.code') : t('secondFactor.recoveryCode')}
          autoComplete="one-time-code" inputMode={method === 'totp' ? 'numeric' : 'text'} value={code} onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" variant={pending.methods.includes('passkey') ? 'secondary' : 'primary'} disabled={busy || code.trim() === ''}>{t('secondFactor.submit')}</Button>
      </form>
      {pending.methods.includes('totp') && pending.methods.includes('recovery') ? (
        <button type="button" className={styles.linkButton} onClick={() => { setMethod(method === 'totp' ? 'recovery' : 'totp'); setCode(''); }} data-testid="switch-method">
          {method === 'totp' ? t('secondFactor.useRecovery') : t('secondFactor.useApp')}
        </button>
      ) : null}
      <button type="button" className={styles.linkButton} onClick={onRestart}>{t('secondFactor.restart')}</button>
    </div>
  );
}
