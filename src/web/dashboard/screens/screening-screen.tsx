import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listFormats, type ListFormat, type ListVersion, type ScreeningList } from '../../../contract/screening';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call, DashboardError } from '../dashboard-api';
import { PageStatus } from '../parts/page-status';
import { HitSummary, type CaseHit } from '../parts/case/screening-panel';
import { formatDate } from '../parts/status-badge';
import { TextField } from '../parts/text-field';
import { useSession } from '../session';
import { useLoad } from '../use-load';
import styles from '../dashboard.module.css';

type ListView = ScreeningList & { versions: ListVersion[] };
type QueueHit = CaseHit & { subjectType: 'individual' | 'company'; subjectId: string };

const caseLink = (h: QueueHit) => `/dashboard/verifications/${h.subjectType}/${encodeURIComponent(h.subjectId)}`;

/**
 * Screening for reviewers: the hits waiting for a verdict (best score first, each linking to its
 * case, where it is resolved), the lists the organisation is screened against with their versions
 * and what each import changed, and for owners and admins the import of the organisation's own lists.
 */
export function ScreeningScreen() {
  const { t } = useTranslation('dashboard');
  const { me } = useSession();
  const hits = useLoad(() => call<QueueHit[]>('GET', '/screening/hits'), 'screening-hits');
  const lists = useLoad(() => call<ListView[]>('GET', '/screening/lists'), 'screening-lists');
  useEffect(() => { document.title = t('pageTitle', { page: t('screening.title') }); }, [t]);

  return (
    <>
      <h1 className={styles.title} tabIndex={-1}>{t('screening.title')}</h1>
      <p>{t('screening.intro')}</p>
      <section aria-labelledby="open-hits-title">
        <h2 id="open-hits-title" className={styles.subtitle}>{t('screening.openHits')}</h2>
        {hits.state !== 'ready' ? <PageStatus state={hits.state} error={hits.state === 'error' ? hits.error : undefined} onRetry={hits.reload} />
          : hits.data.length === 0 ? <p data-testid="no-open-hits">{t('screening.noOpenHits')}</p> : (
            <ul className={styles.cards} data-testid="open-hits">
              {hits.data.map((h) => (
                <li key={h.id} className={styles.card} data-testid="queue-hit">
                  <HitSummary hit={h} />
                  <p><Link to={caseLink(h)} data-testid="hit-case-link">{t('screening.openCase')}</Link></p>
                </li>
              ))}
            </ul>
          )}
      </section>
      <section aria-labelledby="lists-title">
        <h2 id="lists-title" className={styles.subtitle}>{t('screening.lists')}</h2>
        {lists.state !== 'ready' ? <PageStatus state={lists.state} error={lists.state === 'error' ? lists.error : undefined} onRetry={lists.reload} />
          : lists.data.length === 0 ? <p>{t('screening.noLists')}</p> : <ListTable lists={lists.data} />}
      </section>
      {me.abilities.team ? <ImportForm onImported={() => { lists.reload(); hits.reload(); }} /> : null}
    </>
  );
}

function ListTable({ lists }: { lists: ListView[] }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="screening-lists-table">
        <thead>
          <tr>
            <th scope="col">{t('screening.list')}</th><th scope="col">{t('screening.kindLabel')}</th><th scope="col">{t('screening.versionLabel')}</th>
            <th scope="col">{t('screening.entitiesLabel')}</th><th scope="col">{t('screening.lastImport')}</th><th scope="col">{t('screening.changes')}</th>
          </tr>
        </thead>
        <tbody>
          {lists.map((l) => {
            const v = l.versions[0];
            return (
              <tr key={l.id} data-testid={`screening-list-${l.id}`}>
                <td>{l.name} <span className={styles.mono}>{l.id}</span>{l.orgId ? null : <> <span className={styles.badge}>{t('screening.operatorList')}</span></>}</td>
                <td>{t(`screening.kind.${l.kind}`)}</td>
                <td className={styles.mono}>{l.currentVersion}</td>
                <td className={styles.mono}>{v ? v.entityCount : '—'}</td>
                <td>{v ? `${formatDate(v.importedAt, i18n.language)} · ${v.importedBy}` : '—'}</td>
                <td>{v ? t('screening.diff', { added: v.added, removed: v.removed, changed: v.changed }) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The organisation's own list from a file: each import is a new version; a bad file changes nothing and names its line. */
function ImportForm({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation('dashboard');
  const formatId = useId();
  const fileId = useId();
  const [listId, setListId] = useState('');
  const [name, setName] = useState('');
  const [format, setFormat] = useState<ListFormat>('customer-csv');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error' | 'warning'; text: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!listId.trim() || !files.length) { setNotice({ tone: 'warning', text: t('screening.importMissing') }); return; }
    setBusy(true);
    try {
      const contents = await Promise.all(files.map(async (f) => ({ name: f.name, content: await f.text() })));
      const res = await call<{ version: ListVersion }>('POST', `/screening/lists/${encodeURIComponent(listId.trim())}/versions`, {
        format, files: contents, ...(name.trim() ? { name: name.trim() } : {}),
      });
      setNotice({ tone: 'success', text: t('screening.imported', { version: res.version.version, entities: res.version.entityCount, added: res.version.added, removed: res.version.removed, changed: res.version.changed }) });
      onImported();
    } catch (err) {
      const d = err instanceof DashboardError ? err.detail : {};
      const issues = Array.isArray(d.issues) ? (d.issues as { path: string; message: string }[]).map((i) => `${i.path}: ${i.message}`).join('; ') : '';
      const text = err instanceof DashboardError && err.code === 'invalid_list_file' ? err.message : issues || (err instanceof DashboardError ? err.message : t('review.failed'));
      setNotice({ tone: 'error', text: t('screening.importFailed', { detail: text }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="import-title">
      <h2 id="import-title" className={styles.subtitle}>{t('screening.importTitle')}</h2>
      <p className={styles.muted}>{t('screening.importHint')}</p>
      {notice ? <Alert tone={notice.tone} live="polite" testId="import-notice">{notice.text}</Alert> : null}
      <form className={styles.stack} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('screening.listId')} hint={t('screening.listIdHint')} value={listId} onChange={(e) => setListId(e.target.value)} autoComplete="off" spellCheck={false} data-testid="import-list-id" />
        <TextField label={t('screening.listName')} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" data-testid="import-list-name" />
        <div className={styles.formField}>
          <label htmlFor={formatId}>{t('screening.format')}</label>
          <select id={formatId} className={styles.select} value={format} onChange={(e) => setFormat(e.target.value as ListFormat)} data-testid="import-format">
            {listFormats.map((f) => <option key={f} value={f}>{t(`screening.formatName.${f}`)}</option>)}
          </select>
        </div>
        <div className={styles.formField}>
          <label htmlFor={fileId}>{t('screening.file')}</label>
          <input id={fileId} type="file" multiple accept=".csv,.xml,.json,.txt,text/csv,application/xml,application/json" className={styles.input}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))} data-testid="import-file" />
        </div>
        <div className={styles.actions}><Button type="submit" inline disabled={busy} data-testid="import-submit">{t('screening.import')}</Button></div>
      </form>
    </section>
  );
}
