import { useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildSectionSchema, MAX_OFFICERS, type OfficersValues } from '../../../../contract/company-form';
import { Button } from '../../../ui/button';
import { SelectField } from '../fields/select-field';
import fieldStyles from '../fields/field.module.css';
import styles from '../company.module.css';
import { codeOptions } from './code-options';
import { PersonList, personName, type PersonField, type PersonFieldWiring } from './person-list';
import { OFFICER_ROLES } from './registration-types';
import type { SectionProps } from './section-props';
import { StepFrame } from './step-frame';
import { useSectionForm } from './use-section-form';

export interface OfficersStepProps extends SectionProps<OfficersValues> {
  /** The representative, offered as a one-tap officer (no field asked twice). */
  representative: { firstName?: string | undefined; lastName?: string | undefined; email?: string | undefined } | undefined;
}

const blank = { firstName: '', lastName: '', role: '', email: '' };

export function OfficersStep(props: OfficersStepProps) {
  const { t } = useTranslation('company');
  const { campaign, representative } = props;
  const { form, submit, errorOf } = useSectionForm<OfficersValues>(buildSectionSchema(campaign, 'officers'), {
    ...props,
    initial: { items: props.initial?.items ?? [] },
  });
  const { register, control, watch } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  // Button takes no ref: focus goes through its wrapper after a removal.
  const addRef = useRef<HTMLDivElement>(null);
  const required = campaign.requiredFields.officer;
  const optional = (name: (typeof required)[number]) => !required.includes(name);
  /** One person's name and email, wired to the form; the card lays them out. */
  const wire = (index: number) => (name: PersonField): PersonFieldWiring => ({
    register: register(`items.${index}.${name}`), error: errorOf(`items.${index}.${name}`), optional: optional(name),
  });
  const items = watch('items') ?? [];
  const repName = personName(representative);
  const repListed = items.some(
    (o) => o?.firstName === representative?.firstName && o?.lastName === representative?.lastName,
  );
  const full = fields.length >= MAX_OFFICERS;

  return (
    <StepFrame
      title={t('officers.title')}
      lead={t('officers.lead')}
      position={props.position}
      onBack={props.onBack}
      onSubmit={submit}
      nextLabel={props.nextLabel}
      testId="company-officers"
    >
      <PersonList section="officers" rows={fields} people={items} empty={t('officers.empty')} onRemove={remove} addRef={addRef} field={wire}>
        {(index) => (
          <SelectField
            label={t('officers.role')}
            placeholder={t('fields.choose')}
            options={codeOptions(OFFICER_ROLES, (c) => t(`officers.roles.${c as (typeof OFFICER_ROLES)[number]}`), items[index]?.role)}
            optional={optional('role')}
            error={errorOf(`items.${index}.role`)}
            testId={`officer-${index}-role`}
            {...register(`items.${index}.role`)}
          />
        )}
      </PersonList>
      {errorOf('items') ? (
        <p className={fieldStyles.error} role="alert">
          {t('errors.tooMany')}
        </p>
      ) : null}
      <div ref={addRef} className={styles.form}>
        <Button variant="secondary" disabled={full} onClick={() => append({ ...blank })} data-testid="officer-add">
          {fields.length === 0 ? t('officers.addFirst') : t('officers.add')}
        </Button>
      {repName && !repListed && !full ? (
        <Button
          variant="text"
          onClick={() =>
            append({ ...blank, firstName: representative?.firstName ?? '', lastName: representative?.lastName ?? '', email: representative?.email ?? '' })
          }
          data-testid="officer-add-me"
        >
          {t('officers.addMe', { name: repName })}
        </Button>
      ) : null}
      </div>
    </StepFrame>
  );
}
