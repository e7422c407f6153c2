import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AmlChecks, ScreeningHitView } from '../../../../contract/screening';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { call } from '../../dashboard-api';
import { formatDate } from '../status-badge';
import { TextArea } from '../text-field';
import styles from '../../dashboard.module.css';

/** A hit as the case view lists it: `gone` when no later screening found it again. */
export type CaseHit = ScreeningHitView & { gone?: boolean };

/**
 * The case's sanctions and PEP screening: which lists (and versions) it was screened against and
 * when, every hit with its score explained feature by feature, and for reviewers the verdict on
 * each open hit (true or false match) with a reason, which the server audits. A resolved hit shows
 * who resolved it, when and why; a false match stays resolved until the listed entity changes.
 */
export function ScreeningPanel({ aml, hits, canResolve, onChanged }: { aml: AmlChecks | null | undefined; hits: CaseHit[]; canResolve: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <section className={styles.panel} aria-labelledby="screening-title" data-testid="screening-panel">
      <h2 id="screening-title" className={styles.subtitle}>{t('screening.panelTitle')}</h2>
      {aml ? (
        <p className={styles.muted} data-testid="screening-lists">
          {aml.lists.length
            ? t('screening.screenedAgainst', { date: formatDate(aml.screenedAt, i18n.language), lists: aml.lists.map((l) => t('screening.listVersion', { name: l.name, n: l.version })).join(', ') })
            : t('screening.noListsLoaded')}
        </p>
      ) : <p className={styles.muted}>{t('screening.notScreened')}</p>}
      {hits.length === 0 ? <p>{t('screening.noHits')}</p> : (
        <ul className={styles.plainList}>
          {hits.map((h) => <HitCard key={h.id} hit={h} canResolve={canResolve} onChanged={onChanged} />)}
        </ul>
      )}
    </section>
  );
}

/** One hit: the listed entity, the name it matched, the list and version, the score and its reasons. */
export function HitSummary({ hit }: { hit: CaseHit }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <p className={styles.cardTitle}>
        <strong data-testid="hit-entity">{hit.entityName}</strong>{' '}
        <span className={`${styles.badge} ${styles[hit.state === 'open' ? 'tone-wait' : hit.state === 'true_match' ? 'tone-bad' : 'tone-good']}`} data-testid="hit-state">
          {t(`screening.state.${hit.state}`)}
        </span>
        {hit.gone ? <> <span className={`${styles.badge} ${styles['tone-muted']}`}>{t('screening.gone')}</span></> : null}
      </p>
      <dl className={styles.summary}>
        <div><dt>{t('screening.part')}</dt><dd>{hit.partName || hit.part}</dd></div>
        <div><dt>{t('screening.matchedName')}</dt><dd>{hit.matchedName}</dd></div>
        <div><dt>{t('screening.list')}</dt><dd>{t('screening.listVersion', { name: hit.listName, n: hit.listVersion })} · {t(`risk.signal.${hit.signal}`)}</dd></div>
        <div><dt>{t('screening.scoreLabel')}</dt><dd className={styles.mono} data-testid="hit-score">{hit.score.toFixed(2)}</dd></div>
      </dl>
      <details>
        <summary>{t('screening.features')}</summary>
        <table className={styles.table}>
          <thead><tr><th scope="col">{t('screening.feature')}</th><th scope="col">{t('screening.featureValue')}</th><th scope="col">{t('screening.featureDetail')}</th></tr></thead>
          <tbody>
            {hit.features.map((f, i) => (
              <tr key={`${f.feature}-${i}`}><td>{t(`screening.featureName.${f.feature}`)}</td><td className={styles.mono}>{f.value >= 0 ? '+' : ''}{f.value.toFixed(2)}</td><td className={styles.wrapAny}>{f.detail}</td></tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

function HitCard({ hit, canResolve, onChanged }: { hit: CaseHit; canResolve: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'warning'; text: string } | null>(null);
  const resolve = async (resolution: 'true_match' | 'false_match') => {
    if (!reason.trim()) { setMessage({ tone: 'warning', text: t('screening.reasonRequired') }); return; }
    setBusy(true);
    try {
      await call('POST', `/screening/hits/${encodeURIComponent(hit.id)}/resolve`, { resolution, reason: reason.trim() });
      setMessage(null);
      onChanged();
    } catch {
      setMessage({ tone: 'error', text: t('review.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={styles.card} data-testid="screening-hit" data-state={hit.state}>
      <HitSummary hit={hit} />
      {hit.state !== 'open' && hit.resolvedAt ? (
        <p data-testid="hit-resolution">{t('screening.resolvedBy', { state: t(`screening.state.${hit.state}`), by: hit.resolvedBy ?? '', date: formatDate(hit.resolvedAt, i18n.language), reason: hit.resolutionReason ?? '' })}</p>
      ) : null}
      {canResolve && hit.state === 'open' && !hit.gone ? (
        <div className={styles.stack}>
          {message ? <Alert tone={message.tone} live="polite" testId="hit-outcome">{message.text}</Alert> : null}
          <TextArea label={t('screening.reason')} hint={t('screening.reasonHint')} value={reason} rows={2} onChange={(e) => setReason(e.target.value)} data-testid="hit-reason" />
          <div className={styles.actions}>
            <Button variant="secondary" inline disabled={busy} onClick={() => void resolve('false_match')} data-testid="hit-false-match">{t('screening.falseMatch')}</Button>
            <Button inline disabled={busy} onClick={() => void resolve('true_match')} data-testid="hit-true-match">{t('screening.trueMatch')}</Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
