import { useTranslation } from 'react-i18next';
import type { Decision } from '../../../contract/statuses';
import { ButtonLink } from '../../ui/button';
import { Screen } from '../../ui/screen';
import { useCustomerName } from '../customer-name';
import { CheckIcon } from './closed-link-screen';

export interface StatusScreenProps {
  /** From the key's branding; may be empty. */
  companyName: string;
  decision: Decision | null;
  /** Submitted from this page a moment ago: thank first. */
  justSubmitted: boolean;
  /** Where "Continue" goes (the customer's redirect with our parameters), if any. */
  continueUrl: string | null;
}

/**
 * A submitted session waiting for its decision. The runner polls and swaps this screen for the
 * outcome (closed link screen) or for the capture steps (resubmission) when it comes.
 */
export function StatusScreen({ companyName, decision, justSubmitted, continueUrl }: StatusScreenProps) {
  const { t } = useTranslation('individual');
  const { name, fix } = useCustomerName(companyName);
  return (
    <Screen
      title={justSubmitted ? t('done.title') : t('status.checkingTitle')}
      testId="status-screen"
      footer={continueUrl ? <ButtonLink href={continueUrl} data-testid="continue-redirect">{fix(t('done.continue', { name }))}</ButtonLink> : undefined}
    >
      {justSubmitted ? <CheckIcon /> : null}
      {justSubmitted ? <p>{fix(t('done.body', { name }))}</p> : null}
      <p data-testid="status-text" data-decision={decision ?? ''}>
        {decision === 'review' ? t('status.reviewBody') : fix(t('status.checkingBody', { name }))}
      </p>
      <p className="visually-hidden">{t('status.lastChecked')}</p>
    </Screen>
  );
}
