import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../i18n/country-names';
import { ComboboxInput } from '../../../ui/combobox';
import { choiceError } from './error-text';
import { fieldInputClass, FieldShell } from './field-shell';

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
 * Searchable country picker (ARIA 1.2 combobox) with names in the page's language: the shared
 * ui/ComboboxInput inside the form's field shell, which brings the error state and the ref for
 * the form's "focus the first invalid field".
 */
export function CountryField({ label, allowed, error, hint, optional, wide, testId, ...input }: CountryFieldProps) {
  const { t, i18n } = useTranslation('company');
  const options = useMemo(() => {
    const all = countryOptions(i18n.language);
    return allowed && allowed.length > 0 ? all.filter((o) => allowed.includes(o.value)) : all;
  }, [i18n.language, allowed]);

  return (
    <FieldShell label={label} error={choiceError(error)} hint={hint} optional={optional} wide={wide} testId={testId}>
      {({ id, describedBy, invalid }) => (
        <ComboboxInput
          {...input} id={id} label={label} options={options}
          describedBy={describedBy} invalid={invalid} required={!optional}
          placeholder={t('fields.countryPlaceholder')} emptyText={t('fields.noCountry')} inputClassName={fieldInputClass} pickTypedOnBlur
        />
      )}
    </FieldShell>
  );
}
