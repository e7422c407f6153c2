import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { dashboardCampaignDetailSchema, dashboardCampaignSummarySchema } from '../../../contract/campaign';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call, DashboardError } from '../dashboard-api';
import { CampaignEditor } from '../parts/campaign/campaign-editor';
import { toDefinitionValues, type CampaignFormValues } from '../parts/campaign/campaign-values';
import { ConfirmDialog } from '../parts/confirm-dialog';
import { PageStatus } from '../parts/page-status';
import { formatDate } from '../parts/status-badge';
import { useLoad } from '../use-load';
import styles from '../dashboard.module.css';

type Summary = z.infer<typeof dashboardCampaignSummarySchema>;
type Detail = z.infer<typeof dashboardCampaignDetailSchema>;

/**
 * The organisation's company forms: versions and publishing. A new campaign or draft is edited
 * field by field beside its preview (parts/campaign/) and sent as the API's body (the one
 * `idv campaigns create` takes), started from the campaign's latest version: a copy of the
 * default leaves out the id (the server gives the new campaign a random one), a draft of the
 * organisation's own campaign keeps its id.
 */
export function CampaignsScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const list = useLoad(() => call<Summary[]>('GET', '/campaigns'), 'campaigns');
  const [open, setOpen] = useState<Detail | null>(null);
  const [publishing, setPublishing] = useState<Summary | null>(null);
  // `round` remounts the editor for each draft started, so it opens with that campaign's values.
  const [draft, setDraft] = useState<{ round: number; values: CampaignFormValues } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => { document.title = t('pageTitle', { page: t('campaigns.title') }); }, [t]);

  const show = async (id: string) => setOpen(await call<Detail>('GET', `/campaigns/${encodeURIComponent(id)}`));
  const startDraft = async (from: Summary) => {
    const d = await call<Detail>('GET', `/campaigns/${encodeURIComponent(from.id)}`);
    const latest = d.versions.at(-1);
    const values: CampaignFormValues = { ...(from.shared ? {} : { id: from.id }), name: from.shared ? `${from.name} (copy)` : from.name, definition: toDefinitionValues(latest?.definition) };
    setDraft((old) => ({ round: (old?.round ?? 0) + 1, values }));
  };
  /** Sent as the editor checked it; a refusal is said beside Save (the editor stays open). */
  const saveDraft = async (body: CampaignFormValues): Promise<string | null> => {
    try {
      await call('POST', '/campaigns', body);
      setNotice({ tone: 'success', text: t('common.saved') });
      setDraft(null);
      list.reload();
      return null;
    } catch (e) {
      setNotice(null);
      const issues = e instanceof DashboardError && Array.isArray(e.detail.issues) ? (e.detail.issues as { path: string; message: string }[]) : [];
      // An id that is not one of the organisation's campaigns (new ids are the server's to choose).
      const unknownId = e instanceof DashboardError && e.code === 'not_found';
      return issues.length ? issues.map((i) => `${i.path}: ${i.message}`).join('; ') : unknownId ? t('campaigns.unknownId') : t('review.failed');
    }
  };
  const publish = async (c: Summary) => {
    setPublishing(null);
    try { await call('POST', `/campaigns/${encodeURIComponent(c.id)}/publish`); setNotice({ tone: 'success', text: t('campaigns.publishedDone') }); } catch { setNotice({ tone: 'error', text: t('review.failed') }); }
    list.reload();
  };

  return (
    <>
      <h1 className={styles.title} tabIndex={-1}>{t('campaigns.title')}</h1>
      <p>{t('campaigns.intro')}</p>
      {notice ? <Alert tone={notice.tone} live="polite" testId="campaigns-notice">{notice.text}</Alert> : null}
      {list.state !== 'ready' ? <PageStatus state={list.state} error={list.state === 'error' ? list.error : undefined} onRetry={list.reload} /> : list.data.length === 0 ? <p>{t('campaigns.none')}</p> : (
        <ul className={styles.cards} data-testid="campaign-list">
          {list.data.map((c) => (
            <li key={c.id} className={styles.card} data-testid="campaign-card" data-name={c.name}>
              <p className={styles.cardTitle}>{c.name} <span className={styles.mono}>{c.id}</span> {c.shared ? <span className={styles.badge}>{t('campaigns.shared')}</span> : null}</p>
              <p>{t('campaigns.published')}: {c.publishedVersion ?? '—'} · {t('campaigns.latest')}: {c.latestVersion}{c.draftVersion ? ` (${t('campaigns.draft')})` : ''}</p>
              <div className={styles.actions}>
                <Button variant="secondary" inline onClick={() => void show(c.id)}>{t('campaigns.versions')}</Button>
                <Button variant="secondary" inline onClick={() => void startDraft(c)}>{t('campaigns.newDraft')}</Button>
                {c.draftVersion && !c.shared ? <Button inline onClick={() => setPublishing(c)} data-testid="publish">{t('campaigns.publish')}</Button> : null}
              </div>
              {open?.id === c.id ? (
                <ol className={styles.plainList}>
                  {open.versions.map((v) => <li key={v.version}>{t('campaigns.version', { n: v.version })} · {v.publishedAt ? formatDate(v.publishedAt, i18n.language) : t('campaigns.draft')}</li>)}
                </ol>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {draft ? <CampaignEditor key={draft.round} initial={draft.values} onSave={saveDraft} onCancel={() => setDraft(null)} /> : null}
      <ConfirmDialog open={publishing !== null} title={t('campaigns.confirmPublish', { n: publishing?.draftVersion ?? 0 })} confirmLabel={t('campaigns.publish')}
        onCancel={() => setPublishing(null)} onConfirm={() => { if (publishing) void publish(publishing); }} />
    </>
  );
}
