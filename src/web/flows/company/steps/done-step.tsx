import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_REDIRECT_SECONDS, buildRedirectUrl, navigateTo } from '../../../embed/redirect';
import { ButtonLink } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import { CheckIcon } from '../../../app/screens/closed-link-screen';
import { useCustomerName } from '../../../app/customer-name';

export interface DoneStepProps {
  companyName: string;
  redirect: string | null;
  verificationId: string;
  status: string;
}

/** Submitted: says what happens next; goes back to the customer's site when a redirect is set. */
export function DoneStep({ companyName, redirect, verificationId, status }: DoneStepProps) {
  const { t } = useTranslation('company');
  const { name, fix } = useCustomerName(companyName);
  const target = buildRedirectUrl(redirect, verificationId, status);
  const [seconds, setSeconds] = useState(AUTO_REDIRECT_SECONDS);

  useEffect(() => {
    if (!target) return;
    if (seconds <= 0) {
      navigateTo(target);
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [target, seconds]);

  return (
    <Screen
      title={t('done.title')}
      testId="company-done"
      footer={
        target ? (
          <ButtonLink href={target} data-testid="done-redirect">
            {fix(t('done.back', { name }))}
          </ButtonLink>
        ) : undefined
      }
    >
      <CheckIcon />
      <p>{fix(t('done.body', { name }))}</p>
      <p>{fix(t('done.next', { name }))}</p>
      {target ? (
        <p>
          {fix(t('done.redirecting', { count: Math.max(seconds, 0), name }))}
        </p>
      ) : (
        <p>{t('done.close')}</p>
      )}
    </Screen>
  );
}
