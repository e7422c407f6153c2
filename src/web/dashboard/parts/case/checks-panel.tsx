import { useTranslation } from 'react-i18next';
import type { AutomaticChecks } from '../../../../contract/automatic-checks';
import { KeyValues } from '../key-values';
import styles from '../../dashboard.module.css';

/** The service's own scores and reasons, so a specialist sees why the case came to them. */
export function ChecksPanel({ checks }: { checks: AutomaticChecks }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="checks-title" data-testid="checks">
      <h2 id="checks-title" className={styles.subtitle}>{t('case.checks')}</h2>
      <dl className={styles.summary}>
        <div><dt>{t('case.outcome')}</dt><dd className={styles.mono}>{checks.outcome}</dd></div>
        <div><dt>{t('case.reasons')}</dt><dd className={styles.mono}>{checks.reasons.join(', ') || '—'}</dd></div>
        {checks.faceMatch ? (
          <div>
            <dt>{t('case.faceMatch')}</dt>
            <dd data-testid="face-distance">
              {checks.faceMatch.distance === null ? '—' : checks.faceMatch.distance.toFixed(2)}
              <span className={styles.muted}> {t('case.faceMatchNote', { threshold: checks.faceMatch.matchMax.toFixed(2) })}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <details>
        <summary>{t('case.checks')} (JSON)</summary>
        <KeyValues value={{ liveness: checks.liveness, document: checks.document, faceMatch: checks.faceMatch }} />
      </details>
    </section>
  );
}
