import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './screen.module.css';

export interface ScreenProps {
  title: string;
  /** "Step 2 of 4"; omitted on screens outside the numbered steps. */
  step?: { current: number; total: number };
  onBack?: () => void;
  /** Actions, primary last in the DOM order that reads naturally (primary first visually). */
  footer?: ReactNode;
  /** Camera screens: content runs edge to edge. */
  variant?: 'default' | 'camera';
  testId?: string;
  children?: ReactNode;
}

/**
 * One screen, one job. The heading takes focus whenever the screen (or its title) changes, so
 * screen-reader and keyboard users start at the top of the new step.
 */
export function Screen({ title, step, onBack, footer, variant = 'default', testId, children }: ScreenProps) {
  const { t } = useTranslation('common');
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [title]);

  return (
    <section className={`${styles.screen} ${variant === 'camera' ? styles.camera : ''}`} data-testid={testId} aria-labelledby={testId ? `${testId}-title` : undefined}>
      {onBack || step ? (
        <div className={styles.top}>
          {onBack ? (
            <button type="button" className={styles.back} onClick={onBack} data-testid="back-button">
              <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M15 5l-7 7 7 7" />
              </svg>
              {t('back')}
            </button>
          ) : null}
          {step ? (
            <p className={styles.step} data-testid="step-indicator">
              {t('stepOf', { current: step.current, total: step.total })}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className={styles.body}>
        <h1 ref={headingRef} id={testId ? `${testId}-title` : undefined} className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}
