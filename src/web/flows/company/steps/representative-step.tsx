import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildSectionSchema, fieldMaxLength, type RepresentativeValues } from '../../../../contract/company-form';
import { docTypeSchema } from '../../../../contract/document';
import { CheckboxField } from '../fields/checkbox-field';
import { CountryField } from '../fields/country-field';
import { toInternationalPhone } from '../fields/phone';
import { SelectField } from '../fields/select-field';
import { TextField } from '../fields/text-field';
import fieldStyles from '../fields/field.module.css';
import styles from '../company.module.css';
import { codeOptions } from './code-options';
import { RELATIONSHIPS } from './registration-types';
import type { SectionProps } from './section-props';
import { StepFrame } from './step-frame';
import { useSectionForm } from './use-section-form';

export interface RepresentativeStepProps extends SectionProps<RepresentativeValues> {
  businessName: string | undefined;
  businessCountry: string | undefined;
}

export function RepresentativeStep(props: RepresentativeStepProps) {
  const { t } = useTranslation('company');
  const { campaign } = props;
  const { form, submit, errorOf } = useSectionForm<RepresentativeValues>(buildSectionSchema(campaign, 'representative'), props);
  const { register, control, watch, getValues, setValue } = form;
  const required = campaign.requiredFields.representative;
  const optional = (name: (typeof required)[number]) => !required.includes(name);
  const relationship = watch('relationshipToBusiness');
  const onPhoneBlur = () => {
    const v = getValues('phone') ?? '';
    const next = toInternationalPhone(v, props.businessCountry);
    // Validated at once: the rewritten number is valid, so an error shown for it goes away.
    if (next !== v) setValue('phone', next, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <StepFrame
      title={t('representative.title')}
      lead={t('representative.lead')}
      position={props.position}
      onBack={props.onBack}
      onSubmit={submit}
      nextLabel={props.nextLabel}
      testId="company-representative"
    >
      <div className={fieldStyles.grid}>
        <TextField
          label={t('person.firstName')}
          autoComplete="given-name"
          maxLength={fieldMaxLength.name}
          optional={optional('firstName')}
          error={errorOf('firstName')}
          testId="field-firstName"
          {...register('firstName')}
        />
        <TextField
          label={t('person.lastName')}
          autoComplete="family-name"
          maxLength={fieldMaxLength.name}
          optional={optional('lastName')}
          error={errorOf('lastName')}
          testId="field-lastName"
          {...register('lastName')}
        />
        <TextField
          label={t('person.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={fieldMaxLength.email}
          optional={optional('email')}
          error={errorOf('email')}
          testId="field-email"
          {...register('email')}
        />
        <TextField
          label={t('person.phone')}
          hint={t('fields.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={fieldMaxLength.phone}
          optional={optional('phone')}
          error={errorOf('phone')}
          testId="field-phone"
          // Registered in screen order, so "focus the first invalid field" follows the screen.
          {...register('phone', { onBlur: onPhoneBlur })}
        />
        <SelectField
          label={t('representative.relationship')}
          placeholder={t('fields.choose')}
          options={codeOptions(RELATIONSHIPS, (c) => t(`representative.relationships.${c as (typeof RELATIONSHIPS)[number]}`), relationship)}
          optional={optional('relationshipToBusiness')}
          error={errorOf('relationshipToBusiness')}
          wide
          testId="field-relationshipToBusiness"
          {...register('relationshipToBusiness')}
        />
      </div>
      <h2 className={styles.sectionTitle}>{t('representative.idTitle')}</h2>
      <div className={fieldStyles.grid}>
        <SelectField
          label={t('representative.idDocumentType')}
          placeholder={t('fields.choose')}
          options={docTypeSchema.options.map((d) => ({ value: d, label: t(`representative.docTypes.${d}`) }))}
          optional={optional('idDocumentType')}
          error={errorOf('idDocumentType')}
          testId="field-idDocumentType"
          {...register('idDocumentType')}
        />
        <TextField
          label={t('representative.idDocumentNumber')}
          autoComplete="off"
          spellCheck={false}
          maxLength={fieldMaxLength.name}
          optional={optional('idDocumentNumber')}
          error={errorOf('idDocumentNumber')}
          testId="field-idDocumentNumber"
          {...register('idDocumentNumber')}
        />
        <Controller
          control={control}
          name="idIssuingCountry"
          render={({ field }) => (
            <CountryField
              label={t('representative.idIssuingCountry')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              optional={optional('idIssuingCountry')}
              error={errorOf('idIssuingCountry')}
              wide
              testId="field-idIssuingCountry"
            />
          )}
        />
        <CheckboxField
          label={t('representative.isAuthorised', { business: props.businessName || t('representative.theBusiness') })}
          error={errorOf('isAuthorised')}
          testId="field-isAuthorised"
          {...register('isAuthorised')}
        />
      </div>
    </StepFrame>
  );
}
