import { forwardRef, useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from '../dashboard.module.css';

type Common = { label: string; error?: string; hint?: string };

/** A labelled input whose hint and error are linked to it (read with the field, WCAG 3.3.1). */
export const TextField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, className, ...rest }, ref) {
    const id = useId();
    const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`${styles.formField} ${className ?? ''}`}>
        <label htmlFor={id}>{label}</label>
        {hint ? <p id={`${id}-hint`} className={styles.muted}>{hint}</p> : null}
        <input ref={ref} id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={described} {...rest} />
        {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
      </div>
    );
  },
);

export const TextArea = forwardRef<HTMLTextAreaElement, Common & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextArea({ label, error, hint, className, ...rest }, ref) {
    const id = useId();
    const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`${styles.formField} ${className ?? ''}`}>
        <label htmlFor={id}>{label}</label>
        {hint ? <p id={`${id}-hint`} className={styles.muted}>{hint}</p> : null}
        <textarea ref={ref} id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={described} {...rest} />
        {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
      </div>
    );
  },
);
