import { useRef } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildSectionSchema, formErrors, MAX_OWNERS, type OwnershipValues } from '../../../../contract/company-form';
import { Button } from '../../../ui/button';
import { CountryField } from '../fields/country-field';
import { useErrorText } from '../fields/error-text';
import { TextField } from '../fields/text-field';
import fieldStyles from '../fields/field.module.css';
import styles from '../company.module.css';
import { parseShare, totalShare } from './ownership-total';
import { PersonList, type PersonField, type PersonFieldWiring } from './person-list';
import type { SectionProps } from './section-props';
import { StepFrame } from './step-frame';
import { useSectionForm } from './use-section-form';

const blank = { firstName: '', lastName: '', dateOfBirth: '', nationality: '', email: '', share: null };

export function OwnershipStep(props: SectionProps<OwnershipValues>) {
  const { t, i18n } = useTranslation('company');
  const errorText = useErrorText();
  const { campaign } = props;
  const totalRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLDivElement>(null);
  const { form, submit, errorOf } = useSectionForm<OwnershipValues>(
    buildSectionSchema(campaign, 'ownership'),
    { ...props, initial: { owners: props.initial?.owners ?? [] } },
    (errors) => {
      // Only the total is wrong: no field to focus, so the total's message takes focus.
      const ownerErrors = Array.isArray(errors.owners) ? errors.owners.some(Boolean) : false;
      if (!ownerErrors) totalRef.current?.focus();
    },
  );
  const { register, control, watch } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'owners' });
  const required = campaign.requiredFields.owner;
  const optional = (name: (typeof required)[number]) => !required.includes(name);
  /** One person's name and email, wired to the form; the card lays them out. */
  const wire = (index: number) => (name: PersonField): PersonFieldWiring => ({
    register: register(`owners.${index}.${name}`), error: errorOf(`owners.${index}.${name}`), optional: optional(name),
  });
  const owners = watch('owners') ?? [];
  const total = totalShare(owners.map((o) => o?.share));
  const over = total > 100;
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  // The total is checked live (react-hook-form does not re-check an array's own error while
  // typing); other list-level errors (too many owners) come from the last validation.
  const listError = errorOf('owners');
  const totalError = over ? formErrors.ownershipTotal : listError !== formErrors.ownershipTotal ? listError : undefined;
  const threshold = percent.format(campaign.ownershipThreshold);
  const today = new Date().toISOString().slice(0, 10);

  return (
    <StepFrame
      title={t('ownership.title')}
      lead={t('ownership.lead', { threshold })}
      position={props.position}
      onBack={props.onBack}
      onSubmit={submit}
      nextLabel={props.nextLabel}
      testId="company-ownership"
    >
      <p className={styles.lead} data-testid="ownership-threshold">
        {t('ownership.thresholdNote', { threshold })}
      </p>
      <PersonList section="ownership" rows={fields} people={owners} empty={t('ownership.empty', { threshold })} onRemove={remove} addRef={addRef} field={wire}>
        {(index) => (
          <>
            <TextField
              label={t('ownership.share')}
              hint={t('ownership.shareHint')}
              inputMode="decimal"
              autoComplete="off"
              maxLength={7}
              error={errorOf(`owners.${index}.share`)}
              testId={`owner-${index}-share`}
              {...register(`owners.${index}.share`, { setValueAs: parseShare })}
            />
            <TextField
              label={t('ownership.dateOfBirth')}
              type="date"
              max={today}
              autoComplete="off"
              optional={optional('dateOfBirth')}
              error={errorOf(`owners.${index}.dateOfBirth`)}
              testId={`owner-${index}-dateOfBirth`}
              {...register(`owners.${index}.dateOfBirth`)}
            />
            <Controller
              control={control}
              name={`owners.${index}.nationality`}
              render={({ field: f }) => (
                <CountryField
                  label={t('ownership.nationality')}
                  value={f.value}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  ref={f.ref}
                  optional={optional('nationality')}
                  error={errorOf(`owners.${index}.nationality`)}
                  testId={`owner-${index}-nationality`}
                />
              )}
            />
          </>
        )}
      </PersonList>
      {fields.length > 0 ? (
        <div ref={totalRef} tabIndex={-1} className={styles.form} data-testid="ownership-total">
          <p className={styles.total}>
            <span>{t('ownership.total')}</span>
            <span>{t('ownership.percent', { value: percent.format(total) })}</span>
          </p>
          {/* Live while typing, so the person sees the problem before pressing Continue. */}
          <div role="alert">
            {totalError ? (
              <p className={fieldStyles.error} data-testid="ownership-total-error">
                {errorText(totalError)}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      <div ref={addRef}>
        <Button variant="secondary" disabled={fields.length >= MAX_OWNERS} onClick={() => append({ ...blank })} data-testid="owner-add">
          {fields.length === 0 ? t('ownership.addFirst') : t('ownership.add')}
        </Button>
      </div>
    </StepFrame>
  );
}
