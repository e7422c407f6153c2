import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminKey } from '../../../contract/admin';
import { REVIEW_SLA_DEFAULT_HOURS } from '../../../contract/casework';
import { numberField } from './key-risk-fields';
import { TextField } from './text-field';
import styles from '../dashboard.module.css';

/**
 * How a key's sessions are decided and kept, the settings that needed `idv keys` before: the
 * decisions mode, the selfie file picker, the privacy notice, the media's keep and the review time.
 * Numbers are strings here ('' = the server's default).
 */
export interface KeyReviewValues { decisions: 'auto' | 'review'; selfieUpload: boolean; privacyUrl: string; retentionDays: string; slaHours: string }

export const keyReviewDefaults = (k?: Pick<AdminKey, 'decisions' | 'selfieUpload' | 'branding' | 'retentionDays' | 'reviewSlaHours'>): KeyReviewValues => ({
  decisions: k?.decisions ?? 'auto',
  selfieUpload: k?.selfieUpload ?? false,
  privacyUrl: k?.branding?.privacyPolicyUrl ?? '',
  retentionDays: k?.retentionDays == null ? '' : String(k.retentionDays),
  slaHours: k?.reviewSlaHours == null ? '' : String(k.reviewSlaHours),
});

/** Body fields: on create only what is set; on update all (empty = back to the default). Privacy goes in branding. */
export function keyReviewBody(v: KeyReviewValues, forUpdate: boolean): Record<string, unknown> {
  const num = (s: string) => numberField(s, forUpdate);
  return {
    decisions: forUpdate || v.decisions !== 'auto' ? v.decisions : undefined,
    selfieUpload: forUpdate || v.selfieUpload ? v.selfieUpload : undefined,
    retentionDays: num(v.retentionDays),
    reviewSlaHours: num(v.slaHours),
  };
}

export function KeyReviewFields<T extends KeyReviewValues>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const { t } = useTranslation('dashboard');
  const base = useId();
  const reg = register as unknown as UseFormRegister<KeyReviewValues>;
  const err = errors as FieldErrors<KeyReviewValues>;
  return (
    <fieldset className={`${styles.fieldset} ${styles.stack}`} data-testid="key-review">
      <legend>{t('keySettings.title')}</legend>
      <fieldset className={styles.fieldset}>
        <legend>{t('keySettings.decisions')}</legend>
        <label className={styles.choice}><input type="radio" value="auto" data-testid="key-decisions-auto" {...reg('decisions')} /> {t('keySettings.decisionsAuto')}</label>
        <label className={styles.choice}><input type="radio" value="review" data-testid="key-decisions-review" {...reg('decisions')} /> {t('keySettings.decisionsReview')}</label>
      </fieldset>
      <div className={styles.formField}>
        <label className={styles.choice}>
          <input type="checkbox" data-testid="key-selfie-upload" aria-describedby={`${base}-selfie-hint`} {...reg('selfieUpload')} /> {t('keySettings.selfieUpload')}
        </label>
        <p id={`${base}-selfie-hint`} className={styles.muted}>{t('keySettings.selfieUploadHint')}</p>
      </div>
      <TextField label={t('keySettings.privacyUrl')} hint={t('keySettings.privacyUrlHint')} type="url" inputMode="url" error={err.privacyUrl?.message} data-testid="key-privacy-url" {...reg('privacyUrl')} />
      <TextField label={t('keySettings.retentionDays')} hint={t('keySettings.retentionDaysHint')} inputMode="numeric" error={err.retentionDays?.message} data-testid="key-retention-days" {...reg('retentionDays')} />
      <TextField label={t('keySettings.slaHours')} hint={t('keySettings.slaHoursHint', { hours: REVIEW_SLA_DEFAULT_HOURS })} inputMode="numeric" error={err.slaHours?.message} data-testid="key-sla-hours" {...reg('slaHours')} />
    </fieldset>
  );
}
