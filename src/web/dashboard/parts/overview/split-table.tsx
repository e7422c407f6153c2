import { useTranslation } from 'react-i18next';
import type { Overview } from '../../../../contract/overview';
import { countOf, percentOf } from './overview-format';
import styles from './overview.module.css';
import dash from '../../dashboard.module.css';

/** Sessions opened and finished per device class or browser family: where people give up more often. */
export function SplitTable({ rows, by }: { rows: Overview['devices'] | Overview['browsers']; by: 'device' | 'browser' }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const nameOf = (name: string) => (by === 'device' || name === 'unknown' || name === 'other'
    ? t(`overview.device.${name}`, { defaultValue: name }) : name);
  return (
    <div className={dash.tableWrap}>
      <table className={dash.table} data-testid={`overview-${by}s`}>
        <thead>
          <tr>
            <th scope="col">{by === 'device' ? t('overview.split.device') : t('overview.split.browser')}</th>
            <th scope="col" className={styles.numeric}>{t('overview.split.opened')}</th>
            <th scope="col" className={styles.numeric}>{t('overview.split.finished')}</th>
            <th scope="col" className={styles.numeric}>{t('overview.split.completion')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const name = 'device' in r ? r.device : r.browser;
            return (
              <tr key={name}>
                <th scope="row"><bdi>{nameOf(name)}</bdi></th>
                <td className={styles.numeric}>{countOf(r.opened, lang)}</td>
                <td className={styles.numeric}>{countOf(r.submitted, lang)}</td>
                <td className={styles.numeric}>{percentOf(r.submitted, r.opened, lang)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
