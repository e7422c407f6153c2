import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Overview } from '../../../../contract/overview';
import { Button } from '../../../ui/button';
import { lastDays } from './overview-format';
import dash from '../../dashboard.module.css';

export const PERIODS = ['7', '30', '90'] as const;
export interface OverviewFilterValues { period: string; from: string; to: string; family: string; apiKeyId: string; flowVersion: string }

/**
 * Period (last 7, 30 or 90 days, or chosen dates), flow, key and flow version. Applied on
 * submit, so a member picks several before the overview reads again; the values live in the URL.
 */
export function OverviewFilters({ values, overview, onApply }: { values: OverviewFilterValues; overview: Overview | null; onApply: (v: OverviewFilterValues) => void }) {
  const { t } = useTranslation('dashboard');
  const ids = useId();
  const [draft, setDraft] = useState(values);
  const set = (name: keyof OverviewFilterValues) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const period = draft.period === 'custom' ? draft : { ...draft, ...lastDays(Number(draft.period)) };
    // Another flow has other versions: a version of the previous one would match nothing.
    onApply(draft.family !== values.family ? { ...period, flowVersion: '' } : period);
  };
  return (
    <form className={dash.filters} onSubmit={apply} aria-label={t('overview.filters')} role="search">
      <div className={dash.formField}>
        <label htmlFor={`${ids}-period`}>{t('overview.period')}</label>
        <select id={`${ids}-period`} value={draft.period} onChange={set('period')} data-testid="overview-period">
          {PERIODS.map((p) => <option key={p} value={p}>{t('overview.lastDays', { count: Number(p) })}</option>)}
          <option value="custom">{t('overview.customPeriod')}</option>
        </select>
      </div>
      {draft.period === 'custom' ? <>
        <div className={dash.formField}><label htmlFor={`${ids}-from`}>{t('list.from')}</label><input id={`${ids}-from`} type="date" value={draft.from} onChange={set('from')} required /></div>
        <div className={dash.formField}><label htmlFor={`${ids}-to`}>{t('list.to')}</label><input id={`${ids}-to`} type="date" value={draft.to} onChange={set('to')} required /></div>
      </> : null}
      <div className={dash.formField}>
        <label htmlFor={`${ids}-family`}>{t('overview.flow')}</label>
        <select id={`${ids}-family`} value={draft.family} onChange={set('family')} data-testid="overview-family">
          <option value="individual">{t('family.individual')}</option>
          <option value="company">{t('family.company')}</option>
        </select>
      </div>
      <div className={dash.formField}>
        <label htmlFor={`${ids}-key`}>{t('list.key')}</label>
        <select id={`${ids}-key`} value={draft.apiKeyId} onChange={set('apiKeyId')}>
          <option value="">{t('overview.anyKey')}</option>
          {(overview?.keys ?? []).map((k) => <option key={k.id} value={k.id}>{k.name || k.id} ({t(`mode.${k.mode}`)})</option>)}
        </select>
      </div>
      <div className={dash.formField}>
        <label htmlFor={`${ids}-version`}>{t('overview.flowVersion')}</label>
        <select id={`${ids}-version`} value={draft.flowVersion} onChange={set('flowVersion')}>
          <option value="">{t('overview.anyVersion')}</option>
          {(overview?.flowVersions ?? []).map((v) => <option key={v.id} value={v.id}>{v.label}</option>)}
        </select>
      </div>
      <div><Button type="submit" variant="secondary" inline>{t('overview.apply')}</Button></div>
    </form>
  );
}
