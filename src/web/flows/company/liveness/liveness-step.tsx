import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LivenessStatus } from '../../../../contract/hosted-company';
import type { LivenessChallenge } from '../../../../contract/liveness-session';
import { withRetry } from '../../../api/retry';
import type { EncodedImage } from '../../../capture/encode-image';
import { ChallengeUnavailable } from '../../../capture-hooks/challenge-unavailable';
import type { LivenessOutcome } from '../../../capture-hooks/liveness-state';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { LivenessCapture } from '../../../ui/capture/liveness-capture';
import { Screen } from '../../../ui/screen';
import { Spinner } from '../../../ui/spinner';
import { CompanyApiError } from '../api/api-error';
import type { CompanyApi } from '../api/company-api';
import styles from '../company.module.css';
import { livenessDone } from './liveness-done';

export interface LivenessStepProps {
  api: Pick<CompanyApi, 'startLiveness' | 'uploadSelfie' | 'livenessChallenge' | 'submitLiveness'>;
  status: LivenessStatus;
  required: boolean;
  /** The key lets the representative pick a selfie from a file (then not live). */
  selfieUploadAllowed: boolean;
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

type Phase = 'intro' | 'camera' | 'sending';
type Upload = { kind: 'liveness'; outcome: LivenessOutcome } | { kind: 'file'; image: EncodedImage };

const RETRY = { tries: 4, baseMs: 1000, capMs: 8000 };
const retryable = (e: unknown) => e instanceof CompanyApiError && e.retryable;

/** The representative's liveness: the same selfie-with-challenge screen as the individual flow. */
export function LivenessStep(props: LivenessStepProps) {
  const { t } = useTranslation('company');
  const [phase, setPhase] = useState<Phase>('intro');
  const [error, setError] = useState<'send' | 'start' | null>(null);
  const [pendingUpload, setPendingUpload] = useState<Upload | null>(null);

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

  const requestChallenge = async (previousFailure?: string): Promise<LivenessChallenge> => {
    try {
      return await props.api.livenessChallenge(previousFailure);
    } catch (e) {
      const exhausted = e instanceof CompanyApiError && e.code === 'liveness_attempts_exhausted';
      // No try left: the service has ended the step as failed; the form goes on without it.
      if (exhausted) {
        setPhase('intro');
        props.onStatus('failed');
      }
      throw new ChallengeUnavailable(exhausted);
    }
  };

  const send = async (upload: Upload) => {
    setPendingUpload(upload);
    setPhase('sending');
    setError(null);
    try {
      const res = await withRetry(() => (upload.kind === 'liveness'
        ? props.api.submitLiveness({
          result: upload.outcome.result, selfie: upload.outcome.selfie.blob, frames: upload.outcome.evidence.map((e) => e.blob),
        })
        : props.api.uploadSelfie(upload.image.blob)), { policy: RETRY, isRetryable: retryable });
      setPendingUpload(null);
      setPhase('intro');
      props.onStatus(res.livenessStatus);
    } catch (e) {
      setPhase('intro');
      fail(e, 'send');
    }
  };

  if (phase === 'camera') {
    return (
      <LivenessCapture
        title={t('liveness.cameraTitle')}
        onBack={() => setPhase('intro')}
        testId="company-liveness-camera"
        requestChallenge={requestChallenge}
        onComplete={(outcome) => void send({ kind: 'liveness', outcome })}
        selfieUploadAllowed={props.selfieUploadAllowed}
        onPickedSelfie={(image) => void send({ kind: 'file', image })}
      />
    );
  }

  if (phase === 'sending') {
    return (
      <Screen title={t('liveness.cameraTitle')} testId="company-liveness-sending">
        <Spinner label={t('liveness.sending')} />
      </Screen>
    );
  }

  const done = livenessDone(props.status);
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
        ) : pendingUpload && error === 'send' ? (
          <Button onClick={() => void send(pendingUpload)} data-testid="liveness-send-again">
            {t('liveness.sendAgain')}
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
        <Alert tone={props.status === 'passed' ? 'success' : 'info'} testId="liveness-done" >
          <span data-status={props.status}>{props.status === 'passed' ? t('liveness.doneBody') : t('liveness.doneNotConfirmed')}</span>
        </Alert>
      ) : (
        <>
          <p className={styles.lead}>{t('liveness.lead', { name: props.representativeName || t('liveness.you') })}</p>
          <ul className={styles.checklist}>
            <li>{t('liveness.tipLight')}</li>
            <li>{t('liveness.tipFace')}</li>
            <li>{t('liveness.tipAlone')}</li>
          </ul>
          {props.missing && props.required ? (
            <Alert tone="error" live="assertive" testId="liveness-missing">
              {t('errors.livenessRequired')}
            </Alert>
          ) : null}
          {error ? (
            <Alert tone="error" live="assertive" testId="liveness-error">
              {error === 'start' ? t('liveness.startFailed') : t('liveness.sendFailed')}
            </Alert>
          ) : null}
        </>
      )}
    </Screen>
  );
}
