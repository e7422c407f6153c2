import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DashboardList } from '../../../contract/dashboard';
import { companyStatuses, individualStatuses } from '../../../contract/statuses';
import { Button } from '../../ui/button';
import { call, toQuery } from '../dashboard-api';
import { PageStatus } from '../parts/page-status';
import { formatDate, StatusBadge } from '../parts/status-badge';
import { useLoad } from '../use-load';
import styles from '../dashboard.module.css';

const LIMIT = 25;
const FILTERS = ['family', 'status', 'keyId', 'from', 'to', 'q'] as const;
const STATUSES = [...new Set([...individualStatuses, ...companyStatuses])];

/** Both families, newest first; the filters live in the URL so a view can be shared or reloaded. */
export function VerificationListScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const waiting = params.get('waiting') === '1';
  const query = toQuery({ ...Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? undefined])), waiting: waiting ? '1' : undefined, page, limit: LIMIT });
  const list = useLoad(() => call<DashboardList>('GET', `/verifications${query}`), query);
  const [draft, setDraft] = useState(() => Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])));
  const ids = useId();
  // A count or tab link changes the URL: the form shows what is applied.
  useEffect(() => { setDraft(Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? '']))); }, [params]);
  useEffect(() => { document.title = t('pageTitle', { page: waiting ? t('list.waitingTitle') : t('list.title') }); }, [t, waiting]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(new URLSearchParams(Object.entries({ ...draft, waiting: waiting ? '1' : '' }).filter(([, v]) => v)));
  };
  const clear = () => { setDraft(Object.fromEntries(FILTERS.map((f) => [f, '']))); setParams(waiting ? { waiting: '1' } : {}); };
  const goPage = (n: number) => { const next = new URLSearchParams(params); next.set('page', String(n)); setParams(next); };
  const field = (name: (typeof FILTERS)[number], label: string, input: ReactNode) => (
    <div className={styles.formField}><label htmlFor={`${ids}-${name}`}>{label}</label>{input}</div>
  );
  const bind = (name: (typeof FILTERS)[number]) => ({
    id: `${ids}-${name}`, value: draft[name] ?? '', className: styles.input,
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  const data = list.state === 'ready' ? list.data : null;

  return (
    <>
      <h1 className={styles.title} tabIndex={-1}>{waiting ? t('list.waitingTitle') : t('list.title')}</h1>
      <div className={styles.tabs}>
        <Link to="/dashboard" className={waiting ? styles.tab : `${styles.tab} ${styles.tabActive}`} aria-current={waiting ? undefined : 'page'}>{t('list.all')}</Link>
        <Link to="/dashboard?waiting=1" className={waiting ? `${styles.tab} ${styles.tabActive}` : styles.tab} aria-current={waiting ? 'page' : undefined} data-testid="waiting-tab">
          {t('list.waiting', { count: data?.counts.waitingForReview ?? 0 })}
        </Link>
      </div>
      <form className={styles.filters} onSubmit={apply} aria-label={t('list.filters')} role="search">
        {field('q', t('list.search'), <input type="search" {...bind('q')} />)}
        {field('family', t('list.family'), <select {...bind('family')}><option value="">{t('list.anyFamily')}</option><option value="individual">{t('family.individual')}</option><option value="company">{t('family.company')}</option></select>)}
        {field('status', t('list.status'), <select {...bind('status')}><option value="">{t('list.anyStatus')}</option>{STATUSES.map((s) => <option key={s} value={s}>{t(`statusNames.${s}`)}</option>)}</select>)}
        {field('keyId', t('list.key'), <select {...bind('keyId')}><option value="">{t('list.anyKey')}</option>{data?.keys.map((k) => <option key={k.id} value={k.id}>{`${k.name || k.id} (${t(`mode.${k.mode}`)})`}</option>)}</select>)}
        {field('from', t('list.from'), <input type="date" {...bind('from')} />)}
        {field('to', t('list.to'), <input type="date" {...bind('to')} />)}
        <div className={styles.filterActions}>
          <Button type="submit" inline>{t('list.apply')}</Button>
          <Button variant="secondary" inline onClick={clear}>{t('list.clear')}</Button>
        </div>
      </form>
      {/* The applied filters (not the page) as a CSV download; the server audits every export. */}
      <p><a href={`/api/dashboard/verifications/export.csv${toQuery({ ...Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? undefined])), waiting: waiting ? '1' : undefined })}`} download data-testid="export-csv">{t('list.exportCsv')}</a></p>
      {data ? <Counts counts={data.counts} /> : null}
      {list.state !== 'ready' ? <PageStatus state={list.state} error={list.state === 'error' ? list.error : undefined} onRetry={list.reload} /> : (
        list.data.items.length === 0 ? <p data-testid="list-empty">{t('list.empty')}</p> : (
          <>
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="verification-list">
                <caption className={styles.visuallyHidden}>{t('list.caption')}</caption>
                <thead><tr><th scope="col">{t('list.id')}</th><th scope="col">{t('list.family')}</th><th scope="col">{t('list.status')}</th><th scope="col">{t('list.vendorData')}</th><th scope="col">{t('list.key')}</th><th scope="col">{t('list.created')}</th></tr></thead>
                <tbody>
                  {list.data.items.map((i) => (
                    <tr key={`${i.family}-${i.id}`} data-testid="verification-row" data-id={i.id}>
                      <td><Link to={`/dashboard/verifications/${i.family}/${encodeURIComponent(i.id)}`} className={styles.mono}>{i.id}</Link></td>
                      <td>{t(`family.${i.family}`)}</td>
                      <td><StatusBadge status={i.status} />{i.waitingForReview ? <span className={`${styles.badge} ${styles['tone-wait']}`}>{t('list.needsReview')}</span> : null}</td>
                      <td className={styles.wrapAny}>{i.vendorData}</td>
                      <td>{i.keyName || i.keyId} <span className={styles.muted}>{t(`mode.${i.keyMode}`)}</span></td>
                      <td>{formatDate(i.createdAt, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav className={styles.pager} aria-label={t('list.shown', { from: (page - 1) * LIMIT + 1, to: (page - 1) * LIMIT + list.data.items.length, total: list.data.total })}>
              <Button variant="secondary" inline disabled={page <= 1} onClick={() => goPage(page - 1)}>{t('list.previous')}</Button>
              <span>{t('list.shown', { from: (page - 1) * LIMIT + 1, to: (page - 1) * LIMIT + list.data.items.length, total: list.data.total })}</span>
              <Button variant="secondary" inline disabled={page * LIMIT >= list.data.total} onClick={() => goPage(page + 1)}>{t('list.next')}</Button>
            </nav>
          </>
        ))}
    </>
  );
}

function Counts({ counts }: { counts: DashboardList['counts'] }) {
  const { t } = useTranslation('dashboard');
  const rows = (['individual', 'company'] as const).flatMap((family) => Object.entries(counts[family]).map(([status, n]) => ({ family, status, n })));
  if (rows.length === 0) return null;
  return (
    <section aria-label={t('list.counts')} className={styles.counts} data-testid="status-counts">
      {rows.map((r) => (
        <Link key={`${r.family}-${r.status}`} to={`/dashboard?family=${r.family}&status=${encodeURIComponent(r.status)}`} className={styles.countCard}>
          <span className={styles.countNumber}>{r.n}</span>
          <span>{t(`family.${r.family}`)} · {t(`statusNames.${r.status as 'started'}`)}</span>
        </Link>
      ))}
    </section>
  );
}
