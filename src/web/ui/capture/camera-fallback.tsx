import { useTranslation } from 'react-i18next';
import type { CameraFailure } from '../../capture/camera';
import { isLikelyDesktop } from '../../capture/device';
import { isFramed } from '../../embed/parent-messages';
import { Alert } from '../alert';
import { ButtonLink, Button } from '../button';
import styles from './camera-fallback.module.css';
import { ContinueOnPhone } from './continue-on-phone';

/**
 * No camera, or none on a computer: a phone is the better way forward than hunting for a photo
 * file (denied on a phone is usually fixed in the settings, so it is not suggested there).
 */
export function suggestsPhone(error: CameraFailure, desktop: boolean): boolean {
  return error.kind === 'missing' || (desktop && error.kind === 'denied');
}

export interface CameraFallbackProps {
  error: CameraFailure;
  onRetry: () => void;
  /** Defaults to this browser's guess (capture/device.ts); tests pass it. */
  desktop?: boolean;
  /**
   * Always offer another device: the selfie's liveness check needs a live camera, so without
   * one here the way forward is a phone, not a photo file.
   */
  alwaysSuggestPhone?: boolean;
}

/** Why the camera is unavailable and the ways forward; the upload button sits in the footer. */
export function CameraFallback({ error, onRetry, desktop = isLikelyDesktop(), alwaysSuggestPhone = false }: CameraFallbackProps) {
  const { t } = useTranslation('common');
  const text = {
    denied: [t('camera.deniedTitle'), t('camera.deniedBody')],
    missing: [t('camera.missingTitle'), t('camera.missingBody')],
    'in-use': [t('camera.inUseTitle'), t('camera.inUseBody')],
    insecure: [t('camera.insecureTitle'), t('camera.insecureBody')],
    unknown: [t('camera.unknownTitle'), t('camera.unknownBody')],
  }[error.kind];
  const framed = typeof window !== 'undefined' && isFramed();
  return (
    <div className={styles.section} data-testid="camera-fallback" data-kind={error.kind}>
      <Alert tone="warning" live="assertive" title={text[0]}>
        {text[1]}
      </Alert>
      {/* A blocked iframe often works in a tab of its own. */}
      {framed && error.kind === 'denied' ? (
        <ButtonLink variant="secondary" href={window.location.href} target="_blank" rel="noopener">
          {t('camera.openNewTab')}
        </ButtonLink>
      ) : null}
      {error.kind === 'in-use' || error.kind === 'unknown' ? (
        <Button variant="secondary" onClick={onRetry} data-testid="retry-camera">
          {t('camera.retryCamera')}
        </Button>
      ) : null}
      {/* The link as opened: the processId in it is what the phone needs to carry on. */}
      {(alwaysSuggestPhone || suggestsPhone(error, desktop)) && typeof window !== 'undefined' ? <ContinueOnPhone link={window.location.href} /> : null}
    </div>
  );
}
