import { useTranslation } from 'react-i18next';
import type { CampaignDefinition } from '../../../../contract/campaign';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import styles from '../company.module.css';
import type { SectionStep } from '../company.flow';
import { useCustomerName } from '../../../app/customer-name';

export interface WelcomeStepProps {
  campaign: CampaignDefinition;
  sections: readonly SectionStep[];
  /** From the key's branding; may be empty. */
  companyName: string;
  privacyPolicyUrl: string | null;
  expiresAt: string;
  onStart: () => void;
}

/** What it is, who asks, what to have at hand, how long; consent by the one primary action. */
export function WelcomeStep({ campaign, sections, companyName, privacyPolicyUrl, expiresAt, onStart }: WelcomeStepProps) {
  const { t, i18n } = useTranslation('company');
  const { name, missing, fix } = useCustomerName(companyName);
  const needs: string[] = [t('welcome.needBusiness')];
  if (sections.includes('representative')) needs.push(t('welcome.needId'));
  if (sections.includes('documents') && campaign.documents.length > 0) needs.push(t('welcome.needDocuments'));
  if (sections.includes('ownership')) needs.push(t('welcome.needOwners'));
  if (sections.includes('liveness')) needs.push(t('welcome.needSelfie'));
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(expiresAt));

  return (
    <Screen
      title={missing ? t('welcome.titleNoName') : t('welcome.title', { name })}
      testId="company-welcome"
      footer={
        <Button onClick={onStart} data-testid="welcome-start">
          {t('welcome.start')}
        </Button>
      }
    >
      <p className={styles.lead}>{fix(t('welcome.lead', { name }))}</p>
      <h2 className={styles.sectionTitle}>{t('welcome.needTitle')}</h2>
      <ul className={styles.checklist}>
        {needs.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <p>{t('welcome.time')}</p>
      <p>{t('welcome.resume', { date: until })}</p>
      <h2 className={styles.sectionTitle}>{t('welcome.privacyTitle')}</h2>
      <p>{fix(t('welcome.privacy', { name }))}</p>
      {privacyPolicyUrl ? (
        <p>
          <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
            {fix(t('welcome.privacyLink', { name }))}
          </a>
        </p>
      ) : null}
      <p className={styles.lead}>{fix(t('welcome.consent', { name }))}</p>
    </Screen>
  );
}
