import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildSectionSchema, businessFieldRequired, fieldMaxLength, type BusinessValues } from '../../../../contract/company-form';
import { CountryField } from '../fields/country-field';
import { SelectField } from '../fields/select-field';
import { TextAreaField, TextField } from '../fields/text-field';
import styles from '../fields/field.module.css';
import { codeOptions } from './code-options';
import { REGISTRATION_TYPES } from './registration-types';
import type { SectionProps } from './section-props';
import { StepFrame } from './step-frame';
import { useSectionForm } from './use-section-form';

export function BusinessStep(props: SectionProps<BusinessValues>) {
  const { t } = useTranslation('company');
  const { campaign } = props;
  const { form, submit, errorOf } = useSectionForm<BusinessValues>(buildSectionSchema(campaign, 'business'), props);
  const { register, control, watch, setValue } = form;
  const country = watch('countryOfRegistration');
  // The same rule as the submit validation: the BVN follows the country, never the campaign.
  const optional = (name: Parameters<typeof businessFieldRequired>[1]) => !businessFieldRequired(campaign, name, country);
  const needsBvn = businessFieldRequired(campaign, 'businessBvn', country);
  const registrationType = watch('registrationType');

  // A BVN only belongs to countries that use it: drop it when the country changes away, so a
  // hidden half-typed number cannot block "Continue".
  useEffect(() => {
    if (!needsBvn && form.getValues('businessBvn')) setValue('businessBvn', '', { shouldDirty: true });
  }, [needsBvn, form, setValue]);

  return (
    <StepFrame
      title={t('business.title')}
      lead={t('business.lead')}
      position={props.position}
      onBack={props.onBack}
      onSubmit={submit}
      nextLabel={props.nextLabel}
      testId="company-business"
    >
      <div className={styles.grid}>
        <TextField
          label={t('business.legalName')}
          hint={t('business.legalNameHint')}
          autoComplete="organization"
          maxLength={fieldMaxLength.text}
          optional={optional('legalName')}
          error={errorOf('legalName')}
          wide
          testId="field-legalName"
          {...register('legalName')}
        />
        <TextField
          label={t('business.registrationNumber')}
          autoComplete="off"
          spellCheck={false}
          maxLength={fieldMaxLength.name}
          optional={optional('registrationNumber')}
          error={errorOf('registrationNumber')}
          testId="field-registrationNumber"
          {...register('registrationNumber')}
        />
        <SelectField
          label={t('business.registrationType')}
          placeholder={t('fields.choose')}
          options={codeOptions(REGISTRATION_TYPES, (c) => t(`business.types.${c as (typeof REGISTRATION_TYPES)[number]}`), registrationType)}
          optional={optional('registrationType')}
          error={errorOf('registrationType')}
          testId="field-registrationType"
          {...register('registrationType')}
        />
        <Controller
          control={control}
          name="countryOfRegistration"
          render={({ field }) => (
            <CountryField
              label={t('business.countryOfRegistration')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              allowed={campaign.allowedCountries}
              optional={optional('countryOfRegistration')}
              error={errorOf('countryOfRegistration')}
              testId="field-countryOfRegistration"
            />
          )}
        />
        {needsBvn ? (
          <TextField
            label={t('business.businessBvn')}
            hint={t('business.businessBvnHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={fieldMaxLength.bvn}
            optional={optional('businessBvn')}
            error={errorOf('businessBvn')}
            testId="field-businessBvn"
            {...register('businessBvn')}
          />
        ) : null}
        <TextField
          label={t('business.industry')}
          hint={t('business.industryHint')}
          maxLength={fieldMaxLength.name}
          optional={optional('industry')}
          error={errorOf('industry')}
          testId="field-industry"
          {...register('industry')}
        />
        <TextField
          label={t('business.website')}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          maxLength={fieldMaxLength.url}
          optional={optional('website')}
          error={errorOf('website')}
          testId="field-website"
          {...register('website')}
        />
        <TextAreaField
          label={t('business.description')}
          hint={t('business.descriptionHint')}
          maxLength={fieldMaxLength.longText}
          optional={optional('description')}
          error={errorOf('description')}
          testId="field-description"
          {...register('description')}
        />
      </div>
    </StepFrame>
  );
}
