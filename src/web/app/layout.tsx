import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyAccent } from './branding';
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
 * main landmark. Applies the accent colour and the page title while mounted.
 */
export function AppLayout({ branding, testMode, children }: AppLayoutProps) {
  const { t } = useTranslation('common');
  const [logoFailed, setLogoFailed] = useState(false);
  const name = branding?.name ?? '';
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
          <div className={styles.brand}>
            {logo ? (
              // A logo the CSP or network blocks falls back to the name alone.
              <img className={styles.logo} src={logo} alt={t('logoAlt', { name })} onError={() => setLogoFailed(true)} referrerPolicy="no-referrer" />
            ) : null}
            <span className={styles.name} aria-hidden={logo ? true : undefined}>
              {name}
            </span>
          </div>
        ) : (
          <div className={styles.brand}>{t('appTitle')}</div>
        )}
        {testMode ? (
          <span className={styles.badge} data-testid="test-mode-badge">
            {t('testMode')}
          </span>
        ) : null}
      </header>
      <main className={styles.main} id="main" aria-label={t('mainLabel')}>
        {children}
      </main>
    </>
  );
}
