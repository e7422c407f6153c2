import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './autosave/autosave-queue';
import styles from './company.module.css';

/** Small, calm status of the autosave; only a failure that persists is emphasised. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const { t } = useTranslation('company');
  const text = {
    idle: '',
    pending: t('save.saving'),
    saving: t('save.saving'),
    saved: t('save.saved'),
    retrying: t('save.retrying'),
    failed: t('save.failed'),
  }[status];
  const warn = status === 'retrying' || status === 'failed';
  return (
    <p className={`${styles.save} ${warn ? styles.saveWarn : ''}`} role="status" aria-live="polite" data-testid="save-indicator" data-status={status}>
      {text}
    </p>
  );
}
