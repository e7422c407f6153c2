import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RaisedSignal } from '../../../../contract/risk-rules';
import type { RiskListEntry } from '../../../../contract/risk-lists';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { call, DashboardError } from '../../dashboard-api';
import { TextArea } from '../text-field';
import styles from '../../dashboard.module.css';

const caseLink = (id: string) => `/dashboard/verifications/individual/${encodeURIComponent(id)}`;

/**
 * The case's risk signals (each with the action the key's rules took and a link to the earlier
 * case it matched) and, for reviewers, its blocklist and allowlist: block the face and/or the
 * document number, allow a flagged pair, remove an entry. Every change needs a reason.
 */
/** A later session whose signal names this case (the link seen from the earlier side). */
export interface LaterMatch { verificationId: string; status: string; signal: string; detail: string }

export function RiskPanel({ caseId, signals, entries, canManage, onChanged, matchedBy = [] }: {
  caseId: string; signals: RaisedSignal[]; entries: RiskListEntry[]; canManage: boolean; onChanged: () => void; matchedBy?: LaterMatch[];
}) {
  const { t } = useTranslation('dashboard');
  const [reason, setReason] = useState('');
  const [face, setFace] = useState(false);
  const [doc, setDoc] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'warning'; text: string } | null>(null);
  const allowed = new Set(entries.filter((e) => e.list === 'allow').map((e) => (e.verificationId === caseId ? e.otherVerificationId : e.verificationId)));

  const run = async (action: () => Promise<unknown>, needsReason = true) => {
    if (needsReason && !reason.trim()) { setMessage({ tone: 'warning', text: t('risk.reasonRequired') }); return; }
    setBusy(true);
    try {
      await action();
      setMessage({ tone: 'success', text: t('risk.done') });
      setReason('');
      onChanged();
    } catch (e) {
      const code = e instanceof DashboardError ? e.code : undefined;
      setMessage({ tone: 'error', text: code === 'no_face_stored' ? t('risk.noFace') : code === 'no_document_stored' ? t('risk.noDocument') : t('review.failed') });
    } finally {
      setBusy(false);
    }
  };
  const block = () => {
    if (!face && !doc) { setMessage({ tone: 'warning', text: t('risk.chooseTarget') }); return; }
    void run(() => call('POST', `/verifications/individual/${encodeURIComponent(caseId)}/block`, { face, document: doc, reason: reason.trim() }));
  };

  return (
    <section className={styles.panel} aria-labelledby="risk-title" data-testid="risk-panel">
      <h2 id="risk-title" className={styles.subtitle}>{t('risk.title')}</h2>
      {message ? <Alert tone={message.tone} live="polite" testId="risk-outcome">{message.text}</Alert> : null}
      {signals.length === 0 ? <p>{t('risk.none')}</p> : (
        <ul className={styles.signals}>
          {signals.map((s, i) => (
            <li key={`${s.signal}-${i}`} data-testid={`risk-signal-${s.signal}`}>
              <strong>{t(`risk.signal.${s.signal}`)}</strong>
              <span className={styles.mono}>{t(`risk.action.${s.action}`)}</span>
              <span className={styles.muted}>{s.detail}</span>
              {s.matchVerificationId ? <Link to={caseLink(s.matchVerificationId)} data-testid="risk-match-link">{t('risk.openMatch')}</Link> : null}
              {canManage && s.matchVerificationId && s.signal !== 'blocklist_hit' && !allowed.has(s.matchVerificationId) ? (
                <Button variant="secondary" inline disabled={busy} data-testid="risk-allow-pair"
                  onClick={() => void run(() => call('POST', '/risk-lists/allow', { verificationId: s.matchVerificationId, otherVerificationId: caseId, reason: reason.trim() }))}>
                  {t('risk.allowPair')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {matchedBy.length ? (
        <>
          <h3 className={styles.minorTitle}>{t('risk.matchedBy')}</h3>
          <ul className={styles.signals} data-testid="risk-matched-by">
            {matchedBy.map((m) => (
              <li key={`${m.verificationId}-${m.signal}`}>
                <strong>{t(`risk.signal.${m.signal}` as 'risk.signal.reused_document')}</strong>
                <span className={styles.muted}>{m.detail}</span>
                <Link to={caseLink(m.verificationId)} data-testid="risk-matched-by-link">{t('risk.openMatch')}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {entries.length ? (
        <ul className={styles.signals} data-testid="risk-entries">
          {entries.map((e) => {
            const other = e.verificationId === caseId ? e.otherVerificationId : e.verificationId;
            return (
              <li key={e.id}>
                <strong>{e.list === 'block' ? t(e.target === 'face' ? 'risk.blockedFace' : 'risk.blockedDocument') : t('risk.allowedPair')}</strong>
                {e.list === 'allow' && other ? <Link to={caseLink(other)}>{t('risk.openMatch')}</Link> : null}
                <span className={styles.muted}>{e.reason} · {e.createdBy}</span>
                {canManage ? <Button variant="text" inline disabled={busy} onClick={() => void run(() => call('DELETE', `/risk-lists/${encodeURIComponent(e.id)}`), false)}>{t('risk.remove')}</Button> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {canManage ? (
        <>
          <TextArea label={t('risk.reason')} value={reason} rows={2} maxLength={500} onChange={(e) => setReason(e.target.value)} data-testid="risk-reason" />
          <div className={styles.actions}>
            <label className={styles.choice}><input type="checkbox" checked={face} onChange={(e) => setFace(e.target.checked)} data-testid="risk-block-face" /> {t('risk.blockFace')}</label>
            <label className={styles.choice}><input type="checkbox" checked={doc} onChange={(e) => setDoc(e.target.checked)} data-testid="risk-block-document" /> {t('risk.blockDocument')}</label>
            <Button variant="secondary" inline className={styles.danger} disabled={busy} onClick={block} data-testid="risk-block">{t('risk.block')}</Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
