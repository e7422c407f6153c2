import styles from './spinner.module.css';

/** A busy indicator with a visible, announced label. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite" data-testid="spinner">
      <div className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
