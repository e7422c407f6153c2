import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from './copy-button';
import styles from '../dashboard.module.css';

/** Codes just made (shown this once), how many are left, and a way to make new ones. */
export function RecoveryCodesPanel({ fresh, left, canRegenerate, onRegenerate }: { fresh: string[] | null; left: number; canRegenerate: boolean; onRegenerate: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="recovery-title" className={styles.panel} data-testid="recovery-codes">
      <h2 id="recovery-title" className={styles.subtitle}>{t('security.recoveryTitle')}</h2>
      {fresh ? (
        <Alert tone="warning" live="polite" testId="recovery-codes-new">
          <p>{t('security.recoveryNew')}</p>
          <ul className={`${styles.plainList} ${styles.mono}`} data-testid="recovery-code-list">
            {fresh.map((c) => <li key={c}>{c}</li>)}
          </ul>
          <CopyButton value={fresh.join('\n')} />
        </Alert>
      ) : null}
      <p data-testid="recovery-left">{t('security.recoveryLeft', { n: left })}</p>
      {/* New codes are shown only after the confirmation above. */}
      {canRegenerate ? <Button variant="secondary" inline onClick={onRegenerate} data-testid="recovery-regenerate">{t('security.recoveryRegenerate')}</Button> : null}
    </section>
  );
}
