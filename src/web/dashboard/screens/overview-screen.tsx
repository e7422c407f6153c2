import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Overview } from '../../../contract/overview';
import { call, toQuery } from '../dashboard-api';
import { FunnelChart } from '../parts/overview/funnel-chart';
import { OutcomePanel } from '../parts/overview/outcome-panel';
import { OverviewFilters, PERIODS, type OverviewFilterValues } from '../parts/overview/overview-filters';
import { countOf, lastDays, percentOf } from '../parts/overview/overview-format';
import { SplitTable } from '../parts/overview/split-table';
import { StepTable } from '../parts/overview/step-table';
import { VolumeChart } from '../parts/overview/volume-chart';
import { PageStatus } from '../parts/page-status';
import { useLoad } from '../use-load';
import styles from '../parts/overview/overview.module.css';
import dash from '../dashboard.module.css';

/** The filters from the URL (a preset period is recomputed from today, so a saved link stays "the last 30 days"). */
function valuesOf(params: URLSearchParams): OverviewFilterValues {
  const period = params.get('period') ?? '30';
  const preset = (PERIODS as readonly string[]).includes(period) ? lastDays(Number(period)) : null;
  return {
    period: preset ? period : 'custom',
    from: preset?.from ?? params.get('from') ?? '',
    to: preset?.to ?? params.get('to') ?? '',
    family: params.get('family') === 'company' ? 'company' : 'individual',
    apiKeyId: params.get('apiKeyId') ?? '',
    flowVersion: params.get('flowVersion') ?? '',
  };
}

/**
 * How the organisation's users fare in the hosted flows: the funnel with its drop-off, time and
 * retries per step, outcomes with their reasons, devices and browsers, and volume per day, for
 * a period, flow, key and flow version. Counted by the server as sessions run; nothing is sent
 * to a third party. Every chart has its numbers in a table beside it.
 */
export function OverviewScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const values = valuesOf(params);
  const query = toQuery({ from: values.from || undefined, to: values.to || undefined, family: values.family, apiKeyId: values.apiKeyId || undefined, flowVersion: values.flowVersion || undefined });
  const load = useLoad(() => call<Overview>('GET', `/overview${query}`), query);
  useEffect(() => { document.title = t('pageTitle', { page: t('overview.title') }); }, [t]);
  const apply = (v: OverviewFilterValues) => {
    const next = { period: v.period, from: v.period === 'custom' ? v.from : '', to: v.period === 'custom' ? v.to : '', family: v.family === 'individual' ? '' : v.family, apiKeyId: v.apiKeyId, flowVersion: v.flowVersion };
    setParams(new URLSearchParams(Object.entries(next).filter(([, x]) => x)));
  };
  const data = load.state === 'ready' ? load.data : null;
  const outcome = (kind: string) => data?.outcomes.find((o) => o.outcome === kind)?.count ?? 0;
  const submitted = data?.funnel.find((s) => s.step === 'submitted')?.reached ?? 0;

  return (
    <>
      <h1 className={dash.title} tabIndex={-1}>{t('overview.title')}</h1>
      <p>{t('overview.intro')}</p>
      <OverviewFilters key={query} values={values} overview={data} onApply={apply} />
      {!data ? <PageStatus state={load.state === 'error' ? 'error' : 'loading'} error={load.state === 'error' ? load.error : undefined} onRetry={load.reload} /> : <>
        <h2 className={dash.visuallyHidden}>{t('overview.summary')}</h2>
        <ul className={styles.summary} data-testid="overview-summary">
          <Figure label={t('overview.figures.opened')} value={countOf(data.opened, lang)} testId="overview-opened" />
          <Figure label={t('overview.figures.finished')} value={percentOf(submitted, data.opened, lang)} detail={countOf(submitted, lang)} />
          {(['approved', 'declined', 'review', 'abandoned'] as const).map((k) => (
            <Figure key={k} label={t(`overview.outcome.${k}`)} value={percentOf(outcome(k), data.opened, lang)} detail={countOf(outcome(k), lang)} />
          ))}
        </ul>
        {data.opened === 0 ? <p className={styles.note} data-testid="overview-empty">{t('overview.empty')}</p> : null}
        <div className={styles.sections}>
          <section className={styles.section} aria-labelledby="overview-funnel-title">
            <h2 id="overview-funnel-title">{t('overview.funnel.title')}</h2>
            <FunnelChart funnel={data.funnel} opened={data.opened} />
          </section>
          <section className={styles.section} aria-labelledby="overview-steps-title">
            <h2 id="overview-steps-title">{t('overview.steps.title')}</h2>
            <StepTable steps={data.steps} />
            <p className={styles.note}>{t('overview.steps.note')}</p>
          </section>
          <section className={styles.section} aria-labelledby="overview-outcomes-title">
            <h2 id="overview-outcomes-title">{t('overview.outcomes.title')}</h2>
            <OutcomePanel overview={data} />
          </section>
          <section className={styles.section} aria-labelledby="overview-split-title">
            <h2 id="overview-split-title">{t('overview.split.title')}</h2>
            <SplitTable rows={data.devices} by="device" />
            <SplitTable rows={data.browsers} by="browser" />
          </section>
          <section className={`${styles.section} ${styles.wide}`} aria-labelledby="overview-volume-title">
            <h2 id="overview-volume-title">{t('overview.volume.title')}</h2>
            <VolumeChart volume={data.volume} />
          </section>
        </div>
      </>}
    </>
  );
}

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId?: string }) {
  return (
    <li className={styles.figure} data-testid={testId}>
      <span>{label}</span>
      <span className={styles.figureValue}>{value}</span>
      {detail ? <span className={dash.muted}>{detail}</span> : null}
    </li>
  );
}
