import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import styles from '../dashboard.module.css';

/**
 * A modal question before an action that cannot be undone. The native <dialog> keeps focus
 * inside, closes on Escape and gives focus back to the button that opened it.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, danger, busy, onConfirm, onCancel }: {
  open: boolean; title: string; children?: ReactNode; confirmLabel?: string; danger?: boolean; busy?: boolean;
  onConfirm: () => void; onCancel: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby="confirm-title" onCancel={(e) => { e.preventDefault(); onCancel(); }} data-testid="confirm-dialog">
      <h2 id="confirm-title" className={styles.subtitle}>{title}</h2>
      {children}
      <div className={styles.dialogActions}>
        <Button variant="secondary" inline onClick={onCancel}>{t('common.cancel')}</Button>
        <Button inline className={danger ? styles.danger : undefined} onClick={onConfirm} disabled={busy} data-testid="confirm-button">{confirmLabel ?? t('review.confirm')}</Button>
      </div>
    </dialog>
  );
}
