import { useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { filterOptions, type ComboOption } from './combobox-filter';
import styles from './combobox.module.css';
import textInput from './text-input.module.css';

export interface ComboboxProps {
  label: string;
  options: readonly ComboOption[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  hint?: string;
  testId?: string;
}

/** ARIA 1.2 combobox with a listbox popup; typing filters, arrows move, Enter picks. */
export function Combobox({ label, hint, testId, ...input }: ComboboxProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field} data-testid={testId}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? <p id={hintId}>{hint}</p> : null}
      <ComboboxInput {...input} id={id} label={label} describedBy={hint ? hintId : undefined} emptyText={t('noResults')} announce />
    </div>
  );
}

export interface ComboboxInputProps {
  /** The input's id (its label points here); the list and its options take ids from it. */
  id: string;
  /** Names the list of options. */
  label: string;
  options: readonly ComboOption[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string | undefined;
  describedBy?: string | undefined;
  /** aria-invalid; left out when undefined. */
  invalid?: boolean | undefined;
  /** aria-required; left out when undefined. */
  required?: boolean | undefined;
  /** Replaces the input's own look (a form's fields share one). */
  inputClassName?: string | undefined;
  /** Said under the list when nothing matches. */
  emptyText: string;
  /** Announces the number of matches to screen readers while the list is open. */
  announce?: boolean;
  /** Leaving the field with an option's exact name (or value) typed picks it. */
  pickTypedOnBlur?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The input and its listbox popup without a label: one implementation for the standalone
 * Combobox and for form fields that bring their own label, hint and error (company flow).
 */
export function ComboboxInput({
  id, label, options, value, onChange, onBlur, placeholder, describedBy, invalid, required,
  inputClassName, emptyText, announce, pickTypedOnBlur, ref,
}: ComboboxInputProps) {
  const { t } = useTranslation('common');
  const listId = `${id}-list`;
  const selected = options.find((o) => o.value === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const shown = useMemo(() => filterOptions(options, query ?? ''), [options, query]);
  const activeOption = open ? shown[active] : undefined;

  const choose = (option: ComboOption) => {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  };

  const move = (delta: number) => {
    if (!open) {
      setOpen(true);
      return;
    }
    const next = Math.max(0, Math.min(shown.length - 1, active + delta));
    setActive(next);
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`);
    // Guarded: not every environment (jsdom, old WebViews) implements scrollIntoView.
    if (option && typeof option.scrollIntoView === 'function') option.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(-1);
    } else if (e.key === 'Enter' && activeOption) {
      e.preventDefault();
      choose(activeOption);
    } else if (e.key === 'Escape') {
      setOpen(false);
      setQuery(null);
    }
  };

  return (
    <>
      <input
        id={id}
        ref={ref}
        className={inputClassName ?? textInput.input}
        role="combobox"
        type="text"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-invalid={invalid}
        aria-required={required}
        aria-describedby={describedBy}
        aria-activedescendant={activeOption ? `${id}-opt-${activeOption.value}` : undefined}
        placeholder={placeholder}
        value={query ?? selected?.label ?? ''}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(e) => {
          e.target.select();
          // On phones, bring the field to the top so the list has room above the keyboard
          // and the sticky footer.
          const input = e.target;
          if (typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 40rem)').matches) {
            requestAnimationFrame(() => input.scrollIntoView?.({ block: 'start' }));
          }
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          // Typing an exact name (or code) and leaving picks it, as people expect.
          const typed = pickTypedOnBlur && query
            ? filterOptions(options, query).find((o) => o.label.toLowerCase() === query.trim().toLowerCase() || o.value === query.trim().toUpperCase())
            : undefined;
          if (typed) onChange(typed.value);
          setOpen(false);
          setQuery(null);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} ref={listRef} role="listbox" aria-label={label} className={styles.list} hidden={!open || shown.length === 0}>
        {shown.map((option, index) => (
          <li
            key={option.value}
            id={`${id}-opt-${option.value}`}
            data-index={index}
            role="option"
            aria-selected={option.value === value}
            className={`${styles.option} ${index === active ? styles.active : ''}`}
            // mousedown would blur the input (closing the list) before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.label}
          </li>
        ))}
      </ul>
      {announce ? (
        <p className="visually-hidden" role="status" aria-live="polite">
          {open ? (shown.length ? t('results', { count: shown.length }) : t('noResults')) : ''}
        </p>
      ) : null}
      {open && shown.length === 0 ? <p className={styles.empty}>{emptyText}</p> : null}
    </>
  );
}
