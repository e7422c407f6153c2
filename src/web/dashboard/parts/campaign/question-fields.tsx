import { useId, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { questionTypeSchema } from '../../../../contract/campaign';
import dashboard from '../../dashboard.module.css';
import { TextField } from '../text-field';
import { useErrorText } from './campaign-errors';
import { isChoice, newQuestion, withStep, type CampaignFormValues } from './campaign-values';
import { LabelTranslations } from './label-translations';
import { OptionFields } from './option-fields';
import { MoveButtons } from './move-buttons';
import { useReorder, type MoveDirection } from './use-reorder';
import styles from './campaign.module.css';

/** Why: the campaign's own questions: added, removed, put in order, each with its type and answers. */
export function QuestionFields() {
  const { t } = useTranslation('dashboard');
  const { control, getValues, setValue } = useFormContext<CampaignFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'definition.questions', keyName: 'key' });
  const errorText = useErrorText();
  const addRef = useRef<HTMLButtonElement>(null);
  const reorder = useReorder({ count: fields.length, move, watch: fields, describe: (from, to) => t('campaigns.questions.moved', { from, to }) });
  const base = reorder.base;
  const add = () => {
    const steps = getValues('definition.steps');
    // A first question brings its step along (the contract asks for both together).
    if (!steps.includes('questions')) setValue('definition.steps', withStep(steps, 'questions', true), { shouldDirty: true });
    append(newQuestion(getValues('definition.questions')), { focusName: `definition.questions.${fields.length}.label` });
  };
  const error = errorText('definition.questions');
  return (
    <fieldset className={styles.group} aria-describedby={[`${base}-hint`, error ? `${base}-error` : ''].join(' ').trim()} data-invalid={error ? true : undefined} data-testid="campaign-questions">
      <legend>{t('campaigns.questions.title')}</legend>
      <p id={`${base}-hint`} className={styles.hint}>{t('campaigns.questions.hint')}</p>
      {fields.length ? (
        <ol className={styles.items}>
          {fields.map((f, i) => (
            <li key={f.key}>
              <QuestionItem index={i} count={fields.length} buttonId={reorder.buttonId} onMove={(dir) => reorder.shift(i, dir)} onRemove={() => { remove(i); reorder.clear(); addRef.current?.focus(); }} />
            </li>
          ))}
        </ol>
      ) : <p>{t('campaigns.questions.none')}</p>}
      {error ? <p id={`${base}-error`} className={styles.error}>{error}</p> : null}
      <p role="status" className={dashboard.visuallyHidden}>{reorder.moved}</p>
      <div className={styles.tools}>
        <button ref={addRef} type="button" className={styles.small} onClick={add}>{t('campaigns.questions.add')}</button>
      </div>
    </fieldset>
  );
}

function QuestionItem({ index, count, buttonId, onMove, onRemove }: {
  index: number; count: number; buttonId: (index: number, dir: MoveDirection) => string; onMove: (dir: MoveDirection) => void; onRemove: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { register, setValue, getValues } = useFormContext<CampaignFormValues>();
  const errorText = useErrorText();
  const id = useId();
  const path = `definition.questions.${index}` as const;
  const type = useWatch<CampaignFormValues, `${typeof path}.type`>({ name: `${path}.type` });
  const n = index + 1;
  const typeError = errorText(`${path}.type`);
  // Shown with the answers for choice questions; said here for another type that has some.
  const optionsError = isChoice(type) ? undefined : errorText(`${path}.options`);
  return (
    <fieldset className={styles.item} data-testid="campaign-question">
      <legend className={styles.itemTitle}>{t('campaigns.questions.item', { n })}</legend>
      <div className={styles.tools}>
        <MoveButtons index={index} count={count} buttonId={buttonId} onMove={onMove}
          upLabel={t('campaigns.questions.upLabel', { n })} downLabel={t('campaigns.questions.downLabel', { n })} />
        <button type="button" className={styles.small} aria-label={t('campaigns.questions.removeLabel', { n })} onClick={onRemove}>{t('campaigns.questions.remove')}</button>
      </div>
      <TextField label={t('campaigns.questions.label')} error={errorText(`${path}.label`)} dir="auto" {...register(`${path}.label`)} />
      <LabelTranslations name={`${path}.labels`} />
      <div className={styles.row}>
        <div className={dashboard.formField}>
          <label htmlFor={`${id}-type`}>{t('campaigns.questions.type')}</label>
          <select id={`${id}-type`} className={dashboard.select} aria-invalid={typeError ? true : undefined} aria-describedby={typeError ? `${id}-type-error` : undefined}
            {...register(`${path}.type`, {
              // Answers belong to choice questions only: another type drops them.
              onChange: (e: { target: { value: string } }) => {
                const next = questionTypeSchema.safeParse(e.target.value);
                if (next.success && !isChoice(next.data) && getValues(`${path}.options`).length) setValue(`${path}.options`, [], { shouldDirty: true });
              },
            })}>
            {questionTypeSchema.options.map((q) => <option key={q} value={q}>{t(`campaigns.questions.types.${q}`)}</option>)}
          </select>
          {typeError ? <p id={`${id}-type-error`} className={styles.error}>{typeError}</p> : null}
        </div>
        <TextField label={t('campaigns.questions.id')} hint={t('campaigns.questions.idHint')} error={errorText(`${path}.id`)} spellCheck={false} autoComplete="off"
          {...register(`${path}.id`)} />
      </div>
      <label className={dashboard.choice}><input type="checkbox" {...register(`${path}.required`)} /> {t('campaigns.questions.required')}</label>
      {isChoice(type) ? <OptionFields question={index} /> : optionsError ? <p className={styles.error}>{optionsError}</p> : null}
    </fieldset>
  );
}
