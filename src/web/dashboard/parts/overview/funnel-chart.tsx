import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FunnelStage } from '../../../../contract/overview';
import { chartColours } from './chart-colours';
import { countOf, percentOf } from './overview-format';
import styles from './overview.module.css';
import dash from '../../dashboard.module.css';

/**
 * The funnel: how many sessions reached each stage, as bars and as a table (the table is the
 * accessible reading and the one Playwright checks; the chart is the quick look).
 */
export function FunnelChart({ funnel, opened }: { funnel: FunnelStage[]; opened: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const rtl = i18n.dir() === 'rtl';
  const data = funnel.map((s) => ({ name: t(`overview.step.${s.step}`, { defaultValue: s.step }), reached: s.reached }));
  return (
    <figure className={styles.chart} aria-labelledby="overview-funnel-caption">
      <div className={styles.plot} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} reversed={rtl} />
            <YAxis type="category" dataKey="name" width={120} orientation={rtl ? 'right' : 'left'} />
            <Tooltip />
            <Bar dataKey="reached" name={t('overview.funnel.reached')} fill={chartColours.opened} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption id="overview-funnel-caption">{t('overview.funnel.caption')}</figcaption>
      <div className={dash.tableWrap}>
        <table className={dash.table} data-testid="overview-funnel">
          <thead>
            <tr>
              <th scope="col">{t('overview.funnel.step')}</th>
              <th scope="col" className={styles.numeric}>{t('overview.funnel.reached')}</th>
              <th scope="col" className={styles.numeric}>{t('overview.funnel.ofOpened')}</th>
              <th scope="col" className={styles.numeric}>{t('overview.funnel.dropOff')}</th>
            </tr>
          </thead>
          <tbody>
            {funnel.map((s) => (
              <tr key={s.step} data-step={s.step}>
                <th scope="row">{t(`overview.step.${s.step}`, { defaultValue: s.step })}</th>
                <td className={styles.numeric} data-cell="reached">{countOf(s.reached, i18n.language)}</td>
                <td className={styles.numeric}>{percentOf(s.reached, opened, i18n.language)}</td>
                <td className={styles.numeric} data-cell="drop-off">
                  {s.dropOff > 0 ? t('overview.funnel.lost', { count: s.dropOff, n: countOf(s.dropOff, i18n.language), percent: percentOf(s.dropOff, s.reached, i18n.language) }) : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
