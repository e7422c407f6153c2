import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview } from '../../../../contract/overview';
import { chartColours } from './chart-colours';
import { countOf, dayLabel } from './overview-format';
import styles from './overview.module.css';
import dash from '../../dashboard.module.css';

const series = ['opened', 'submitted', 'decided'] as const;

/** Sessions opened, finished and decided per cohort day, as lines; the numbers behind them on request. */
export function VolumeChart({ volume }: { volume: Overview['volume'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const data = volume.map((v) => ({ ...v, label: dayLabel(v.day, lang) }));
  return (
    <figure className={styles.chart} aria-labelledby="overview-volume-caption">
      <div className={styles.plot} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 4, right: 16, bottom: 4, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" reversed={rtl} minTickGap={16} />
            <YAxis allowDecimals={false} orientation={rtl ? 'right' : 'left'} />
            <Tooltip />
            <Legend />
            {series.map((s) => (
              <Line key={s} type="linear" dataKey={s} name={t(`overview.volume.${s}`)} stroke={chartColours[s]} strokeWidth={2} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption id="overview-volume-caption">{t('overview.volume.caption')}</figcaption>
      <details className={styles.details}>
        <summary>{t('overview.volume.showNumbers')}</summary>
        <div className={dash.tableWrap}>
          <table className={dash.table} data-testid="overview-volume">
            <thead><tr><th scope="col">{t('overview.volume.day')}</th>{series.map((s) => <th key={s} scope="col" className={styles.numeric}>{t(`overview.volume.${s}`)}</th>)}</tr></thead>
            <tbody>
              {volume.filter((v) => v.opened + v.submitted + v.decided > 0).map((v) => (
                <tr key={v.day}>
                  <th scope="row">{dayLabel(v.day, lang)}</th>
                  {series.map((s) => <td key={s} className={styles.numeric}>{countOf(v[s], lang)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
