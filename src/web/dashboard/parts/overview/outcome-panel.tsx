import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview, OverviewReasonCode } from '../../../../contract/overview';
import { riskSignals, type RiskSignal } from '../../../../contract/risk-rules';
import { chartColours } from './chart-colours';
import { countOf, percentOf } from './overview-format';
import styles from './overview.module.css';
import dash from '../../dashboard.module.css';

/** Where opened sessions went (rates of the sessions opened) and the most frequent reasons of each outcome. */
export function OutcomePanel({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const data = overview.outcomes.map((o) => ({ key: o.outcome, name: t(`overview.outcome.${o.outcome}`), count: o.count }));
  /** A reason code in words: a risk signal by its name on the risk rules, the others by the overview's. */
  const reasonText = (code: string) => (riskSignals as readonly string[]).includes(code)
    ? t(`risk.signal.${code as RiskSignal}`)
    : t(`overview.reasonCode.${code as Exclude<OverviewReasonCode, RiskSignal>}`, { defaultValue: code });
  const withReasons = overview.outcomes.filter((o) => overview.reasons.some((r) => r.outcome === o.outcome));
  return (
    <>
      <figure className={styles.chart} aria-labelledby="overview-outcomes-caption">
        <div className={styles.plot} aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 16 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} reversed={rtl} />
              <YAxis type="category" dataKey="name" width={140} orientation={rtl ? 'right' : 'left'} />
              <Tooltip />
              <Bar dataKey="count" name={t('overview.outcomes.sessions')} isAnimationActive={false}>
                {data.map((d) => <Cell key={d.key} fill={chartColours[d.key]} />)}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        <figcaption id="overview-outcomes-caption">{t('overview.outcomes.caption')}</figcaption>
        <div className={dash.tableWrap}>
          <table className={dash.table} data-testid="overview-outcomes">
            <thead><tr><th scope="col">{t('overview.outcomes.outcome')}</th><th scope="col" className={styles.numeric}>{t('overview.outcomes.sessions')}</th><th scope="col" className={styles.numeric}>{t('overview.outcomes.rate')}</th></tr></thead>
            <tbody>
              {overview.outcomes.map((o) => (
                <tr key={o.outcome} data-outcome={o.outcome}>
                  <th scope="row">{t(`overview.outcome.${o.outcome}`)}</th>
                  <td className={styles.numeric}>{countOf(o.count, lang)}</td>
                  <td className={styles.numeric}>{percentOf(o.count, overview.opened, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
      <h3>{t('overview.outcomes.topReasons')}</h3>
      {withReasons.length === 0 ? <p className={styles.note}>{t('overview.outcomes.noReasons')}</p> : withReasons.map((o) => (
        <div key={o.outcome}>
          <h4>{t(`overview.outcome.${o.outcome}`)}</h4>
          <ol className={styles.reasons} data-testid={`overview-reasons-${o.outcome}`}>
            {overview.reasons.filter((r) => r.outcome === o.outcome).map((r) => (
              <li key={r.reason}><bdi>{reasonText(r.reason)}</bdi> — {t('overview.outcomes.times', { count: r.count, n: countOf(r.count, lang) })}</li>
            ))}
          </ol>
        </div>
      ))}
    </>
  );
}
