import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DashboardError } from '../dashboard-api';
import { ConfirmDialog } from './confirm-dialog';
import { TextArea } from './text-field';
import styles from '../dashboard.module.css';

export type Decision = 'successful' | 'failed' | 'resubmit';

/** The reasons reviewers give most, to pick and then edit (i18n keys under `review.reasons.`). */
export const COMMON_REASONS = ['documentAltered', 'faceMismatch', 'documentExpired', 'notLive', 'blurred', 'glare', 'wrongDocument', 'faceUnclear'] as const;

/** A key pressed outside any text field, without modifiers: the panel's shortcuts apply. */
export function isShortcut(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target'>): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey) return false;
  const el = e.target as HTMLElement | null;
  const tag = el?.tagName ?? '';
  return !(tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el?.isContentEditable || el?.closest?.('dialog'));
}

/** A first reviewer's decision waiting for a second one (four-eyes); `mine` when it is this member's. */
export interface Proposal { decision: 'successful' | 'failed'; reason: string; email: string; mine: boolean }

/**
 * Approve, decline or ask for new photos. A decline or a resubmission needs a reason (the
 * customer reads it; for new photos the person does too) and asks first; the Approve button
 * approves at once (a clean case: open, approve), its keyboard shortcut asks first (a stray key
 * must not approve). `onDecide` answers `proposed` when four-eyes holds the decision for a
 * second reviewer, who confirms it here in one click.
 */
export function DecisionPanel({ waiting, allowResubmit, onDecide, onStartReview, proposal = null }: {
  waiting: boolean; allowResubmit: boolean;
  onDecide: (decision: Decision, reason: string) => Promise<void | 'proposed'>;
  onStartReview?: () => Promise<void>;
  proposal?: Proposal | null;
}) {
  const { t } = useTranslation('dashboard');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [pending, setPending] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'warning'; text: string } | null>(null);

  const reasonsId = useId();
  // Shortcuts (A approve, D decline, R new photos): each still asks for confirmation first.
  useEffect(() => {
    if (!waiting) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e) || busy || pending) return;
      const key = e.key.toLowerCase();
      const d: Decision | null = key === 'a' ? 'successful' : key === 'd' ? 'failed' : key === 'r' && allowResubmit ? 'resubmit' : null;
      if (!d) return;
      e.preventDefault();
      ask(d, true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  const ask = (d: Decision, byKey = false) => {
    if (d !== 'successful' && reason.trim() === '') { setReasonError(true); return; }
    setReasonError(false);
    if (d === 'successful' && !byKey) { void run(() => onDecide('successful', '')); return; }
    setPending(d);
  };
  const run = async (action: () => Promise<void | 'proposed'>) => {
    setBusy(true);
    try {
      const res = await action();
      setOutcome(res === 'proposed' ? { tone: 'success', text: t('review.proposed') } : { tone: 'success', text: t('review.done') });
    } catch (e) {
      setOutcome(e instanceof DashboardError && e.code === 'four_eyes_same_reviewer' ? { tone: 'warning', text: t('review.sameReviewer') }
        : e instanceof DashboardError && e.status === 409 ? { tone: 'warning', text: t('review.conflict') } : { tone: 'error', text: t('review.failed') });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  const confirmTitle = pending === 'successful' ? t('review.confirmApprove') : pending === 'failed' ? t('review.confirmDecline') : t('review.confirmResubmit');

  return (
    <section className={styles.panel} aria-labelledby="decision-title" data-testid="decision-panel">
      <h2 id="decision-title" className={styles.subtitle}>{t('review.title')}</h2>
      {outcome ? <Alert tone={outcome.tone} live="polite" testId="decision-outcome">{outcome.text}</Alert> : null}
      {!waiting ? <p data-testid="not-waiting">{t('review.notWaiting')}</p> : (
        <>
          <p>{t('review.waiting')}</p>
          {proposal ? (
            <div className={styles.proposal} data-testid="four-eyes-proposal">
              <p>{t(proposal.decision === 'successful' ? 'review.proposedApprove' : 'review.proposedDecline', { email: proposal.email })}</p>
              {proposal.reason ? <p><strong>{t('review.reason')}:</strong> {proposal.reason}</p> : null}
              {proposal.mine ? <p className={styles.muted}>{t('review.proposalMine')}</p> : (
                <Button inline onClick={() => void run(() => onDecide(proposal.decision, proposal.reason))} disabled={busy} data-testid="confirm-proposal"
                  className={proposal.decision === 'failed' ? styles.danger : undefined}>
                  {t(proposal.decision === 'successful' ? 'review.confirmProposalApprove' : 'review.confirmProposalDecline')}
                </Button>
              )}
            </div>
          ) : null}
          <div className={styles.formField}>
            <label htmlFor={reasonsId}>{t('review.commonReasons')}</label>
            <select id={reasonsId} className={styles.select} value="" data-testid="decision-common-reason"
              onChange={(e) => { if (e.target.value) { setReason(t(`review.reasons.${e.target.value as (typeof COMMON_REASONS)[number]}`)); setReasonError(false); } }}>
              <option value="">{t('review.pickReason')}</option>
              {COMMON_REASONS.map((r) => <option key={r} value={r}>{t(`review.reasons.${r}`)}</option>)}
            </select>
          </div>
          <TextArea label={t('review.reason')} hint={t('review.reasonHint')} value={reason} rows={3} maxLength={1000}
            error={reasonError ? t('review.reasonRequired') : undefined} onChange={(e) => setReason(e.target.value)} data-testid="decision-reason" />
          <p className={styles.muted} data-testid="decision-shortcuts">{t(allowResubmit ? 'review.shortcuts' : 'review.shortcutsNoResubmit')}</p>
          <div className={styles.actions}>
            {onStartReview ? <Button variant="secondary" inline onClick={() => void run(onStartReview)} disabled={busy} data-testid="start-review">{t('review.startReview')}</Button> : null}
            <Button inline onClick={() => ask('successful')} disabled={busy} data-testid="approve">{t('review.approve')}</Button>
            {allowResubmit ? <Button variant="secondary" inline onClick={() => ask('resubmit')} disabled={busy} data-testid="resubmit">{t('review.resubmit')}</Button> : null}
            <Button variant="secondary" inline className={styles.danger} onClick={() => ask('failed')} disabled={busy} data-testid="decline">{t('review.decline')}</Button>
          </div>
        </>
      )}
      <ConfirmDialog open={pending !== null} title={confirmTitle} danger={pending === 'failed'} busy={busy}
        onCancel={() => setPending(null)} onConfirm={() => { if (pending) void run(() => onDecide(pending, reason.trim())); }}>
        <p>{t('review.confirmBody')}</p>
        {pending && pending !== 'successful' ? <p><strong>{t('review.reason')}:</strong> {reason.trim()}</p> : null}
      </ConfirmDialog>
    </section>
  );
}
