import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminKey } from '../../../contract/admin';
import { SUPPORTED_LANGUAGES } from '../../i18n/languages';
import { Button } from '../../ui/button';
import { ownName } from '../../ui/language-picker';
import { DashboardError } from '../dashboard-api';
import { TextArea, TextField } from './text-field';
import { KeyRiskFields, keyRiskBody, keyRiskDefaults, type KeyRiskValues } from './key-risk-fields';
import { KeyReviewFields, keyReviewBody, keyReviewDefaults, type KeyReviewValues } from './key-review-fields';
import styles from '../dashboard.module.css';

/** `language` '' = no default (the person's browser decides). */
export interface KeyFormValues extends KeyRiskValues, KeyReviewValues { name: string; mode: 'test' | 'live'; eventsUrl: string; decisionUrl: string; origins: string; brandName: string; accentColor: string; logoUrl: string; language: string }

export const keyFormDefaults = (k?: AdminKey): KeyFormValues => ({
  name: k?.name ?? '', mode: k?.mode ?? 'test', eventsUrl: k?.eventsUrl ?? '', decisionUrl: k?.decisionUrl ?? '',
  origins: (k?.origins ?? []).join('\n'), brandName: k?.branding.name ?? '', accentColor: k?.branding.accentColor ?? '', logoUrl: k?.branding.logoUrl ?? '',
  language: k?.defaultLanguage ?? '', ...keyRiskDefaults(k), ...keyReviewDefaults(k),
});

/** Body of create (absent = not set) or update (empty = cleared) from the form. */
export function keyBody(v: KeyFormValues, forUpdate: boolean): Record<string, unknown> {
  const opt = (s: string) => (s.trim() ? s.trim() : forUpdate ? null : undefined);
  const origins = v.origins.split(/\s+/).map((o) => o.trim()).filter(Boolean);
  const branding = { name: opt(v.brandName), accentColor: opt(v.accentColor), logoUrl: opt(v.logoUrl), privacyPolicyUrl: opt(v.privacyUrl) };
  return {
    name: v.name.trim() || (forUpdate ? null : undefined),
    ...(forUpdate ? {} : { mode: v.mode }),
    eventsUrl: opt(v.eventsUrl), decisionUrl: opt(v.decisionUrl), origins,
    branding: Object.values(branding).some((b) => b !== undefined) ? branding : undefined,
    defaultLanguage: v.language ? v.language : forUpdate ? null : undefined,
    ...keyRiskBody(v, forUpdate),
    ...keyReviewBody(v, forUpdate),
  };
}

/**
 * Create or edit a key. The server's zod answer (`error.issues`) is shown at each field, so the
 * rules (https URLs, origins, colours) live in one place: the contract.
 */
export function KeyForm({ initial, editing, onSubmit, submitLabel, testId }: {
  initial: KeyFormValues; editing: boolean; submitLabel: string; testId?: string; onSubmit: (v: KeyFormValues) => Promise<void>;
}) {
  const { t } = useTranslation('dashboard');
  const languageId = useId();
  const { register, handleSubmit, formState, setError } = useForm<KeyFormValues>({ defaultValues: initial });
  const fieldOf: Record<string, keyof KeyFormValues> = { name: 'name', eventsUrl: 'eventsUrl', decisionUrl: 'decisionUrl', origins: 'origins', 'branding.name': 'brandName', 'branding.accentColor': 'accentColor', 'branding.logoUrl': 'logoUrl', defaultLanguage: 'language', minimumAge: 'minimumAge', embeddingRetentionDays: 'embeddingDays', livenessMaxRounds: 'livenessRounds', 'branding.privacyPolicyUrl': 'privacyUrl', retentionDays: 'retentionDays', reviewSlaHours: 'slaHours' };
  const submit = handleSubmit(async (v) => {
    try {
      await onSubmit(v);
    } catch (e) {
      const issues = e instanceof DashboardError && Array.isArray(e.detail.issues) ? (e.detail.issues as { path: string; message: string }[]) : [];
      for (const issue of issues) {
        const field = fieldOf[issue.path] ?? fieldOf[issue.path.replace(/\.\d+$/, '')];
        if (field) setError(field, { message: issue.message });
      }
      setError('root', { message: issues.length ? t('developers.invalid') : t('review.failed') });
    }
  });
  const err = (f: keyof KeyFormValues) => formState.errors[f]?.message;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.form} data-testid={testId}>
      {formState.errors.root ? <p className={styles.error} role="alert">{formState.errors.root.message}</p> : null}
      <TextField label={t('developers.name')} error={err('name')} {...register('name')} />
      {editing ? null : (
        <fieldset className={styles.fieldset}>
          <legend>{t('developers.mode')}</legend>
          <label className={styles.choice}><input type="radio" value="test" {...register('mode')} /> {t('mode.test')}</label>
          <label className={styles.choice}><input type="radio" value="live" {...register('mode')} /> {t('mode.live')}</label>
        </fieldset>
      )}
      <TextField label={t('developers.eventsUrl')} type="url" inputMode="url" error={err('eventsUrl')} {...register('eventsUrl')} />
      <TextField label={t('developers.decisionUrl')} type="url" inputMode="url" error={err('decisionUrl')} {...register('decisionUrl')} />
      <TextArea label={t('developers.origins')} hint={t('developers.originsHint')} rows={2} error={err('origins')} {...register('origins')} />
      <TextField label={t('developers.brandName')} error={err('brandName')} {...register('brandName')} />
      <TextField label={t('developers.accentColor')} placeholder="#1f4fd1" error={err('accentColor')} {...register('accentColor')} />
      <TextField label={t('developers.logoUrl')} type="url" error={err('logoUrl')} {...register('logoUrl')} />
      <div className={styles.formField}>
        <label htmlFor={languageId}>{t('developers.language')}</label>
        <select id={languageId} className={styles.select} data-testid="key-language" {...register('language')}>
          <option value="">{t('developers.languageBrowser')}</option>
          {SUPPORTED_LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{ownName(l)}</option>)}
        </select>
      </div>
      <KeyReviewFields register={register} errors={formState.errors} />
      <KeyRiskFields register={register} errors={formState.errors} />
      <Button type="submit" inline disabled={formState.isSubmitting}>{submitLabel}</Button>
    </form>
  );
}
