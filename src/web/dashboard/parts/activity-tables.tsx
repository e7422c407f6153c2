import { useTranslation } from 'react-i18next';
import type { Delivery } from '../../../contract/admin';
import type { AuditEntry } from '../../../contract/dashboard';
import { formatDate } from './status-badge';
import styles from '../dashboard.module.css';

/** How a delivery reads: queued (not tried yet), failing (tried, will try again), delivered, or failed for good. */
export function deliveryLook(d: Pick<Delivery, 'state' | 'attempts' | 'lastError'>): { label: 'queued' | 'failing' | 'delivered' | 'failed'; tone: 'tone-muted' | 'tone-bad' | 'tone-good' } {
  if (d.state === 'delivered') return { label: 'delivered', tone: 'tone-good' };
  if (d.state === 'failed') return { label: 'failed', tone: 'tone-bad' };
  return d.attempts > 0 || d.lastError ? { label: 'failing', tone: 'tone-bad' } : { label: 'queued', tone: 'tone-muted' };
}

/** Each webhook event with its state and every attempt (status code or error, duration); a failing one says so, with its last error and next try. */
export function DeliveriesTable({ deliveries, empty, actions }: { deliveries: Delivery[]; empty: string; actions?: (d: Delivery) => React.ReactNode }) {
  const { t, i18n } = useTranslation('dashboard');
  if (deliveries.length === 0) return <p>{empty}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="deliveries">
        <thead><tr><th scope="col">{t('case.when')}</th><th scope="col">{t('case.event')}</th><th scope="col">{t('case.destination')}</th><th scope="col">{t('case.state')}</th><th scope="col">{t('case.attemptsCount')}</th>{actions ? <th scope="col"><span className={styles.visuallyHidden}>{t('developers.redeliver')}</span></th> : null}</tr></thead>
        <tbody>
          {deliveries.map((d) => { const look = deliveryLook(d); return (
            <tr key={d.id} data-testid="delivery-row">
              <td>{formatDate(d.createdAt, i18n.language)}</td>
              <td className={styles.mono}>{d.event}</td>
              <td>{d.destination}</td>
              <td data-testid="delivery-state" data-state={look.label}>
                <span className={`${styles.badge} ${styles[look.tone]}`}>{t(`case.deliveryState.${look.label}`)}</span>
                {look.label === 'failing' || look.label === 'failed' ? (
                  <span className={`${styles.muted} ${styles.wrapAny}`}> {d.lastError ?? ''}{d.nextAttemptAt && look.label === 'failing' ? ` · ${t('case.nextTry', { date: formatDate(d.nextAttemptAt, i18n.language) })}` : ''}</span>
                ) : null}
              </td>
              <td>
                <details>
                  <summary>{d.attempts}</summary>
                  <ul className={styles.plainList}>
                    {d.attemptLog.map((a) => (
                      <li key={a.attemptedAt}>{formatDate(a.attemptedAt, i18n.language)} · {a.statusCode ?? a.error ?? '—'} · {Math.round(a.durationMs)} ms</li>
                    ))}
                  </ul>
                </details>
              </td>
              {actions ? <td>{actions(d)}</td> : null}
            </tr>
          ); })}
        </tbody>
      </table>
    </div>
  );
}

/** Who did what, newest first. */
export function AuditTable({ entries, empty }: { entries: AuditEntry[]; empty: string }) {
  const { t, i18n } = useTranslation('dashboard');
  if (entries.length === 0) return <p>{empty}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="audit">
        <thead><tr><th scope="col">{t('case.when')}</th><th scope="col">{t('case.who')}</th><th scope="col">{t('case.action')}</th><th scope="col">{t('case.reason')}</th></tr></thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={`${e.at}-${i}`} data-testid="audit-row">
              <td>{formatDate(e.at, i18n.language)}</td>
              <td>{e.actorEmail}</td>
              <td className={styles.mono}>{e.action}{e.subjectId ? <span className={styles.muted}> {e.subjectId}</span> : null}</td>
              <td className={styles.wrapAny}>{typeof e.detail.reason === 'string' ? e.detail.reason : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
