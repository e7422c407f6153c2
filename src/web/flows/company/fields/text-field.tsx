import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { fieldInputClass, FieldShell, type FieldShellProps } from './field-shell';

type ShellProps = Omit<FieldShellProps, 'children'>;

export type TextFieldProps = ShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/** A one-line input; spread `register('name')` into it. */
export function TextField({ label, error, hint, optional, wide, testId, ref, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} optional={optional} wide={wide} testId={testId}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          ref={ref}
          className={fieldInputClass}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          aria-required={!optional}
          {...input}
        />
      )}
    </FieldShell>
  );
}

export type TextAreaFieldProps = ShellProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, error, hint, optional, wide = true, testId, ref, ...input }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} optional={optional} wide={wide} testId={testId}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          ref={ref}
          className={fieldInputClass}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          aria-required={!optional}
          rows={4}
          {...input}
        />
      )}
    </FieldShell>
  );
}
