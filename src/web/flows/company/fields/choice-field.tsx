import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { choiceError, useErrorText } from './error-text';
import styles from './field.module.css';

interface CommonProps {
  label: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string | undefined;
  optional?: boolean;
  hint?: string;
  testId?: string;
  onBlur?: () => void;
  /** Gets the first input, so "focus the first invalid field" lands in the group. */
  ref?: Ref<HTMLInputElement>;
}

export type ChoiceFieldProps = CommonProps &
  (
    | { type: 'radio'; value: string | undefined; onChange: (value: string) => void }
    | { type: 'checkbox'; value: readonly string[] | undefined; onChange: (value: string[]) => void }
  );

/** A fieldset of radios (one answer) or checkboxes (several), controlled (react-hook-form Controller). */
export function ChoiceField(props: ChoiceFieldProps) {
  const { label, name, options, error, optional, hint, testId, onBlur, ref } = props;
  const { t } = useTranslation('company');
  const id = useId();
  const errorText = useErrorText()(choiceError(error));
  const describedBy = [hint ? `${id}-hint` : null, errorText ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const isChecked = (v: string) => (props.type === 'radio' ? props.value === v : (props.value ?? []).includes(v));
  const toggle = (v: string, checked: boolean) => {
    if (props.type === 'radio') props.onChange(v);
    else {
      const current = props.value ?? [];
      // Keep the campaign's option order whatever the order of taps.
      const next = new Set(checked ? [...current, v] : current.filter((x) => x !== v));
      props.onChange(options.map((o) => o.value).filter((x) => next.has(x)));
    }
  };
  return (
    <fieldset
      className={`${styles.fieldset} ${styles.wide} ${errorText ? styles.invalid : ''}`}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      <legend className={styles.legend}>
        {label}
        {optional ? <span className={styles.optional}> {t('fields.optional')}</span> : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {options.map((option, index) => (
        <label key={option.value} className={styles.choice}>
          <input
            type={props.type}
            name={`${name}-${id}`}
            value={option.value}
            checked={isChecked(option.value)}
            ref={index === 0 ? ref : undefined}
            onChange={(e) => toggle(option.value, e.target.checked)}
            onBlur={onBlur}
            aria-invalid={errorText ? true : undefined}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {errorText ? (
        <p id={`${id}-error`} className={styles.error} data-testid={testId ? `${testId}-error` : 'field-error'}>
          {errorText}
        </p>
      ) : null}
    </fieldset>
  );
}
