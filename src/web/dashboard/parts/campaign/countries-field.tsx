import { useId, useMemo, useRef } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryName, countryOptions } from '../../../i18n/country-names';
import { ComboboxInput } from '../../../ui/combobox';
import dashboard from '../../dashboard.module.css';
import { errorKey, useErrorText } from './campaign-errors';
import type { CampaignFormValues } from './campaign-values';
import styles from './campaign.module.css';

/** Why: the countries a business may be registered in, by name in the reviewer's language (none: every country). */
export function CountriesField() {
  const { t, i18n } = useTranslation('dashboard');
  const { control, getFieldState, formState } = useFormContext<CampaignFormValues>();
  const errorText = useErrorText();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const all = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <Controller
      control={control}
      name="definition.allowedCountries"
      render={({ field }) => {
        const chosen = field.value;
        // A code the list does not know (typed in an older draft) is said at the list.
        const itemError = chosen.map((_, i) => getFieldState(`definition.allowedCountries.${i}`, formState).error).find(Boolean);
        const error = errorText('definition.allowedCountries') ?? (itemError ? t(`campaigns.errors.${errorKey(itemError)}`) : undefined);
        const described = [`${id}-hint`, error ? `${id}-error` : ''].join(' ').trim();
        return (
          <fieldset className={styles.group} aria-describedby={described} data-invalid={error ? true : undefined} data-testid="campaign-countries">
            <legend>{t('campaigns.countries.title')}</legend>
            <p id={`${id}-hint`} className={styles.hint}>{t('campaigns.countries.hint')}</p>
            {chosen.length ? (
              <ul className={styles.chips} aria-label={t('campaigns.countries.title')}>
                {chosen.map((code) => {
                  const name = countryName(code, i18n.language);
                  return (
                    <li key={code} className={styles.chip} data-testid="campaign-country">
                      <span>{name} <span className={dashboard.mono}>{code}</span></span>
                      <button type="button" className={styles.small} aria-label={t('campaigns.countries.removeLabel', { country: name })}
                        onClick={() => { field.onChange(chosen.filter((c) => c !== code)); inputRef.current?.focus(); }}>{t('campaigns.countries.remove')}</button>
                    </li>
                  );
                })}
              </ul>
            ) : <p>{t('campaigns.countries.all')}</p>}
            <div className={dashboard.formField}>
              <label htmlFor={`${id}-add`}>{t('campaigns.countries.add')}</label>
              <ComboboxInput id={`${id}-add`} ref={inputRef} label={t('campaigns.countries.add')} options={all.filter((o) => !chosen.includes(o.value))} value={null}
                onChange={(code) => field.onChange([...chosen, code])} onBlur={field.onBlur} placeholder={t('campaigns.countries.placeholder')}
                emptyText={t('campaigns.countries.noMatch')} inputClassName={dashboard.input} announce />
            </div>
            {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
          </fieldset>
        );
      }}
    />
  );
}
