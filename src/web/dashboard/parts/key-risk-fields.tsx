import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIVENESS_MAX_ROUNDS, LIVENESS_ROUNDS_MAX, LIVENESS_ROUNDS_MIN } from '../../../contract/liveness-session';
import { DEFAULT_RISK_RULES, riskActions, riskSignals, type RiskAction, type RiskSignal } from '../../../contract/risk-rules';
import { TextField } from './text-field';
import styles from '../dashboard.module.css';

/** The risk part of the key form: what each signal does, the minimum age, the embeddings' keep, the liveness tries. */
export interface KeyRiskValues { risk: Record<RiskSignal, RiskAction>; minimumAge: string; embeddingDays: string; livenessRounds: string; amlMonitoring: boolean }

export const keyRiskDefaults = (k?: { riskRules?: Partial<Record<RiskSignal, RiskAction>>; minimumAge?: number | null; embeddingRetentionDays?: number | null; livenessMaxRounds?: number | null; amlMonitoring?: boolean }): KeyRiskValues => ({
  risk: { ...DEFAULT_RISK_RULES, ...(k?.riskRules ?? {}) },
  minimumAge: k?.minimumAge == null ? '' : String(k.minimumAge),
  embeddingDays: k?.embeddingRetentionDays == null ? '' : String(k.embeddingRetentionDays),
  livenessRounds: k?.livenessMaxRounds == null ? '' : String(k.livenessMaxRounds),
  amlMonitoring: k?.amlMonitoring ?? false,
});

/** Body fields: on create only what differs from the defaults; on update all (empty = cleared). */
/** A number field's value for the body: '' is unset (create) or cleared (update); not digits: sent as typed, for the contract to refuse. */
export const numberField = (s: string, forUpdate: boolean) => (s.trim() === '' ? (forUpdate ? null : undefined) : /^\d+$/.test(s.trim()) ? Number(s.trim()) : s.trim());

export function keyRiskBody(v: KeyRiskValues, forUpdate: boolean): Record<string, unknown> {
  const num = (s: string) => numberField(s, forUpdate);
  const changed = Object.fromEntries(riskSignals.filter((s) => v.risk[s] !== DEFAULT_RISK_RULES[s]).map((s) => [s, v.risk[s]]));
  return {
    riskRules: forUpdate ? { ...v.risk } : Object.keys(changed).length ? changed : undefined,
    minimumAge: num(v.minimumAge),
    embeddingRetentionDays: num(v.embeddingDays),
    livenessMaxRounds: num(v.livenessRounds),
    amlMonitoring: forUpdate || v.amlMonitoring ? v.amlMonitoring : undefined,
  };
}

export function KeyRiskFields<T extends KeyRiskValues>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const { t } = useTranslation('dashboard');
  const base = useId();
  const reg = register as unknown as UseFormRegister<KeyRiskValues>;
  const err = errors as FieldErrors<KeyRiskValues>;
  return (
    <fieldset className={`${styles.fieldset} ${styles.stack}`} data-testid="key-risk">
      <legend>{t('risk.rulesTitle')}</legend>
      <p className={styles.muted}>{t('risk.rulesHint')}</p>
      {riskSignals.map((s) => (
        <div className={styles.formField} key={s}>
          <label htmlFor={`${base}-${s}`}>{t(`risk.signal.${s}`)}</label>
          <select id={`${base}-${s}`} className={styles.select} data-testid={`risk-rule-${s}`} {...reg(`risk.${s}`)}>
            {riskActions.map((a) => <option key={a} value={a}>{t(`risk.action.${a}`)}</option>)}
          </select>
        </div>
      ))}
      <div className={styles.formField}>
        <label className={styles.choice}>
          <input type="checkbox" data-testid="key-aml-monitoring" aria-describedby={`${base}-aml-hint`} {...reg('amlMonitoring')} /> {t('screening.monitoring')}
        </label>
        <p id={`${base}-aml-hint`} className={styles.muted}>{t('screening.monitoringHint')}</p>
      </div>
      <TextField label={t('risk.minimumAge')} hint={t('risk.minimumAgeHint')} inputMode="numeric" error={err.minimumAge?.message} data-testid="key-minimum-age" {...reg('minimumAge')} />
      <TextField label={t('risk.embeddingDays')} hint={t('risk.embeddingDaysHint')} inputMode="numeric" error={err.embeddingDays?.message} data-testid="key-embedding-days" {...reg('embeddingDays')} />
      <TextField label={t('risk.livenessRounds')} hint={t('risk.livenessRoundsHint', { min: LIVENESS_ROUNDS_MIN, max: LIVENESS_ROUNDS_MAX, default: LIVENESS_MAX_ROUNDS })} inputMode="numeric" error={err.livenessRounds?.message} data-testid="key-liveness-rounds" {...reg('livenessRounds')} />
    </fieldset>
  );
}
