import { useId, useRef, useState } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_MAX_FILES_LIMIT, knownDocumentKinds } from '../../../../contract/campaign';
import dashboard from '../../dashboard.module.css';
import { TextField } from '../text-field';
import { useErrorText } from './campaign-errors';
import { isKnownKind, newDocument, type CampaignFormValues } from './campaign-values';
import { LabelTranslations } from './label-translations';
import { MoveButtons } from './move-buttons';
import { useReorder, type MoveDirection } from './use-reorder';
import styles from './campaign.module.css';

const CUSTOM = '';
/** Why: an empty optional text is "not set" for the contract (an empty label would be refused). */
const emptyAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Why: the supporting documents asked for, in the order the representative sees them, each with its kind, name, whether required and how many files. */
export function DocumentFields() {
  const { t } = useTranslation('dashboard');
  const { control, getValues } = useFormContext<CampaignFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'definition.documents', keyName: 'key' });
  const errorText = useErrorText();
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const reorder = useReorder({ count: fields.length, move, watch: fields, describe: (from, to) => t('campaigns.documents.moved', { from, to }) });
  const error = errorText('definition.documents');
  return (
    <fieldset className={styles.group} aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].join(' ').trim()} data-invalid={error ? true : undefined} data-testid="campaign-documents">
      <legend>{t('campaigns.documents.title')}</legend>
      <p id={`${id}-hint`} className={styles.hint}>{t('campaigns.documents.hint')}</p>
      {fields.length ? (
        <ol className={styles.items}>
          {fields.map((f, i) => (
            <li key={f.key}>
              <DocumentItem index={i} count={fields.length} initialKind={f.kind} buttonId={reorder.buttonId} onMove={(dir) => reorder.shift(i, dir)}
                onRemove={() => { remove(i); reorder.clear(); addRef.current?.focus(); }} />
            </li>
          ))}
        </ol>
      ) : <p>{t('campaigns.documents.none')}</p>}
      {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
      <p role="status" className={dashboard.visuallyHidden}>{reorder.moved}</p>
      <div className={styles.tools}>
        <button ref={addRef} type="button" className={styles.small} onClick={() => append(newDocument(getValues('definition.documents')))}>{t('campaigns.documents.add')}</button>
      </div>
    </fieldset>
  );
}

function DocumentItem({ index, count, initialKind, buttonId, onMove, onRemove }: {
  index: number; count: number; initialKind: string; buttonId: (index: number, dir: MoveDirection) => string; onMove: (dir: MoveDirection) => void; onRemove: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { control, register } = useFormContext<CampaignFormValues>();
  const errorText = useErrorText();
  const id = useId();
  // The campaign's own kind is a choice of the select, kept while its slug is typed (even one that
  // happens to spell a known kind).
  const [custom, setCustom] = useState(!isKnownKind(initialKind));
  const path = `definition.documents.${index}` as const;
  const n = index + 1;
  const kindError = errorText(`${path}.kind`);
  return (
    <fieldset className={styles.item} data-testid="campaign-document">
      <legend className={styles.itemTitle}>{t('campaigns.documents.item', { n })}</legend>
      <Controller
        control={control}
        name={`${path}.kind`}
        render={({ field }) => (
          <div className={styles.row}>
            <div className={dashboard.formField}>
              <label htmlFor={`${id}-kind`}>{t('campaigns.documents.kind')}</label>
              <select id={`${id}-kind`} ref={field.ref} className={dashboard.select} value={custom ? CUSTOM : field.value}
                aria-invalid={kindError && !custom ? true : undefined} aria-describedby={kindError && !custom ? `${id}-kind-error` : undefined}
                onBlur={field.onBlur}
                onChange={(e) => {
                  const next = e.target.value;
                  setCustom(next === CUSTOM);
                  field.onChange(next === CUSTOM ? '' : next);
                }}>
                {knownDocumentKinds.map((k) => <option key={k} value={k}>{t(`campaigns.documents.kinds.${k}`)}</option>)}
                <option value={CUSTOM}>{t('campaigns.documents.custom')}</option>
              </select>
              {kindError && !custom ? <p id={`${id}-kind-error`} className={styles.error}>{kindError}</p> : null}
            </div>
            {custom ? (
              <TextField label={t('campaigns.documents.slug')} hint={t('campaigns.documents.slugHint')} error={kindError}
                value={field.value} spellCheck={false} autoComplete="off" onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />
            ) : null}
          </div>
        )}
      />
      <TextField label={t('campaigns.documents.label')} hint={t('campaigns.documents.labelHint')} error={errorText(`${path}.label`)} dir="auto"
        {...register(`${path}.label`, { setValueAs: emptyAsUnset })} />
      <LabelTranslations name={`${path}.labels`} />
      <div className={styles.row}>
        <label className={dashboard.choice}><input type="checkbox" {...register(`${path}.required`)} /> {t('campaigns.documents.required')}</label>
        <TextField className={styles.narrowField} label={t('campaigns.documents.maxFiles')} type="number" inputMode="numeric" min={1} max={DOCUMENT_MAX_FILES_LIMIT} step={1}
          error={errorText(`${path}.maxFiles`, 'maxFiles')} {...register(`${path}.maxFiles`, { valueAsNumber: true })} />
      </div>
      <div className={styles.tools}>
        <MoveButtons index={index} count={count} buttonId={buttonId} onMove={onMove}
          upLabel={t('campaigns.documents.upLabel', { n })} downLabel={t('campaigns.documents.downLabel', { n })} />
        <button type="button" className={styles.small} aria-label={t('campaigns.documents.removeLabel', { n })} onClick={onRemove}>{t('campaigns.documents.remove')}</button>
      </div>
    </fieldset>
  );
}
