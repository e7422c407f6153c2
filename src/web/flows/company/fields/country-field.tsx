import { useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../i18n/country-names';
import { filterOptions } from '../../../ui/combobox-filter';
import { choiceError } from './error-text';
import { FieldShell } from './field-shell';
import styles from './field.module.css';

export interface CountryFieldProps {
  label: string;
  /** Alpha-3 code or empty. */
  value: string | undefined;
  onChange: (alpha3: string) => void;
  onBlur?: () => void;
  /** Alpha-3 codes to offer; empty means every country. */
  allowed?: readonly string[];
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  wide?: boolean;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Searchable country picker (ARIA 1.2 combobox) with names in the page's language. The shared
 * ui/Combobox has no error state or ref for the form's "focus the first invalid field", hence
 * this form-aware variant built on the same filtering.
 */
export function CountryField({ label, value, onChange, onBlur, allowed, error, hint, optional, wide, testId, ref }: CountryFieldProps) {
  const { t, i18n } = useTranslation('company');
  const options = useMemo(() => {
    const all = countryOptions(i18n.language);
    return allowed && allowed.length > 0 ? all.filter((o) => allowed.includes(o.value)) : all;
  }, [i18n.language, allowed]);
  const selected = options.find((o) => o.value === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => filterOptions(options, query ?? ''), [options, query]);
  const activeOption = open ? shown[active] : undefined;

  const choose = (v: string) => {
    onChange(v);
    setQuery(null);
    setOpen(false);
  };
  const move = (delta: number) => {
    if (!open) return setOpen(true);
    const next = Math.max(0, Math.min(shown.length - 1, active + delta));
    setActive(next);
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`);
    // Guarded: jsdom and some old WebViews have no scrollIntoView.
    if (option && typeof option.scrollIntoView === 'function') option.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && activeOption) {
      e.preventDefault();
      choose(activeOption.value);
    } else if (e.key === 'Escape') {
      setOpen(false);
      setQuery(null);
    }
  };

  return (
    <FieldShell label={label} error={choiceError(error)} hint={hint} optional={optional} wide={wide} testId={testId}>
      {({ id, describedBy, invalid }) => (
        <>
          <input
            id={id}
            ref={ref}
            className={styles.input}
            role="combobox"
            type="text"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={`${id}-list`}
            aria-invalid={invalid}
            aria-required={!optional}
            aria-describedby={describedBy}
            aria-activedescendant={activeOption ? `${id}-opt-${activeOption.value}` : undefined}
            placeholder={t('fields.countryPlaceholder')}
            value={query ?? selected?.label ?? ''}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={(e) => {
              e.target.select();
              // On phones, lift the field to the top so the list has room above the keyboard.
              const input = e.target;
              if (typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 40rem)').matches) {
                requestAnimationFrame(() => input.scrollIntoView?.({ block: 'start' }));
              }
            }}
            onClick={() => setOpen(true)}
            onBlur={() => {
              // Typing an exact name (or code) and leaving picks it, as people expect.
              const exact = query ? filterOptions(options, query).find((o) => o.label.toLowerCase() === query.trim().toLowerCase() || o.value === query.trim().toUpperCase()) : undefined;
              if (exact) onChange(exact.value);
              setOpen(false);
              setQuery(null);
              onBlur?.();
            }}
            onKeyDown={onKeyDown}
          />
          <ul id={`${id}-list`} ref={listRef} role="listbox" aria-label={label} className={styles.list} hidden={!open || shown.length === 0}>
            {shown.map((option, index) => (
              <li
                key={option.value}
                id={`${id}-opt-${option.value}`}
                data-index={index}
                role="option"
                aria-selected={option.value === value}
                className={`${styles.option} ${index === active ? styles.active : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option.value)}
              >
                {option.label}
              </li>
            ))}
          </ul>
          {open && shown.length === 0 ? <p className={styles.empty}>{t('fields.noCountry')}</p> : null}
        </>
      )}
    </FieldShell>
  );
}
