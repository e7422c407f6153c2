import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostedSession } from '../../../../contract/hosted-individual';
import { HostedApiError } from '../../../api/errors';
import { useCustomerName } from '../../../app/customer-name';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import { ApiErrorAlert } from './api-error-alert';
import styles from './steps.module.css';

export interface WelcomeStepProps {
  session: HostedSession;
  /** Records consent (POST …/start) and moves on; rejects with a HostedApiError. */
  onStart: () => Promise<void>;
}

/** What you need, how long, who sees your data; an explicit consent before anything happens. */
export function WelcomeStep({ session, onStart }: WelcomeStepProps) {
  const { t, i18n } = useTranslation('individual');
  const [consent, setConsent] = useState(false);
  const [showConsentError, setShowConsentError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<HostedApiError | null>(null);
  const consentId = useId();
  const { name, fix } = useCustomerName(session.branding.name);
  const privacyUrl = safeHttpUrl(session.branding.privacyPolicyUrl);
  const expires = formatDate(session.expiresAt, i18n.language);

  const start = async () => {
    if (!consent) {
      setShowConsentError(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onStart();
    } catch (e) {
      setError(e instanceof HostedApiError ? e : new HostedApiError('unknown', null, String(e)));
      setBusy(false);
    }
  };

  return (
    <Screen
      title={t('welcome.title')}
      testId="welcome-screen"
      footer={
        <Button onClick={start} disabled={busy} aria-describedby={showConsentError && !consent ? `${consentId}-error` : undefined} data-testid="start-button">
          {t('welcome.start')}
        </Button>
      }
    >
      <p>{fix(t('welcome.intro', { name }))}</p>
      <div className={styles.section}>
        <h2 className={styles.subtitle}>{t('welcome.needTitle')}</h2>
        <ul className={styles.list}>
          <li>{t('welcome.needId')}</li>
          <li>{t('welcome.needLight')}</li>
          <li>{t('welcome.needCamera')}</li>
        </ul>
      </div>
      <div className={styles.section}>
        <h2 className={styles.subtitle}>{t('welcome.privacyTitle')}</h2>
        <p>{fix(t('welcome.privacyBody', { name }))}</p>
        {privacyUrl ? (
          <p>
            <a href={privacyUrl} target="_blank" rel="noopener noreferrer" data-testid="privacy-link">
              {fix(t('welcome.privacyLink', { name }))}
              <span className="visually-hidden"> {t('welcome.newTab')}</span>
            </a>
          </p>
        ) : null}
      </div>
      <label className={styles.consent} htmlFor={consentId}>
        <input
          id={consentId}
          type="checkbox"
          checked={consent}
          onChange={(e) => {
            setConsent(e.target.checked);
            if (e.target.checked) setShowConsentError(false);
          }}
          aria-invalid={showConsentError && !consent}
          aria-describedby={showConsentError && !consent ? `${consentId}-error` : undefined}
          data-testid="consent-checkbox"
        />
        <span>{t('welcome.consent')}</span>
      </label>
      {showConsentError && !consent ? (
        <div id={`${consentId}-error`}>
          <Alert tone="error" live="assertive">
            {t('welcome.consentNeeded')}
          </Alert>
        </div>
      ) : null}
      {error ? <ApiErrorAlert error={error} /> : null}
      {expires ? <p className={styles.muted}>{t('welcome.expires', { date: expires })}</p> : null}
    </Screen>
  );
}

function safeHttpUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

function formatDate(iso: string, language: string): string | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(d);
}
