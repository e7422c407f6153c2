import { useTranslation } from 'react-i18next';
import type { AutomaticChecks } from '../../../../contract/automatic-checks';
import { ChecklistPanel } from './checklist-panel';
import { ImageViewer } from '../image-viewer';
import { formatDate } from '../status-badge';
import styles from '../../dashboard.module.css';

/** A try a specialist sent back, as the case answer gives it. */
export interface EarlierAttempt { attempt: number; sentBackAt: string; reason: string; images: { selfie: string; front: string; back: string }; checks: AutomaticChecks | null }

/**
 * The tries sent back for new photos, oldest first: when and why, their pictures and their
 * checks, so the evidence of why new photos were asked for is still there after the new ones.
 */
export function EarlierAttempts({ attempts }: { attempts: EarlierAttempt[] }) {
  const { t, i18n } = useTranslation('dashboard');
  if (!attempts.length) return null;
  return (
    <section aria-labelledby="earlier-title" data-testid="earlier-attempts">
      <h2 id="earlier-title" className={styles.subtitle}>{t('case.earlierAttempts')}</h2>
      {attempts.map((a) => (
        <details key={a.attempt} className={styles.panel} data-testid="earlier-attempt">
          <summary>{t('case.attemptSentBack', { n: a.attempt, date: formatDate(a.sentBackAt, i18n.language), reason: a.reason })}</summary>
          <div className={styles.galleryTight}>
            {a.images.selfie ? <ImageViewer src={a.images.selfie} label={t('case.selfie')} testId={`earlier-${a.attempt}-selfie`} /> : null}
            {a.images.front ? <ImageViewer src={a.images.front} label={t('case.front')} testId={`earlier-${a.attempt}-front`} /> : null}
            {a.images.back ? <ImageViewer src={a.images.back} label={t('case.back')} testId={`earlier-${a.attempt}-back`} /> : null}
          </div>
          {!a.images.selfie && !a.images.front && !a.images.back ? <p className={styles.muted}>{t('case.attemptMediaErased')}</p> : null}
          {a.checks ? <ChecklistPanel checks={a.checks} openHits={0} headingId={`checklist-earlier-${a.attempt}`} /> : null}
        </details>
      ))}
    </section>
  );
}
