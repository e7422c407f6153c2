import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styles from '../dashboard.module.css';

type Common = { label: string; error?: string; hint?: string };
type ControlProps = { id: string; className: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** Label, hint and error around a control, linked to it (read with the field, WCAG 3.3.1). */
function Field({ label, error, hint, className, control }: Common & { className?: string; control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.formField} ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? <p id={`${id}-hint`} className={styles.muted}>{hint}</p> : null}
      {control({ id, className: styles.input ?? '', ...(error ? { 'aria-invalid': true } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, className, ...rest }, ref) {
    return <Field label={label} error={error} hint={hint} className={className} control={(p) => <input ref={ref} {...p} {...rest} />} />;
  },
);

export const TextArea = forwardRef<HTMLTextAreaElement, Common & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextArea({ label, error, hint, className, ...rest }, ref) {
    return <Field label={label} error={error} hint={hint} className={className} control={(p) => <textarea ref={ref} {...p} {...rest} />} />;
  },
);
