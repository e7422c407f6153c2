import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../alert';
import { Button } from '../button';
import styles from './camera-fallback.module.css';
import { QrCode } from './qr-code';

/**
 * "Continue on your phone": the link this page was opened with, as a QR code and a copy button.
 * The link is the capability the person already holds; the phone resumes from the server's state.
 */
export function ContinueOnPhone({ link }: { link: string }) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  return (
    <section className={styles.phone} data-testid="continue-on-phone" aria-labelledby="continue-on-phone-title">
      <h2 id="continue-on-phone-title" className={styles.phoneTitle}>{t('camera.phoneTitle')}</h2>
      <p>{t('camera.phoneBody')}</p>
      <QrCode text={link} label={t('camera.qrLabel')} testId="phone-qr" />
      {canCopy ? (
        <Button
          variant="secondary"
          data-testid="copy-link"
          onClick={() => {
            void navigator.clipboard.writeText(link).then(() => setCopied(true), () => undefined);
          }}
        >
          {t('camera.copyLink')}
        </Button>
      ) : null}
      {copied ? <Alert tone="success" live="polite">{t('camera.copied')}</Alert> : null}
    </section>
  );
}
