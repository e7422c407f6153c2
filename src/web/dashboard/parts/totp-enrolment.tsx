import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecoveryCodes, TotpEnrolment } from '../../../contract/accounts-second-factor';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { QrCode } from '../../ui/capture/qr-code';
import { call, DashboardError } from '../dashboard-api';
import { TextField } from './text-field';
import styles from '../dashboard.module.css';

/** Start (a new secret: QR and text), then a first code from the app turns it on. */
export function TotpEnrolmentPanel({ onEnrolled }: { onEnrolled: (codes: string[] | null) => void }) {
  const { t } = useTranslation('dashboard');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setFailure(null);
    try { setEnrolment(await call<TotpEnrolment>('POST', '/security/totp')); } catch { setFailure(t('security.failed')); }
  };
  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const done = await call<RecoveryCodes>('POST', '/security/totp/confirm', { code });
      setEnrolment(null);
      onEnrolled(done.recoveryCodes);
    } catch (err) {
      setFailure(err instanceof DashboardError && (err.code === 'wrong_code' || err.code === 'validation_error') ? t('security.wrongCode') : t('security.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="totp-title" className={styles.panel} data-testid="totp-enrolment">
      <h2 id="totp-title" className={styles.subtitle}>{t('security.totpTitle')}</h2>
      {failure ? <Alert tone="error" live="assertive" testId="totp-error">{failure}</Alert> : null}
      {!enrolment ? <Button inline onClick={() => void start()} data-testid="totp-start">{t('security.totpStart')}</Button> : (
        <form onSubmit={(e) => void confirm(e)} noValidate className={styles.form}>
          <p>{t('security.totpScan')}</p>
          <QrCode text={enrolment.uri} label={t('security.totpQr')} testId="totp-qr" />
          <p>{t('security.totpSecret')}: <code className={styles.secret} data-testid="totp-secret">{enrolment.secret}</code></p>
          <TextField label={t('secondFactor.code')} autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
          <Button type="submit" inline disabled={busy || code.trim() === ''}>{t('security.totpConfirm')}</Button>
        </form>
      )}
    </section>
  );
}
