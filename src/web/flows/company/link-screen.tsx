import { useTranslation } from 'react-i18next';
import { RequestErrorScreen } from '../../app/screens/request-error-screen';
import { CheckIcon } from '../../app/screens/closed-link-screen';
import { Screen } from '../../ui/screen';
import type { CompanyApiErrorCode } from './api/api-error';
import type { LinkScreen } from './link-state';
import { useCustomerName } from '../../app/customer-name';

export interface LinkScreenProps {
  screen: LinkScreen;
  /** Customer's name when the session could be read; links that fail early have none. */
  companyName: string | null;
  /** For `unavailable`: what went wrong, and a retry. */
  errorCode?: CompanyApiErrorCode;
  onRetry: () => void;
}

/** One screen per state of a link that cannot be filled in; each says what to do now. */
export function CompanyLinkScreen({ screen, companyName, errorCode, onRetry }: LinkScreenProps) {
  const { t } = useTranslation('company');
  const { name, fix } = useCustomerName(companyName);
  if (screen === 'unavailable') {
    const kind = errorCode === 'network' ? 'network' : errorCode === 'rate_limited' ? 'rate_limited' : 'server';
    return <RequestErrorScreen kind={kind} onRetry={onRetry} />;
  }
  const key = {
    'invalid-link': 'invalidLink',
    'not-found': 'notFound',
    expired: 'expired',
    abandoned: 'abandoned',
    submitted: 'submitted',
    'under-review': 'underReview',
    successful: 'successful',
    failed: 'failed',
  }[screen] as 'invalidLink';
  const good = screen === 'submitted' || screen === 'under-review' || screen === 'successful';
  return (
    <Screen title={t(`link.${key}.title`)} testId={`company-link-${screen}`}>
      {good ? <CheckIcon /> : null}
      <p data-testid="company-link-body">{fix(t(`link.${key}.body`, { name }))}</p>
      <p>
        <strong>{fix(t(`link.${key}.action`, { name }))}</strong>
      </p>
    </Screen>
  );
}
