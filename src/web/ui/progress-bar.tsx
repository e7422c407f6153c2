import { useId } from 'react';
import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** 0..1; undefined shows an indeterminate bar. */
  value?: number;
  label: string;
  /** Text shown at the end of the label row, e.g. "45 %". */
  valueText?: string;
  testId?: string;
}

export function ProgressBar({ value, label, valueText, testId }: ProgressBarProps) {
  const id = useId();
  const clamped = value === undefined ? undefined : Math.max(0, Math.min(1, value));
  return (
    <div className={styles.wrap}>
      <div className={styles.label}>
        <label htmlFor={id}>{label}</label>
        {valueText ? <span aria-hidden="true">{valueText}</span> : null}
      </div>
      <progress id={id} className={styles.bar} max={1} value={clamped} data-testid={testId} aria-valuetext={valueText} />
    </div>
  );
}
