import type { ReactNode } from 'react';
import styles from './alert.module.css';

export type AlertTone = 'info' | 'warning' | 'error' | 'success';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * assertive: role=alert, read at once (errors that block progress).
   * polite: role=status, read when the reader is idle (hints, progress).
   * off: static text.
   */
  live?: 'assertive' | 'polite' | 'off';
  testId?: string;
}

export function Alert({ tone = 'info', title, children, live = 'off', testId }: AlertProps) {
  const role = live === 'assertive' ? 'alert' : live === 'polite' ? 'status' : undefined;
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={role} data-testid={testId}>
      {title ? <p className={styles.title}>{title}</p> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}
