import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { FormProvider, useForm, useFormContext, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createCampaignBodySchema } from '../../../../contract/campaign';
import { Button } from '../../../ui/button';
import dashboard from '../../dashboard.module.css';
import { CopyButton } from '../copy-button';
import { TextField } from '../text-field';
import { useErrorText } from './campaign-errors';
import { CampaignPreview } from './campaign-preview';
import type { CampaignFormValues } from './campaign-values';
import { CountriesField } from './countries-field';
import { DocumentFields } from './document-fields';
import { QuestionFields } from './question-fields';
import { RequiredFieldsFields } from './required-fields';
import { StepsFields } from './steps-fields';
import styles from './campaign.module.css';

/**
 * Why: a campaign's form edited field by field beside its preview, checked by the API's own
 * schema (`createCampaignBodySchema`) before anything is sent; `onSave` gets the body to POST.
 */
export function CampaignEditor({ initial, onSave, onCancel }: {
  initial: CampaignFormValues;
  /** Answers the refusal to show beside Save, or null once saved. */
  onSave: (body: CampaignFormValues) => Promise<string | null>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const form = useForm<CampaignFormValues>({
    defaultValues: initial,
    resolver: zodResolver(createCampaignBodySchema) as unknown as Resolver<CampaignFormValues>,
    // Errors appear on Save (no red fields while a question is being written), then follow every change.
    mode: 'onSubmit',
    shouldFocusError: true,
  });
  const { handleSubmit, formState, watch, trigger, setError } = form;
  const save = handleSubmit(async (body) => {
    const refused = await onSave(body);
    if (refused) setError('root.server', { type: 'server', message: refused });
  });
  // The campaign's rules tie fields together (a question needs its step): after a first Save,
  // each change checks the whole campaign again, so no stale message stays.
  useEffect(() => {
    if (!formState.isSubmitted) return;
    const sub = watch(() => void trigger());
    return () => sub.unsubscribe();
  }, [formState.isSubmitted, watch, trigger]);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => { titleRef.current?.focus(); }, []);
  const { root, ...fieldErrors } = formState.errors;
  const problems = countErrors(fieldErrors);
  const summaryId = useId();

  return (
    <FormProvider {...form}>
      <section className={dashboard.panel} aria-labelledby="draft-title" data-testid="campaign-editor">
        <h2 id="draft-title" ref={titleRef} tabIndex={-1} className={dashboard.subtitle}>{t('campaigns.newDraft')}</h2>
        <p className={styles.hint}>{initial.id ? t('campaigns.draftOf', { id: initial.id }) : t('campaigns.newCampaign')}</p>
        <p>{t('campaigns.editorLead')}</p>
        <div className={styles.layout}>
          <form className={styles.editor} noValidate onSubmit={(e) => void save(e)}>
            <NameField />
            <StepsFields />
            <RequiredFieldsFields />
            <OwnershipField />
            <DocumentFields />
            <QuestionFields />
            <CountriesField />
            <JsonView />
            {root?.server?.message ? <p className={styles.error} role="alert" data-testid="campaign-save-error">{root.server.message}</p> : null}
            {formState.isSubmitted && problems > 0 ? (
              <p id={summaryId} className={styles.error} role="alert" data-testid="campaign-problems">{t('campaigns.problems', { count: problems })}</p>
            ) : null}
            <div className={dashboard.actions}>
              <Button type="submit" inline disabled={formState.isSubmitting} aria-describedby={formState.isSubmitted && problems > 0 ? summaryId : undefined}>{t('campaigns.createDraft')}</Button>
              <Button variant="secondary" inline onClick={onCancel}>{t('common.cancel')}</Button>
            </div>
          </form>
          <CampaignPreview />
        </div>
      </section>
    </FormProvider>
  );
}

/** Why: the campaign's name, as the list shows it. */
function NameField() {
  const { t } = useTranslation('dashboard');
  const { register } = useFormContext<CampaignFormValues>();
  const errorText = useErrorText();
  return <TextField label={t('campaigns.name')} error={errorText('name')} dir="auto" {...register('name')} />;
}

/** Why: the ownership threshold with its unit; owners at or above it are asked for. */
function OwnershipField() {
  const { t } = useTranslation('dashboard');
  const { register } = useFormContext<CampaignFormValues>();
  const errorText = useErrorText();
  const id = useId();
  const error = errorText('definition.ownershipThreshold', 'threshold');
  return (
    <fieldset className={styles.group} data-testid="campaign-ownership">
      <legend>{t('campaigns.ownership.title')}</legend>
      <div className={dashboard.formField}>
        <label htmlFor={id}>{t('campaigns.ownership.threshold')}</label>
        <p id={`${id}-hint`} className={styles.hint}>{t('campaigns.ownership.hint')}</p>
        <div className={styles.withUnit}>
          <input id={id} className={dashboard.input} type="number" inputMode="decimal" min={0} max={100} step="any"
            aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].join(' ').trim()} aria-invalid={error ? true : undefined}
            {...register('definition.ownershipThreshold', { valueAsNumber: true })} />
          <span aria-hidden="true">{t('campaigns.ownership.unit')}</span>
        </div>
        {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
      </div>
    </fieldset>
  );
}

/** Why: the exact body Save sends (the one `idv campaigns create` takes), to read or copy. */
function JsonView() {
  const { t } = useTranslation('dashboard');
  const values = useWatch<CampaignFormValues>();
  const parsed = createCampaignBodySchema.safeParse(values);
  const json = JSON.stringify(parsed.success ? parsed.data : values, null, 2);
  return (
    <details className={styles.translations}>
      <summary>{t('campaigns.json')}</summary>
      <pre className={`${styles.json} ${dashboard.mono}`} data-testid="campaign-json" tabIndex={0} role="region" aria-label={t('campaigns.json')}>{json}</pre>
      <CopyButton value={json} />
    </details>
  );
}

/** Why: how many messages the form shows (each error once, a list's own message included). */
export function countErrors(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  let n = 0;
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (key === 'ref' || key === 'types') continue;
    if (key === 'message') n += typeof value === 'string' ? 1 : 0;
    else if (value && typeof value === 'object') n += countErrors(value);
  }
  return n;
}
