import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LivenessStatus } from '../../../../contract/hosted-company';
import { withRetry } from '../../../api/retry';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import { CompanyApiError } from '../api/api-error';
import type { CompanyApi } from '../api/company-api';
import styles from '../company.module.css';
import { PhotoPreview } from '../../../ui/capture/camera-stage';
import { LivenessCamera } from './liveness-camera';

export interface LivenessStepProps {
  api: Pick<CompanyApi, 'startLiveness' | 'uploadSelfie'>;
  status: LivenessStatus;
  required: boolean;
  representativeName: string | undefined;
  onStatus: (status: LivenessStatus) => void;
  onLinkClosed: (error: CompanyApiError) => void;
  onNext: () => void;
  onBack: () => void;
  position: { current: number; total: number } | undefined;
  nextLabel: string;
  /** A refused submit said the selfie is missing. */
  missing: boolean;
}

type Phase = 'intro' | 'camera' | 'preview' | 'sending';

const RETRY = { tries: 4, baseMs: 1000, capMs: 8000 };
const retryable = (e: unknown) => e instanceof CompanyApiError && e.retryable;

export function LivenessStep(props: LivenessStepProps) {
  const { t } = useTranslation('company');
  const [phase, setPhase] = useState<Phase>('intro');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const [error, setError] = useState<'send' | 'start' | null>(null);
  const skipWarning = props.missing;

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPhotoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const fail = (e: unknown, kind: 'send' | 'start') => {
    if (e instanceof CompanyApiError && e.linkClosed) props.onLinkClosed(e);
    setError(kind);
  };

  const start = async () => {
    setError(null);
    try {
      if (props.status === 'not_started') {
        const res = await withRetry(() => props.api.startLiveness(), { policy: RETRY, isRetryable: retryable });
        props.onStatus(res.livenessStatus);
      }
      setPhase('camera');
    } catch (e) {
      fail(e, 'start');
    }
  };

  const send = async () => {
    if (!photo) return;
    setPhase('sending');
    setError(null);
    try {
      await withRetry(() => props.api.uploadSelfie(photo), { policy: RETRY, isRetryable: retryable });
      setPhoto(null);
      setPhase('intro');
      props.onStatus('completed');
    } catch (e) {
      setPhase('preview');
      fail(e, 'send');
    }
  };

  if (phase === 'camera') {
    return (
      <LivenessCamera
        onPhoto={(blob) => {
          setPhoto(blob);
          setPhase('preview');
        }}
        onCancel={() => setPhase('intro')}
      />
    );
  }

  if ((phase === 'preview' || phase === 'sending') && photo) {
    return (
      <Screen
        title={t('liveness.previewTitle')}
        variant="camera"
        testId="company-liveness-preview"
        footer={
          <>
            <Button onClick={() => void send()} disabled={phase === 'sending'} data-testid="liveness-use-photo">
              {phase === 'sending' ? t('liveness.sending') : t('liveness.usePhoto')}
            </Button>
            <Button variant="secondary" disabled={phase === 'sending'} onClick={() => setPhase('camera')} data-testid="liveness-retake">
              {t('liveness.retake')}
            </Button>
          </>
        }
      >
        {photoUrl ? <PhotoPreview url={photoUrl} alt={t('liveness.previewAlt')} testId="liveness-photo" /> : null}
        {error === 'send' ? (
          <Alert tone="error" live="assertive" testId="liveness-error">
            {t('liveness.sendFailed')}
          </Alert>
        ) : null}
      </Screen>
    );
  }

  const done = props.status === 'completed';
  const canSkip = !props.required;
  return (
    <Screen
      title={done ? t('liveness.doneTitle') : t('liveness.title')}
      step={props.position}
      onBack={props.onBack}
      testId="company-liveness"
      footer={
        done ? (
          <Button onClick={props.onNext} data-testid="continue">
            {props.nextLabel}
          </Button>
        ) : (
          <>
            <Button onClick={() => void start()} data-testid="liveness-start">
              {t('liveness.start')}
            </Button>
            {canSkip ? (
              <Button variant="text" onClick={props.onNext} data-testid="liveness-skip">
                {t('liveness.skip')}
              </Button>
            ) : null}
          </>
        )
      }
    >
      {done ? (
        <Alert tone="success" testId="liveness-done">
          {t('liveness.doneBody')}
        </Alert>
      ) : (
        <>
          <p className={styles.lead}>{t('liveness.lead', { name: props.representativeName || t('liveness.you') })}</p>
          <ul className={styles.checklist}>
            <li>{t('liveness.tipLight')}</li>
            <li>{t('liveness.tipFace')}</li>
            <li>{t('liveness.tipAlone')}</li>
          </ul>
          {skipWarning && props.required ? (
            <Alert tone="error" live="assertive" testId="liveness-missing">
              {t('errors.livenessRequired')}
            </Alert>
          ) : null}
          {error === 'start' ? (
            <Alert tone="error" live="assertive" testId="liveness-error">
              {t('liveness.startFailed')}
            </Alert>
          ) : null}
        </>
      )}
    </Screen>
  );
}
