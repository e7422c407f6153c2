import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CaseRef } from '../../../contract/casework';
import type { DashboardList, DashboardListItem } from '../../../contract/dashboard';
import { companyStatuses, individualStatuses } from '../../../contract/statuses';
import { countryName } from '../../i18n/country-names';
import { Button } from '../../ui/button';
import { call, toQuery } from '../dashboard-api';
import { PageStatus } from '../parts/page-status';
import { BulkBar } from '../parts/queue/bulk-bar';
import { SavedViews } from '../parts/queue/saved-views';
import { isOverdue, waitingFor } from '../parts/queue/waiting-time';
import { formatDate, StatusBadge } from '../parts/status-badge';
import { useSession } from '../session';
import { useLoad } from '../use-load';
import styles from '../dashboard.module.css';

const LIMITS = [25, 50, 100] as const;
const FILTERS = ['family', 'status', 'keyId', 'from', 'to', 'q', 'assignee', 'sort'] as const;
const STATUSES = [...new Set([...individualStatuses, ...companyStatuses])];
const refOf = (i: Pick<DashboardListItem, 'family' | 'id'>) => `${i.family}:${i.id}`;

/**
 * Both families, newest first (the queue: waiting longest first); the filters live in the URL so
 * a view can be shared, saved or reloaded. Ticked cases can be assigned or decided together.
 */
export function VerificationListScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const limit = LIMITS.find((l) => String(l) === params.get('limit')) ?? LIMITS[0];
  const waiting = params.get('waiting') === '1';
  const applied = { ...Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? undefined])), waiting: waiting ? '1' : undefined };
  // The queue's default order is first come, first decided.
  const query = toQuery({ ...applied, sort: params.get('sort') ?? (waiting ? 'oldest' : undefined), page, limit });
  const list = useLoad(() => call<DashboardList>('GET', `/verifications${query}`), query);
  const [draft, setDraft] = useState(() => Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const ids = useId();
  // A count or tab link changes the URL: the form shows what is applied; a new page starts unticked.
  useEffect(() => { setDraft(Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? '']))); setSelected(new Set()); }, [params]);
  useEffect(() => { document.title = t('pageTitle', { page: waiting ? t('list.waitingTitle') : t('list.title') }); }, [t, waiting]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setParams(new URLSearchParams(Object.entries({ ...draft, waiting: waiting ? '1' : '', limit: limit === LIMITS[0] ? '' : String(limit) }).filter(([, v]) => v)));
  };
  const clear = () => { setDraft(Object.fromEntries(FILTERS.map((f) => [f, '']))); setParams(waiting ? { waiting: '1' } : {}); };
  const setParam = (name: string, value: string) => { const next = new URLSearchParams(params); if (value) next.set(name, value); else next.delete(name); if (name !== 'page') next.delete('page'); setParams(next); };
  const field = (name: (typeof FILTERS)[number], label: string, input: ReactNode) => (
    <div className={styles.formField}><label htmlFor={`${ids}-${name}`}>{label}</label>{input}</div>
  );
  const bind = (name: (typeof FILTERS)[number]) => ({
    id: `${ids}-${name}`, value: draft[name] ?? '', className: styles.input,
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  const data = list.state === 'ready' ? list.data : null;
  const canReview = me.abilities.review;
  const items = data?.items ?? [];
  const chosen: CaseRef[] = items.filter((i) => selected.has(refOf(i))).map((i) => ({ family: i.family, id: i.id }));
  const toggle = (key: string) => setSelected((s) => { const n = new Set(s); if (n.has(key)) n.delete(key); else n.add(key); return n; });
  const allTicked = items.length > 0 && items.every((i) => selected.has(refOf(i)));
  // What a saved view keeps: the applied filters, not the page.
  const viewQuery = toQuery({ ...applied, limit: limit === LIMITS[0] ? undefined : limit }).replace(/^\?/, '');

  return (
    <>
      <h1 className={styles.title} tabIndex={-1}>{waiting ? t('list.waitingTitle') : t('list.title')}</h1>
      <div className={styles.tabs}>
        <Link to="/dashboard" className={waiting ? styles.tab : `${styles.tab} ${styles.tabActive}`} aria-current={waiting ? undefined : 'page'}>{t('list.all')}</Link>
        <Link to="/dashboard?waiting=1" className={waiting ? `${styles.tab} ${styles.tabActive}` : styles.tab} aria-current={waiting ? 'page' : undefined} data-testid="waiting-tab">
          {t('list.waiting', { count: data?.counts.waitingForReview ?? 0 })}
        </Link>
        <Link to="/dashboard?waiting=1&assignee=me" className={styles.tab} data-testid="mine-tab">{t('list.mine')}</Link>
      </div>
      <form className={styles.filters} onSubmit={apply} aria-label={t('list.filters')} role="search">
        {field('q', t('list.searchName'), <input type="search" {...bind('q')} />)}
        {field('family', t('list.family'), <select {...bind('family')}><option value="">{t('list.anyFamily')}</option><option value="individual">{t('family.individual')}</option><option value="company">{t('family.company')}</option></select>)}
        {field('status', t('list.status'), <select {...bind('status')}><option value="">{t('list.anyStatus')}</option>{STATUSES.map((s) => <option key={s} value={s}>{t(`statusNames.${s}`)}</option>)}</select>)}
        {field('keyId', t('list.key'), <select {...bind('keyId')}><option value="">{t('list.anyKey')}</option>{data?.keys.map((k) => <option key={k.id} value={k.id}>{`${k.name || k.id} (${t(`mode.${k.mode}`)})`}</option>)}</select>)}
        {field('assignee', t('list.assignee'), (
          <select {...bind('assignee')} data-testid="filter-assignee">
            <option value="">{t('list.anyAssignee')}</option><option value="me">{t('list.assignedToMe')}</option><option value="none">{t('list.nobody')}</option>
            {data?.reviewers.map((r) => <option key={r.id} value={r.id}>{r.email}</option>)}
          </select>
        ))}
        {field('sort', t('list.sort'), <select {...bind('sort')}><option value="">{waiting ? t('list.sortOldest') : t('list.sortNewest')}</option><option value={waiting ? 'newest' : 'oldest'}>{waiting ? t('list.sortNewest') : t('list.sortOldest')}</option></select>)}
        {field('from', t('list.from'), <input type="date" {...bind('from')} />)}
        {field('to', t('list.to'), <input type="date" {...bind('to')} />)}
        <div className={styles.filterActions}>
          <Button type="submit" inline>{t('list.apply')}</Button>
          <Button variant="secondary" inline onClick={clear}>{t('list.clear')}</Button>
        </div>
      </form>
      {canReview ? <SavedViews query={viewQuery} /> : null}
      {/* The applied filters (not the page) as a CSV download; the server audits every export. */}
      <p><a href={`/api/dashboard/verifications/export.csv${toQuery(applied)}`} download data-testid="export-csv">{t('list.exportCsv')}</a></p>
      {data ? <Counts counts={data.counts} /> : null}
      {canReview && data ? <BulkBar selected={chosen} reviewers={data.reviewers} onDone={() => { setSelected(new Set()); list.reload(); }} /> : null}
      {list.state !== 'ready' ? <PageStatus state={list.state} error={list.state === 'error' ? list.error : undefined} onRetry={list.reload} /> : (
        list.data.items.length === 0 ? <p data-testid="list-empty">{t('list.empty')}</p> : (
          <>
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="verification-list">
                <caption className={styles.visuallyHidden}>{waiting ? t('list.captionQueue') : t('list.caption')}</caption>
                <thead>
                  <tr>
                    {canReview ? <th scope="col"><label className={styles.tick}><input type="checkbox" aria-label={t('bulk.selectAll')} checked={allTicked} data-testid="select-all"
                      onChange={() => setSelected(allTicked ? new Set() : new Set(items.map(refOf)))} /></label></th> : null}
                    <th scope="col">{t('list.name')}</th><th scope="col">{t('list.status')}</th><th scope="col">{t('list.country')}</th>
                    <th scope="col">{t('list.risk')}</th><th scope="col">{t('list.waitingFor')}</th><th scope="col">{t('list.due')}</th>
                    <th scope="col">{t('list.assignee')}</th><th scope="col">{t('list.vendorData')}</th><th scope="col">{t('list.key')}</th><th scope="col">{t('list.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((i) => <Row key={refOf(i)} item={i} now={list.data.now} language={i18n.language} meId={me.member.id}
                    selectable={canReview} ticked={selected.has(refOf(i))} onToggle={() => toggle(refOf(i))} />)}
                </tbody>
              </table>
            </div>
            <nav className={styles.pager} aria-label={t('list.shown', { from: (page - 1) * limit + 1, to: (page - 1) * limit + list.data.items.length, total: list.data.total })}>
              <Button variant="secondary" inline disabled={page <= 1} onClick={() => setParam('page', String(page - 1))}>{t('list.previous')}</Button>
              <span>{t('list.shown', { from: (page - 1) * limit + 1, to: (page - 1) * limit + list.data.items.length, total: list.data.total })}</span>
              <Button variant="secondary" inline disabled={page * limit >= list.data.total} onClick={() => setParam('page', String(page + 1))}>{t('list.next')}</Button>
              <label htmlFor={`${ids}-limit`}>{t('list.perPage')}</label>
              <select id={`${ids}-limit`} className={styles.select} value={limit} onChange={(e) => setParam('limit', e.target.value === String(LIMITS[0]) ? '' : e.target.value)} data-testid="page-size">
                {LIMITS.map((l) => <option key={l} value={l}>{l}</option>)}
              </select>
            </nav>
          </>
        ))}
    </>
  );
}

function Row({ item: i, now, language, meId, selectable, ticked, onToggle }: {
  item: DashboardListItem; now: string; language: string; meId: string; selectable: boolean; ticked: boolean; onToggle: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const label = i.name || i.id;
  const overdue = isOverdue(i.dueAt, now);
  const country = i.country ? countryName(i.country, language) : '—';
  return (
    <tr data-testid="verification-row" data-id={i.id}>
      {selectable ? <td><label className={styles.tick}><input type="checkbox" checked={ticked} onChange={onToggle} aria-label={t('bulk.select', { name: label })} data-testid="row-select" /></label></td> : null}
      <td>
        <Link to={`/dashboard/verifications/${i.family}/${encodeURIComponent(i.id)}`} className={i.name ? undefined : styles.mono} data-testid="row-link">{label}</Link>
        <div className={styles.muted}>{t(`family.${i.family}`)}{i.name ? <> · <span className={styles.mono}>{i.id}</span></> : null}</div>
      </td>
      <td>
        <StatusBadge status={i.status} />
        {i.waitingForReview ? <span className={`${styles.badge} ${styles['tone-wait']}`}>{t('list.needsReview')}</span> : null}
        {i.awaitingSecondReview ? <span className={`${styles.badge} ${styles['tone-wait']}`} data-testid="awaiting-second">{t('list.secondReview')}</span> : null}
      </td>
      <td>{country}</td>
      <td>{i.risk ? <span className={`${styles.badge} ${styles[i.risk === 'high' ? 'tone-bad' : i.risk === 'medium' ? 'tone-wait' : 'tone-good']}`}>{t(`list.riskLevel.${i.risk}`)}</span> : '—'}</td>
      <td>{i.waitingForReview && i.submittedAt ? waitingFor(i.submittedAt, now, language) : '—'}</td>
      <td>{i.dueAt ? <span className={overdue ? styles.overdue : undefined} data-testid="due">{formatDate(i.dueAt, language)}{overdue ? ` · ${t('list.overdue')}` : ''}</span> : '—'}</td>
      <td>{i.assignee ? (i.assignee.id === meId ? t('list.you') : i.assignee.email) : '—'}</td>
      <td className={styles.wrapAny}>{i.vendorData}</td>
      <td>{i.keyName || i.keyId} <span className={styles.muted}>{t(`mode.${i.keyMode}`)}</span></td>
      <td>{formatDate(i.createdAt, language)}</td>
    </tr>
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
