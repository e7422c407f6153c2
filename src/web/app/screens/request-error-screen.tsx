import { useTranslation } from 'react-i18next';
import type { ApiErrorKind } from '../../api/errors';
import { Button } from '../../ui/button';
import { Screen } from '../../ui/screen';

/** The session could not be loaded for a reason that may pass: says so and offers a retry. */
export function RequestErrorScreen({ kind, onRetry }: { kind: ApiErrorKind; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const offline = kind === 'network' || kind === 'timeout';
  const busy = kind === 'rate_limited';
  const title = offline ? t('errors.networkTitle') : busy ? t('errors.busyTitle') : t('errors.genericTitle');
  const body = offline ? t('errors.networkBody') : busy ? t('errors.busyBody') : t('errors.genericBody');
  return (
    <Screen title={title} testId="request-error-screen" footer={<Button onClick={onRetry}>{t('tryAgain')}</Button>}>
      <p>{body}</p>
    </Screen>
  );
}
