import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  businessFieldNames, contactFieldNames, officerFieldNames, ownerFieldNames, representativeFieldNames, type RequiredFields,
} from '../../../../contract/campaign';
import { BVN_COUNTRIES } from '../../../../contract/company-form';
import { countryName } from '../../../i18n/country-names';
import { useErrorText } from './campaign-errors';
import type { CampaignFormValues } from './campaign-values';
import { CheckGroup } from './check-group';
import styles from './campaign.module.css';

/** Why: any field a campaign can make required, for its label key. */
export type FieldName = RequiredFields[keyof RequiredFields][number];

/**
 * Why: the fields a campaign can make required, per section, in the form's order. The BVN is
 * left out: the country decides it, never the campaign (a stored entry is kept as it is).
 */
export const SECTION_FIELDS: { [S in keyof RequiredFields]: readonly RequiredFields[S][number][] } = {
  business: businessFieldNames.filter((f) => f !== 'businessBvn'),
  contact: contactFieldNames,
  representative: representativeFieldNames,
  officer: officerFieldNames,
  owner: ownerFieldNames,
};
const SECTIONS = Object.keys(SECTION_FIELDS) as (keyof RequiredFields)[];

/** Why: tick boxes per section for the required fields, with the rules no campaign changes. */
export function RequiredFieldsFields() {
  const { t, i18n } = useTranslation('dashboard');
  const { control } = useFormContext<CampaignFormValues>();
  const errorText = useErrorText();
  const fixed = {
    business: t('campaigns.required.bvn', { countries: BVN_COUNTRIES.map((c) => countryName(c, i18n.language)).join(', ') }),
    representative: t('campaigns.required.authorised'),
    owner: t('campaigns.required.share'),
  } as Partial<Record<keyof RequiredFields, string>>;
  return (
    <fieldset className={styles.group} data-testid="campaign-required">
      <legend>{t('campaigns.required.title')}</legend>
      <p className={styles.hint}>{t('campaigns.required.hint')}</p>
      {SECTIONS.map((section) => (
        <Controller
          key={section}
          control={control}
          name={`definition.requiredFields.${section}`}
          render={({ field }) => {
            const value = field.value as readonly string[];
            const order = SECTION_FIELDS[section] as readonly string[];
            return (
              <CheckGroup
                legend={t(`campaigns.required.${section}`)}
                error={errorText(`definition.requiredFields.${section}`)}
                options={(SECTION_FIELDS[section] as readonly FieldName[]).map((f) => ({ value: f, label: t(`campaigns.fields.${f}`) }))}
                checked={(f) => value.includes(f)}
                // Kept in the form's order; a value this editor does not show (the BVN) stays.
                onToggle={(f, on) => field.onChange(on
                  ? [...value, f].sort((a, b) => rank(order, a) - rank(order, b))
                  : value.filter((v) => v !== f))}
                notes={fixed[section] ? <p className={styles.hint}>{fixed[section]}</p> : undefined}
                testId={`campaign-required-${section}`}
                firstRef={field.ref}
              />
            );
          }}
        />
      ))}
    </fieldset>
  );
}

const rank = (order: readonly string[], f: string) => {
  const at = order.indexOf(f);
  return at === -1 ? order.length : at;
};
