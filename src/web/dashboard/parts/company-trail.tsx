import { useTranslation } from 'react-i18next';
import { formatDate } from './status-badge';
import styles from '../dashboard.module.css';

type Entry = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The company's own trail: the representative's steps, the operator's and members' moves. */
export function CompanyTrail({ trail }: { trail: Entry[] }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="company-trail">
        <thead><tr><th scope="col">{t('case.when')}</th><th scope="col">{t('case.actor')}</th><th scope="col">{t('case.action')}</th><th scope="col">{t('case.reason')}</th></tr></thead>
        <tbody>
          {[...trail].reverse().map((e, i) => {
            const detail = (e.detail ?? {}) as Entry;
            const who = str(detail.memberEmail) || str(e.actor);
            const move = [str(e.action), str(e.section), e.from || e.to ? `${str(e.from)} → ${str(e.to)}` : '', typeof e.count === 'number' ? `×${e.count}` : ''].filter(Boolean).join(' · ');
            return (
              <tr key={`${str(e.at)}-${i}`}>
                <td>{formatDate(str(e.at), i18n.language)}</td>
                <td>{who}</td>
                <td className={styles.mono}>{move}</td>
                <td className={styles.wrapAny}>{str(detail.reason)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
