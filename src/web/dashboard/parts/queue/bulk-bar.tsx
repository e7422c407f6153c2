import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkResult, CaseRef } from '../../../../contract/casework';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { call } from '../../dashboard-api';
import { ConfirmDialog } from '../confirm-dialog';
import { COMMON_REASONS } from '../decision-panel';
import styles from '../../dashboard.module.css';

type Move = { action: 'assign'; assigneeId: string | null } | { action: 'decide'; decision: 'successful' | 'failed'; reason?: string };

/**
 * Moves for the cases ticked in the list: give them to a reviewer (or release them), or approve
 * or decline them all with one reason. Decisions ask first; the answer counts each case's result
 * (a case decided meanwhile is reported, not silently skipped).
 */
export function BulkBar({ selected, reviewers, onDone }: { selected: CaseRef[]; reviewers: { id: string; email: string }[]; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const ids = useId();
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [confirm, setConfirm] = useState<Move | null>(null);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<{ tone: 'success' | 'warning' | 'error'; text: string } | null>(null);
  if (selected.length === 0 && !summary) return null;

  const run = async (move: Move) => {
    setBusy(true);
    try {
      const { results } = await call<{ results: BulkResult[] }>('POST', '/verifications/bulk', { ...move, items: selected });
      const n = (r: BulkResult['result']) => results.filter((x) => x.result === r).length;
      const done = n('assigned') + n('decided') + n('proposed');
      const refused = results.length - done;
      setSummary({ tone: refused ? 'warning' : 'success', text: [t('bulk.done', { count: done }), n('proposed') ? t('bulk.proposed', { count: n('proposed') }) : '', refused ? t('bulk.refused', { count: refused }) : ''].filter(Boolean).join(' ') });
      onDone();
    } catch {
      setSummary({ tone: 'error', text: t('bulk.failed') });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  const decline = () => {
    if (!reason.trim()) { setReasonError(true); return; }
    setReasonError(false);
    setConfirm({ action: 'decide', decision: 'failed', reason: reason.trim() });
  };

  return (
    <section className={`${styles.panel} ${styles.bulkBar}`} aria-labelledby={`${ids}-title`} data-testid="bulk-bar">
      <h2 id={`${ids}-title`} className={styles.minorTitle} aria-live="polite">{t('bulk.selected', { count: selected.length })}</h2>
      {summary ? <Alert tone={summary.tone} live="polite" testId="bulk-summary">{summary.text}</Alert> : null}
      {selected.length > 0 ? (
        <>
          <div className={styles.inlineForm}>
            <label htmlFor={`${ids}-to`}>{t('bulk.assignTo')}</label>
            <select id={`${ids}-to`} className={styles.select} value={to} onChange={(e) => setTo(e.target.value)} data-testid="bulk-assignee">
              <option value="">{t('work.pickReviewer')}</option>
              <option value="none">{t('bulk.nobody')}</option>
              {reviewers.map((r) => <option key={r.id} value={r.id}>{r.email}</option>)}
            </select>
            <Button inline variant="secondary" disabled={busy || !to} onClick={() => void run({ action: 'assign', assigneeId: to === 'none' ? null : to })} data-testid="bulk-assign">{t('work.assign')}</Button>
          </div>
          <div className={styles.inlineForm}>
            <label htmlFor={`${ids}-reason`}>{t('bulk.reason')}</label>
            <select id={`${ids}-reason`} className={styles.select} value="" data-testid="bulk-common-reason"
              onChange={(e) => { if (e.target.value) { setReason(t(`review.reasons.${e.target.value as (typeof COMMON_REASONS)[number]}`)); setReasonError(false); } }}>
              <option value="">{t('review.pickReason')}</option>
              {COMMON_REASONS.map((r) => <option key={r} value={r}>{t(`review.reasons.${r}`)}</option>)}
            </select>
            <input aria-label={t('review.reason')} className={styles.input} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonError || undefined} aria-describedby={reasonError ? `${ids}-reason-error` : undefined} data-testid="bulk-reason" />
          </div>
          {reasonError ? <p id={`${ids}-reason-error`} className={styles.error}>{t('review.reasonRequired')}</p> : null}
          <div className={styles.actions}>
            <Button inline variant="secondary" disabled={busy} onClick={() => setConfirm({ action: 'decide', decision: 'successful' })} data-testid="bulk-approve">{t('bulk.approve')}</Button>
            <Button inline variant="secondary" className={styles.danger} disabled={busy} onClick={decline} data-testid="bulk-decline">{t('bulk.decline')}</Button>
          </div>
        </>
      ) : null}
      <ConfirmDialog open={confirm !== null} title={t(confirm?.action === 'decide' && confirm.decision === 'failed' ? 'bulk.confirmDecline' : 'bulk.confirmApprove', { count: selected.length })}
        danger={confirm?.action === 'decide' && confirm.decision === 'failed'} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => { if (confirm) void run(confirm); }}>
        <p>{t('review.confirmBody')}</p>
        {confirm?.action === 'decide' && confirm.reason ? <p><strong>{t('review.reason')}:</strong> {confirm.reason}</p> : null}
      </ConfirmDialog>
    </section>
  );
}
