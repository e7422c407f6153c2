import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import textInput from '../../../ui/text-input.module.css';
import { useErrorText } from './error-text';
import styles from './field.module.css';

/** The class of a field's control (input, select, textarea): ui's text-input look, plus the form's own. */
export const fieldInputClass = `${textInput.input} ${styles.input}`;

export interface FieldShellProps {
  label: string;
  /** Untranslated error key from the schema. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Shows "(optional)" after the label; required is the norm and stays unmarked. */
  optional?: boolean | undefined;
  /** Takes both columns of the grid on wide screens. */
  wide?: boolean | undefined;
  testId?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, hint, control and error wired together (for, aria-describedby, aria-invalid). */
export function FieldShell({ label, error, hint, optional, wide, testId, children }: FieldShellProps) {
  const { t } = useTranslation('company');
  const errorText = useErrorText()(error);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errorText ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`} data-testid={testId}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> {t('fields.optional')}</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy, invalid: !!errorText })}
      {errorText ? (
        <p id={errorId} className={styles.error} data-testid={testId ? `${testId}-error` : 'field-error'}>
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
