import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecoveryCodes } from '../../../contract/accounts-second-factor';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call } from '../dashboard-api';
import { createPasskey } from './passkey-ceremony';
import { TextField } from './text-field';
import styles from '../dashboard.module.css';

/** A named passkey: the server's challenge, the authenticator's answer, the server's check. */
export function PasskeyAddPanel({ onAdded }: { onAdded: (codes: string[] | null) => void }) {
  const { t } = useTranslation('dashboard');
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const response = await createPasskey(name.trim());
      const done = await call<RecoveryCodes>('POST', '/security/passkeys', { name: name.trim(), response });
      setName('');
      onAdded(done.recoveryCodes);
    } catch {
      // Cancelled in the browser's dialog, or refused by the server: either way, try again.
      setFailure(t('security.passkeyFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="passkey-title" className={styles.panel} data-testid="passkey-add">
      <h2 id="passkey-title" className={styles.subtitle}>{t('security.passkeyTitle')}</h2>
      {failure ? <Alert tone="error" live="assertive" testId="passkey-error">{failure}</Alert> : null}
      <form onSubmit={(e) => void add(e)} noValidate className={styles.form}>
        <TextField label={t('security.passkeyName')} hint={t('security.passkeyHint')} maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" inline disabled={busy || name.trim() === ''}>{t('security.passkeyAdd')}</Button>
      </form>
    </section>
  );
}
