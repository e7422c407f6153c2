import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Security } from '../../../contract/accounts-second-factor';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call } from '../dashboard-api';
import { formatDate } from './status-badge';
import styles from '../dashboard.module.css';

/**
 * Where the member is signed in (when each session began and was last used) and a way to sign
 * out everywhere else, open after the confirmation like every factor change.
 */
export function SessionsPanel({ sessions, canEnd, onEnded }: { sessions: Security['sessions']; canEnd: boolean; onEnded: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const [failure, setFailure] = useState(false);
  const endOthers = async () => {
    setFailure(false);
    try {
      await call('POST', '/security/sessions/end-others');
      onEnded();
    } catch {
      setFailure(true);
    }
  };
  return (
    <section aria-labelledby="sessions-title" className={styles.panel} data-testid="sessions">
      <h2 id="sessions-title" className={styles.subtitle}>{t('security.sessionsTitle')}</h2>
      {failure ? <Alert tone="error" live="assertive">{t('security.failed')}</Alert> : null}
      <ul className={styles.plainList}>
        {sessions.map((s) => (
          <li key={`${s.createdAt}-${s.lastSeenAt}`} data-testid="session-row">
            {t('security.sessionRow', { created: formatDate(s.createdAt, i18n.language), seen: formatDate(s.lastSeenAt, i18n.language) })}
            {s.current ? <> · <strong>{t('security.sessionCurrent')}</strong></> : null}
          </li>
        ))}
      </ul>
      {canEnd && sessions.length > 1 ? (
        <Button variant="secondary" inline onClick={() => void endOthers()} data-testid="end-other-sessions">{t('security.endOthers')}</Button>
      ) : null}
    </section>
  );
}
