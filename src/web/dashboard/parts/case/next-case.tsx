import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardList, DashboardListItem } from '../../../../contract/dashboard';
import { call } from '../../dashboard-api';
import styles from '../../dashboard.module.css';

const caseLink = (i: Pick<DashboardListItem, 'family' | 'id'>) => `/dashboard/verifications/${i.family}/${encodeURIComponent(i.id)}`;

/**
 * After a decision: the next case waiting for review (the queue's order), so a reviewer goes on
 * without going back to the list; or that none is left. Asked once the decision is recorded.
 * Oldest waiting first, mine or nobody's (a colleague's case is theirs).
 */
export function NextCase({ currentId, meId }: { currentId: string; meId?: string }) {
  const { t } = useTranslation('dashboard');
  const [next, setNext] = useState<DashboardListItem | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    call<DashboardList>('GET', '/verifications?waiting=1&sort=oldest&limit=25')
      .then((l) => {
        const open = l.items.filter((i) => i.id !== currentId && (!i.assignee || i.assignee.id === meId));
        if (live) setNext(open[0] ?? null);
      }, () => { if (live) setNext(null); });
    return () => { live = false; };
  }, [currentId, meId]);
  if (next === undefined) return null;
  return next
    ? <p><Link to={caseLink(next)} className={styles.nextCase} data-testid="next-case">{t('review.nextCase')} →</Link></p>
    : <p data-testid="no-next-case">{t('review.noNextCase')} <Link to="/dashboard?waiting=1">{t('review.backToQueue')}</Link></p>;
}
