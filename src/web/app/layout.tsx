import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../ui/language-picker';
import { applyAccent } from './branding';
import { useCustomerName } from './customer-name';
import styles from './layout.module.css';

export interface LayoutBranding {
  name: string;
  logoUrl: string | null;
  accentColor: string | null;
}

export interface AppLayoutProps {
  branding?: LayoutBranding | null;
  testMode?: boolean;
  children: ReactNode;
}

/**
 * Banner with the customer's name and logo (who is asking: the first trust signal), then the
 * main landmark. Applies the accent colour and the page title while mounted. Without a branding
 * name the banner and title say the neutral app title (a logo then gets the neutral phrase).
 */
export function AppLayout({ branding, testMode, children }: AppLayoutProps) {
  const { t } = useTranslation('common');
  const [logoFailed, setLogoFailed] = useState(false);
  const customer = useCustomerName(branding?.name);
  const name = customer.missing ? '' : customer.name;
  const accent = branding?.accentColor ?? null;

  useEffect(() => {
    applyAccent(accent);
    return () => applyAccent(null);
  }, [accent]);

  useEffect(() => {
    document.title = name ? t('titleFor', { name }) : t('appTitle');
  }, [name, t]);

  const logo = branding?.logoUrl && !logoFailed ? branding.logoUrl : null;
  return (
    <>
      <header className={styles.header} data-testid="app-header">
        {branding ? (
          <div className={styles.brand} data-testid="app-brand">
            {logo ? (
              // A logo the CSP or network blocks falls back to the name alone.
              <img className={styles.logo} src={logo} alt={name ? t('logoAlt', { name }) : customer.fix(customer.name)} onError={() => setLogoFailed(true)} referrerPolicy="no-referrer" />
            ) : null}
            <span className={styles.name} aria-hidden={logo && name ? true : undefined}>
              {name || t('appTitle')}
            </span>
          </div>
        ) : (
          <div className={styles.brand} data-testid="app-brand">{t('appTitle')}</div>
        )}
        <div className={styles.tools}>
          {testMode ? (
            <span className={styles.badge} data-testid="test-mode-badge">
              {t('testMode')}
            </span>
          ) : null}
          <LanguagePicker />
        </div>
      </header>
      <main className={styles.main} id="main" aria-label={t('mainLabel')}>
        {children}
      </main>
    </>
  );
}
