import { useId, type ReactNode, type Ref } from 'react';
import dashboard from '../../dashboard.module.css';
import styles from './campaign.module.css';

/** Why: a labelled group of tick boxes over a list of values, its hint and error read with it. */
export function CheckGroup<V extends string>({ legend, hint, error, options, checked, onToggle, notes, testId, firstRef }: {
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  options: readonly { value: V; label: string }[];
  checked: (value: V) => boolean;
  onToggle: (value: V, on: boolean) => void;
  /** Fixed rules shown under the boxes (what the campaign cannot change). */
  notes?: ReactNode;
  testId?: string;
  /** Given to the first box: where the focus goes when the group's value is refused. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={styles.group} aria-describedby={described} data-invalid={error ? true : undefined} data-testid={testId}>
      <legend>{legend}</legend>
      {hint ? <p id={`${id}-hint`} className={styles.hint}>{hint}</p> : null}
      <div className={styles.checks}>
        {options.map((o, i) => (
          <label key={o.value} className={dashboard.choice}>
            <input ref={i === 0 ? firstRef : undefined} type="checkbox" checked={checked(o.value)} onChange={(e) => onToggle(o.value, e.target.checked)} /> {o.label}
          </label>
        ))}
      </div>
      {notes}
      {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
    </fieldset>
  );
}
