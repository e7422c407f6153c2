import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { filterOptions, type ComboOption } from './combobox-filter';
import styles from './combobox.module.css';

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
export function Combobox({ label, options, value, onChange, placeholder, hint, testId }: ComboboxProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
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
    <div className={styles.field} data-testid={testId}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? <p id={hintId}>{hint}</p> : null}
      <input
        id={id}
        className={styles.input}
        role="combobox"
        type="text"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={hint ? hintId : undefined}
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
          setOpen(false);
          setQuery(null);
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
      <p className="visually-hidden" role="status" aria-live="polite">
        {open ? (shown.length ? t('results', { count: shown.length }) : t('noResults')) : ''}
      </p>
      {open && shown.length === 0 ? <p className={styles.empty}>{t('noResults')}</p> : null}
    </div>
  );
}
