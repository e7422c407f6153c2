import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../contract/dashboard';
import { call } from '../dashboard-api';
import { AuditTable } from '../parts/activity-tables';
import { PageStatus } from '../parts/page-status';
import { useLoad } from '../use-load';
import styles from '../dashboard.module.css';

/** Every member action of the organisation, newest first (owners and admins). */
export function ActivityScreen() {
  const { t } = useTranslation('dashboard');
  const log = useLoad(() => call<AuditEntry[]>('GET', '/audit'), 'audit');
  useEffect(() => { document.title = t('pageTitle', { page: t('activity.title') }); }, [t]);
  return (
    <>
      <h1 className={styles.title} tabIndex={-1}>{t('activity.title')}</h1>
      <p>{t('activity.intro')}</p>
      {log.state !== 'ready' ? <PageStatus state={log.state} error={log.state === 'error' ? log.error : undefined} onRetry={log.reload} />
        : <AuditTable entries={log.data} empty={t('activity.empty')} />}
    </>
  );
}
