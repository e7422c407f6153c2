import { useTranslation } from 'react-i18next';
import type { HostedSession } from '../../../contract/hosted-individual';
import { Screen } from '../../ui/screen';
import { useCustomerName } from '../customer-name';
import styles from './screens.module.css';

export type ClosedReason = NonNullable<HostedSession['closedReason']>;

/** Each closed state says what happened and what to do now. `companyName` may be empty. */
export function ClosedLinkScreen({ reason, companyName, livenessExhausted = false }: { reason: ClosedReason; companyName: string; livenessExhausted?: boolean }) {
  const { t } = useTranslation('individual');
  const { name, fix } = useCustomerName(companyName);
  const text: Record<ClosedReason, [string, string, string]> = {
    cancelled: [t('link.cancelledTitle'), t('link.cancelledBody', { name }), t('link.cancelledAction', { name })],
    abandoned: [t('link.abandonedTitle'), t('link.abandonedBody'), t('link.abandonedAction', { name })],
    failed: [t('link.failedTitle'), livenessExhausted ? t('link.livenessExhaustedBody') : t('link.failedBody'), t('link.failedAction', { name })],
    successful: [t('link.successfulTitle'), t('link.successfulBody'), t('link.successfulAction')],
    expired: [t('link.expiredTitle'), t('link.expiredBody'), t('link.expiredAction', { name })],
  };
  const [title, body, action] = text[reason];
  return (
    <Screen title={title} testId={`closed-link-screen`}>
      {reason === 'successful' ? <CheckIcon /> : null}
      <p data-testid="closed-reason" data-reason={reason} data-liveness-exhausted={livenessExhausted ? 'true' : undefined}>
        {fix(body)}
      </p>
      <p>
        <strong>{fix(action)}</strong>
      </p>
    </Screen>
  );
}

export function CheckIcon() {
  return (
    <svg className={`${styles.icon} ${styles.success}`} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="10" />
      <path d="M7 12.5l3.2 3.2L17 9" />
    </svg>
  );
}
