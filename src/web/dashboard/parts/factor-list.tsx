import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Factor } from '../../../contract/accounts-second-factor';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call, DashboardError } from '../dashboard-api';
import { ConfirmDialog } from './confirm-dialog';
import { formatDate } from './status-badge';
import { TextField } from './text-field';
import styles from '../dashboard.module.css';

/** The member's factors; removing one asks for the password again. */
export function FactorList({ factors, onChanged }: { factors: Factor[]; onChanged: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async (f: Factor) => {
    setFailure(null);
    try {
      await call('POST', `/security/factors/${f.id}/remove`, { password });
      setRemoving(null);
      onChanged();
    } catch (e) {
      const code = e instanceof DashboardError ? e.code : '';
      setFailure(code === 'last_factor_required' ? t('security.lastRequired') : code === 'wrong_confirmation' || code === 'validation_error' ? t('security.removeWrong') : t('security.failed'));
      if (code === 'last_factor_required') setRemoving(null);
    } finally {
      setPassword('');
    }
  };

  return (
    <section aria-labelledby="factors-title">
      <h2 id="factors-title" className={styles.subtitle}>{t('security.factors')}</h2>
      {failure && !removing ? <Alert tone="error" live="assertive" testId="factor-error">{failure}</Alert> : null}
      {factors.length === 0 ? <p>{t('security.none')}</p> : (
        <ul className={styles.plainList} data-testid="factor-list">
          {factors.map((f) => (
            <li key={f.id} data-testid="factor-row" className={styles.kvRow}>
              <span><strong>{f.kind === 'totp' ? t('security.kind.totp') : f.name}</strong> · {t(`security.kind.${f.kind}`)} · {t('security.added', { date: formatDate(f.createdAt, i18n.language) })}</span>
              <Button variant="secondary" inline className={styles.danger} onClick={() => { setFailure(null); setRemoving(f); }} aria-label={`${t('security.remove')} ${f.name}`}>{t('security.remove')}</Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog open={removing !== null} title={t('security.removeTitle', { name: removing?.name ?? '' })} danger confirmLabel={t('security.remove')}
        onCancel={() => { setRemoving(null); setFailure(null); }} onConfirm={() => { if (removing) void remove(removing); }}>
        {failure ? <Alert tone="error" live="assertive">{failure}</Alert> : null}
        <TextField label={t('security.removePassword')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </ConfirmDialog>
    </section>
  );
}
