import type { Ref, SelectHTMLAttributes } from 'react';
import { choiceError } from './error-text';
import { fieldInputClass, FieldShell, type FieldShellProps } from './field-shell';

export type SelectFieldProps = Omit<FieldShellProps, 'children'> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    options: ReadonlyArray<{ value: string; label: string }>;
    /** Label of the empty first option. */
    placeholder: string;
    ref?: Ref<HTMLSelectElement>;
  };

/** A native select: the phone's own picker is the best one for a short list. */
export function SelectField({ label, error, hint, optional, wide, testId, options, placeholder, ref, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={choiceError(error)} hint={hint} optional={optional} wide={wide} testId={testId}>
      {({ id, describedBy, invalid }) => (
        <select id={id} ref={ref} className={fieldInputClass} aria-invalid={invalid} aria-describedby={describedBy} aria-required={!optional} {...select}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
