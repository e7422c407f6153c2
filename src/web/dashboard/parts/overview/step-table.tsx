import { useTranslation } from 'react-i18next';
import type { StepStats } from '../../../../contract/overview';
import { countOf, durationOf, percentOf } from './overview-format';
import styles from './overview.module.css';
import dash from '../../dashboard.module.css';

/** Time to reach each step from the one before (median and 90th percentile) and how many needed another try. */
export function StepTable({ steps }: { steps: StepStats[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  return (
    <div className={dash.tableWrap}>
      <table className={dash.table} data-testid="overview-steps">
        <thead>
          <tr>
            <th scope="col">{t('overview.funnel.step')}</th>
            <th scope="col" className={styles.numeric}>{t('overview.steps.median')}</th>
            <th scope="col" className={styles.numeric}>{t('overview.steps.p90')}</th>
            <th scope="col" className={styles.numeric}>{t('overview.steps.firstTry')}</th>
            <th scope="col" className={styles.numeric}>{t('overview.steps.retried')}</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((s) => (
            <tr key={s.step} data-step={s.step}>
              <th scope="row">{t(`overview.step.${s.step}`, { defaultValue: s.step })}</th>
              <td className={styles.numeric}>{durationOf(s.p50Seconds, lang)}</td>
              <td className={styles.numeric}>{durationOf(s.p90Seconds, lang)}</td>
              <td className={styles.numeric}>{percentOf(s.reached - s.retried, s.reached, lang)}</td>
              <td className={styles.numeric} data-cell="retried">{countOf(s.retried, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
