import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildSectionSchema, fieldMaxLength, type ContactValues } from '../../../../contract/company-form';
import { CountryField } from '../fields/country-field';
import { toInternationalPhone } from '../fields/phone';
import { TextField } from '../fields/text-field';
import fieldStyles from '../fields/field.module.css';
import styles from '../company.module.css';
import type { SectionProps } from './section-props';
import { StepFrame } from './step-frame';
import { useSectionForm } from './use-section-form';

export interface ContactStepProps extends SectionProps<ContactValues> {
  /** The business's country, to turn a local phone number into an international one. */
  businessCountry: string | undefined;
}

export function ContactStep(props: ContactStepProps) {
  const { t } = useTranslation('company');
  const { campaign } = props;
  const { form, submit, errorOf } = useSectionForm<ContactValues>(buildSectionSchema(campaign, 'contact'), props);
  const { register, control, setValue, getValues } = form;
  const required = campaign.requiredFields.contact;
  const optional = (name: (typeof required)[number]) => !required.includes(name);
  const onPhoneBlur = () => {
    const v = getValues('generalPhone') ?? '';
    const next = toInternationalPhone(v, getValues('country') || props.businessCountry);
    // Validated at once: the rewritten number is valid, so an error shown for it goes away.
    if (next !== v) setValue('generalPhone', next, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <StepFrame
      title={t('contact.title')}
      lead={t('contact.lead')}
      position={props.position}
      onBack={props.onBack}
      onSubmit={submit}
      nextLabel={props.nextLabel}
      testId="company-contact"
    >
      <div className={fieldStyles.grid}>
        <TextField
          label={t('contact.generalEmail')}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={fieldMaxLength.email}
          optional={optional('generalEmail')}
          error={errorOf('generalEmail')}
          testId="field-generalEmail"
          {...register('generalEmail')}
        />
        <TextField
          label={t('contact.generalPhone')}
          hint={t('fields.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={fieldMaxLength.phone}
          optional={optional('generalPhone')}
          error={errorOf('generalPhone')}
          testId="field-generalPhone"
          // Registered in screen order, so "focus the first invalid field" follows the screen.
          {...register('generalPhone', { onBlur: onPhoneBlur })}
        />
      </div>
      <h2 className={styles.sectionTitle}>{t('contact.addressTitle')}</h2>
      <div className={fieldStyles.grid}>
        <TextField
          label={t('contact.addressLine1')}
          autoComplete="address-line1"
          maxLength={fieldMaxLength.text}
          optional={optional('addressLine1')}
          error={errorOf('addressLine1')}
          wide
          testId="field-addressLine1"
          {...register('addressLine1')}
        />
        <TextField
          label={t('contact.addressLine2')}
          autoComplete="address-line2"
          maxLength={fieldMaxLength.text}
          optional={optional('addressLine2')}
          error={errorOf('addressLine2')}
          wide
          testId="field-addressLine2"
          {...register('addressLine2')}
        />
        <TextField
          label={t('contact.city')}
          autoComplete="address-level2"
          maxLength={fieldMaxLength.name}
          optional={optional('city')}
          error={errorOf('city')}
          testId="field-city"
          {...register('city')}
        />
        <TextField
          label={t('contact.state')}
          autoComplete="address-level1"
          maxLength={fieldMaxLength.name}
          optional={optional('state')}
          error={errorOf('state')}
          testId="field-state"
          {...register('state')}
        />
        <TextField
          label={t('contact.postalCode')}
          autoComplete="postal-code"
          maxLength={fieldMaxLength.name}
          optional={optional('postalCode')}
          error={errorOf('postalCode')}
          testId="field-postalCode"
          {...register('postalCode')}
        />
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <CountryField
              label={t('contact.country')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              optional={optional('country')}
              error={errorOf('country')}
              testId="field-country"
            />
          )}
        />
      </div>
    </StepFrame>
  );
}
