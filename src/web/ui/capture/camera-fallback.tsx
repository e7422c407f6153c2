import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraFailure } from '../../capture/camera';
import { isFramed } from '../../embed/parent-messages';
import { Alert } from '../alert';
import { ButtonLink, Button } from '../button';
import styles from './camera-fallback.module.css';

/** Why the camera is unavailable and the ways forward; the upload button sits in the footer. */
export function CameraFallback({ error, onRetry }: { error: CameraFailure; onRetry: () => void }) {
  const { t } = useTranslation('individual');
  const [copied, setCopied] = useState(false);
  const text = {
    denied: [t('capture.cameraDeniedTitle'), t('capture.cameraDeniedBody')],
    missing: [t('capture.cameraMissingTitle'), t('capture.cameraMissingBody')],
    'in-use': [t('capture.cameraInUseTitle'), t('capture.cameraInUseBody')],
    insecure: [t('capture.cameraInsecureTitle'), t('capture.cameraInsecureBody')],
    unknown: [t('capture.cameraUnknownTitle'), t('capture.cameraUnknownBody')],
  }[error.kind];
  const framed = typeof window !== 'undefined' && isFramed();
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  return (
    <div className={styles.section} data-testid="camera-fallback" data-kind={error.kind}>
      <Alert tone="warning" live="assertive" title={text[0]}>
        {text[1]}
      </Alert>
      {/* A blocked iframe often works in a tab of its own. */}
      {framed && error.kind === 'denied' ? (
        <ButtonLink variant="secondary" href={window.location.href} target="_blank" rel="noopener">
          {t('capture.openNewTab')}
        </ButtonLink>
      ) : null}
      {error.kind === 'missing' && canCopy ? (
        <Button
          variant="text"
          onClick={() => {
            void navigator.clipboard.writeText(window.location.href).then(() => setCopied(true), () => undefined);
          }}
        >
          {t('capture.copyLink')}
        </Button>
      ) : null}
      {copied ? <Alert tone="success" live="polite">{t('capture.copied')}</Alert> : null}
      {error.kind === 'in-use' || error.kind === 'unknown' ? (
        <Button variant="secondary" onClick={onRetry} data-testid="retry-camera">
          {t('capture.retryCamera')}
        </Button>
      ) : null}
    </div>
  );
}
