import { useTranslation } from 'react-i18next';
import type { ApiErrorKind } from '../../api/errors';
import { errorTextKeys } from '../../i18n/error-texts';
import { Button } from '../../ui/button';
import { Screen } from '../../ui/screen';

/** The session could not be loaded for a reason that may pass: says so and offers a retry. */
export function RequestErrorScreen({ kind, onRetry }: { kind: ApiErrorKind; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const keys = errorTextKeys(kind);
  const title = t(keys.title);
  const body = t(keys.body);
  return (
    <Screen title={title} testId="request-error-screen" footer={<Button onClick={onRetry}>{t('tryAgain')}</Button>}>
      <p>{body}</p>
    </Screen>
  );
}
