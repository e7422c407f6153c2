import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CustomQuestion } from '../../../../contract/campaign';
import { buildSectionSchema, type QuestionsValues } from '../../../../contract/company-form';
import { localLabel } from '../campaign-text';
import { ChoiceField } from '../fields/choice-field';
import { TextAreaField, TextField } from '../fields/text-field';
import fieldStyles from '../fields/field.module.css';
import type { SectionProps } from './section-props';
import { StepFrame } from './step-frame';
import { useSectionForm } from './use-section-form';

export function QuestionsStep(props: SectionProps<QuestionsValues>) {
  const { t, i18n } = useTranslation('company');
  const { campaign } = props;
  const { form, submit, errorOf } = useSectionForm<QuestionsValues>(buildSectionSchema(campaign, 'questions'), {
    ...props,
    initial: { answers: props.initial?.answers ?? {} },
  });
  const { register, control } = form;
  const lang = i18n.language;

  const render = (q: CustomQuestion) => {
    const name = `answers.${q.id}` as const;
    const label = localLabel(q, lang);
    const common = { label, optional: !q.required, error: errorOf(name), testId: `question-${q.id}` };
    switch (q.type) {
      case 'short_text':
        return <TextField key={q.id} {...common} wide maxLength={500} {...register(name)} />;
      case 'long_text':
        return <TextAreaField key={q.id} {...common} maxLength={5000} {...register(name)} />;
      case 'date':
        return <TextField key={q.id} {...common} type="date" {...register(name)} />;
      case 'single_choice':
      case 'yes_no': {
        const options =
          q.type === 'yes_no'
            ? [
                { value: 'yes', label: t('questions.yes') },
                { value: 'no', label: t('questions.no') },
              ]
            : q.options.map((o) => ({ value: o.value, label: localLabel(o, lang, o.value) }));
        return (
          <Controller
            key={q.id}
            control={control}
            name={name}
            render={({ field }) => (
              <ChoiceField
                {...common}
                name={field.name}
                type="radio"
                options={options}
                value={typeof field.value === 'string' ? field.value : undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        );
      }
      case 'multiple_choice':
        return (
          <Controller
            key={q.id}
            control={control}
            name={name}
            render={({ field }) => (
              <ChoiceField
                {...common}
                name={field.name}
                type="checkbox"
                hint={t('questions.chooseAny')}
                options={q.options.map((o) => ({ value: o.value, label: localLabel(o, lang, o.value) }))}
                value={Array.isArray(field.value) ? field.value : undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        );
    }
  };

  return (
    <StepFrame
      title={t('questions.title')}
      lead={t('questions.lead')}
      position={props.position}
      onBack={props.onBack}
      onSubmit={submit}
      nextLabel={props.nextLabel}
      testId="company-questions"
    >
      <div className={fieldStyles.grid}>{campaign.questions.map(render)}</div>
    </StepFrame>
  );
}
