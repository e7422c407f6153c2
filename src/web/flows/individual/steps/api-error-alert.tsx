import { useTranslation } from 'react-i18next';
import type { HostedApiError } from '../../../api/errors';
import { Alert } from '../../../ui/alert';

/** A failed request, in plain words: what happened and what to do now. */
export function ApiErrorAlert({ error }: { error: HostedApiError }) {
  const { t } = useTranslation('common');
  const offline = error.kind === 'network' || error.kind === 'timeout';
  const busy = error.kind === 'rate_limited';
  return (
    <Alert tone="error" live="assertive" title={offline ? t('errors.networkTitle') : busy ? t('errors.busyTitle') : t('errors.genericTitle')} testId="api-error">
      {offline ? t('errors.networkBody') : busy ? t('errors.busyBody') : t('errors.genericBody')}
    </Alert>
  );
}
