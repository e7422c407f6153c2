import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { companyStepIds, type CompanyStep } from '../../../../contract/campaign';
import dashboard from '../../dashboard.module.css';
import { useErrorText } from './campaign-errors';
import { withStep, type CampaignFormValues } from './campaign-values';
import { CheckGroup } from './check-group';
import styles from './campaign.module.css';

const OPTIONAL_STEPS = companyStepIds.filter((s): s is Exclude<CompanyStep, 'review'> => s !== 'review');

/** Why: which steps the representative goes through (review is always last) and whether the selfie may be skipped. */
export function StepsFields() {
  const { t } = useTranslation('dashboard');
  const { control, register } = useFormContext<CampaignFormValues>();
  const errorText = useErrorText();
  const id = useId();
  const livenessError = errorText('definition.livenessRequired');
  return (
    <>
      <Controller
        control={control}
        name="definition.steps"
        render={({ field }) => (
          <CheckGroup
            legend={t('campaigns.steps.title')}
            hint={t('campaigns.steps.hint')}
            error={errorText('definition.steps')}
            options={OPTIONAL_STEPS.map((s) => ({ value: s, label: t(`campaigns.steps.${s}`) }))}
            checked={(s) => field.value.includes(s)}
            onToggle={(s, on) => field.onChange(withStep(field.value, s, on))}
            notes={<p className={styles.hint}>{t('campaigns.reviewLast')}</p>}
            testId="campaign-steps"
            firstRef={field.ref}
          />
        )}
      />
      <div className={styles.group}>
        <label className={dashboard.choice}>
          <input type="checkbox" aria-describedby={livenessError ? `${id}-error` : undefined} aria-invalid={livenessError ? true : undefined} {...register('definition.livenessRequired')} />
          {' '}{t('campaigns.livenessRequired')}
        </label>
        {livenessError ? <p id={`${id}-error`} className={styles.error}>{livenessError}</p> : null}
      </div>
    </>
  );
}
