import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { useErrorText } from './error-text';
import styles from './field.module.css';

export type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  error?: string | undefined;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
};

/** One checkbox with its label as a large tap target (attestations, consent). */
export function CheckboxField({ label, error, testId, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorText = useErrorText()(error);
  return (
    <div className={`${styles.field} ${styles.wide} ${errorText ? styles.invalid : ''}`} data-testid={testId}>
      <label className={styles.choice} htmlFor={id}>
        <input
          id={id}
          ref={ref}
          type="checkbox"
          aria-invalid={!!errorText}
          aria-describedby={errorText ? `${id}-error` : undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      {errorText ? (
        <p id={`${id}-error`} className={styles.error} data-testid={testId ? `${testId}-error` : 'field-error'}>
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
