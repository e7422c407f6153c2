import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerName } from '../../../app/customer-name';
import { CheckIcon } from '../../../app/screens/closed-link-screen';
import { AUTO_REDIRECT_SECONDS } from '../../../embed/redirect';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';

export interface DoneStepProps {
  /** From the key's branding; may be empty. */
  companyName: string;
  /** The customer's redirect with verificationId and status added. */
  redirectUrl: string;
  onRedirect: (url: string) => void;
}

/**
 * Thank-you with a redirect: a Continue button, and an automatic redirect after a few seconds
 * that the person can stop (WCAG 2.2.1: timing adjustable).
 */
export function DoneStep({ companyName, redirectUrl, onRedirect }: DoneStepProps) {
  const { t } = useTranslation('individual');
  const { name, fix } = useCustomerName(companyName);
  const [left, setLeft] = useState(AUTO_REDIRECT_SECONDS);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped) return;
    if (left <= 0) {
      onRedirect(redirectUrl);
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, stopped, redirectUrl, onRedirect]);

  return (
    <Screen
      title={t('done.title')}
      testId="done-screen"
      footer={
        <>
          <Button onClick={() => onRedirect(redirectUrl)} data-testid="continue-redirect">
            {fix(t('done.continue', { name }))}
          </Button>
          {!stopped ? (
            <Button variant="text" onClick={() => setStopped(true)} data-testid="stay-here">
              {t('done.stay')}
            </Button>
          ) : null}
        </>
      }
    >
      <CheckIcon />
      <p>{fix(t('done.body', { name }))}</p>
      {stopped ? <p>{t('done.close')}</p> : <p data-testid="redirect-countdown">{fix(t('done.redirecting', { name, count: Math.max(0, left) }))}</p>}
    </Screen>
  );
}
