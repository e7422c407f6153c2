import { useId, useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../text-field';
import { useErrorText } from './campaign-errors';
import type { CampaignFormValues } from './campaign-values';
import { LabelTranslations } from './label-translations';
import styles from './campaign.module.css';

/** Why: the answers a choice question offers, each a stored value and the text the representative reads. */
export function OptionFields({ question }: { question: number }) {
  const { t } = useTranslation('dashboard');
  const { control, getValues, register } = useFormContext<CampaignFormValues>();
  const path = `definition.questions.${question}.options` as const;
  const { fields, append, remove } = useFieldArray({ control, name: path, keyName: 'key' });
  const errorText = useErrorText();
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const error = errorText(path);
  const add = () => {
    const taken = new Set(getValues(path).map((o) => o.value));
    let n = fields.length + 1;
    while (taken.has(`option_${n}`)) n += 1;
    append({ value: `option_${n}`, label: '' }, { focusName: `${path}.${fields.length}.label` });
  };
  return (
    <fieldset className={styles.group} aria-describedby={error ? `${id}-error` : undefined} data-invalid={error ? true : undefined} data-testid="campaign-options">
      <legend>{t('campaigns.questions.options')}</legend>
      {fields.length ? (
        <ol className={styles.items}>
          {fields.map((f, j) => (
            <li key={f.key} className={styles.item}>
              <div className={styles.row}>
                <TextField label={t('campaigns.questions.optionLabel', { n: j + 1 })} error={errorText(`${path}.${j}.label`)} dir="auto" {...register(`${path}.${j}.label`)} />
                <TextField className={styles.narrowField} label={t('campaigns.questions.optionValue', { n: j + 1 })} error={errorText(`${path}.${j}.value`)} spellCheck={false} autoComplete="off"
                  {...register(`${path}.${j}.value`)} />
              </div>
              <LabelTranslations name={`${path}.${j}.labels`} />
              <div className={styles.tools}>
                <button type="button" className={styles.small} aria-label={t('campaigns.questions.removeOptionLabel', { n: j + 1 })}
                  onClick={() => { remove(j); addRef.current?.focus(); }}>{t('campaigns.questions.remove')}</button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
      <div className={styles.tools}>
        <button ref={addRef} type="button" className={styles.small} onClick={add}>{t('campaigns.questions.addOption')}</button>
      </div>
    </fieldset>
  );
}
