import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import type { DashboardError } from '../dashboard-api';
import { SessionContext } from '../session';

/**
 * Loading, or what went wrong in words the member can act on: an ended session goes back to
 * sign-in, a refused role or a missing case says so, anything else offers to try again.
 */
export function PageStatus({ state, error, onRetry }: { state: 'loading' | 'error'; error?: DashboardError; onRetry?: () => void }) {
  const { t } = useTranslation('dashboard');
  const session = useContext(SessionContext);
  const ended = error?.status === 401;
  // The owner required a second factor while this member was signed in: reading `me` again
  // makes the shell open only Security, where they enrol one.
  const enrol = error?.code === 'second_factor_required';
  useEffect(() => { if (ended) session?.signedOut(); }, [ended, session]);
  useEffect(() => { if (enrol) session?.refresh(); }, [enrol, session]);
  if (state === 'loading') return <Spinner label={t('common.loading')} />;
  if (error?.status === 403) return <Alert tone="warning" live="assertive" testId="not-allowed">{t('common.notAllowed')}</Alert>;
  if (error?.status === 404) return <Alert tone="warning" live="assertive" testId="not-found">{t('common.notFound')}</Alert>;
  if (ended) return <Alert tone="info" live="assertive">{t('common.signedOut')}</Alert>;
  return (
    <Alert tone="error" live="assertive" testId="load-error">
      <p>{t('common.loadError')}</p>
      {onRetry ? <Button variant="secondary" inline onClick={onRetry}>{t('common.retry')}</Button> : null}
    </Alert>
  );
}
