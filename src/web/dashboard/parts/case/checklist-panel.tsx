import { useTranslation } from 'react-i18next';
import type { AutomaticChecks } from '../../../../contract/automatic-checks';
import { checklistOf, type CheckState } from './checklist';
import styles from '../../dashboard.module.css';

const TONE: Record<CheckState, string> = { pass: 'tone-good', fail: 'tone-bad', look: 'tone-wait' };
const MARK: Record<CheckState, string> = { pass: '✓', fail: '✗', look: '?' };

/** Every automatic check of the case as a checklist: pass, fail or needs a look, with its evidence. */
export function ChecklistPanel({ checks, openHits, headingId = 'checklist-title' }: { checks: AutomaticChecks; openHits: number; headingId?: string }) {
  const { t } = useTranslation('dashboard');
  const items = checklistOf(checks, openHits);
  return (
    <section aria-labelledby={headingId} data-testid="checklist">
      <h2 id={headingId} className={styles.subtitle}>{t('checklist.title')}</h2>
      <ul className={styles.plainList}>
        {items.map((i, n) => (
          <li key={`${i.check}-${i.signal ?? ''}-${n}`} className={styles.checkItem} data-testid={`check-${i.signal ?? i.check}`} data-state={i.state}>
            <span className={`${styles.badge} ${styles[TONE[i.state]]}`}><span aria-hidden="true">{MARK[i.state]} </span>{t(`checklist.state.${i.state}`)}</span>
            <strong>{i.check === 'risk' && i.signal ? t(`risk.signal.${i.signal}` as 'risk.signal.reused_document') : t(`checklist.check.${i.check as Exclude<typeof i.check, 'risk'>}`)}</strong>
            <span className={`${styles.muted} ${styles.wrapAny}`}>{i.evidence}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
