import { useTranslation } from 'react-i18next';
import type { HostedApiError } from '../../../api/errors';
import { errorTextKeys } from '../../../i18n/error-texts';
import { Alert } from '../../../ui/alert';

/** A failed request, in plain words: what happened and what to do now. */
export function ApiErrorAlert({ error }: { error: HostedApiError }) {
  const { t } = useTranslation('common');
  const keys = errorTextKeys(error.kind);
  return (
    <Alert tone="error" live="assertive" title={t(keys.title)} testId="api-error">
      {t(keys.body)}
    </Alert>
  );
}
