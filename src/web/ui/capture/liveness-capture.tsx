import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LivenessChallenge } from '../../../contract/liveness-session';
import { encodeImageFile, type EncodedImage } from '../../capture/encode-image';
import { pickedSelfieProblem, type SelfieProblem } from '../../capture/selfie-photo-check';
import { useCamera } from '../../capture-hooks/use-camera';
import { cameraWanted, type LivenessOutcome } from '../../capture-hooks/liveness-state';
import { useLiveness, useLivenessPhase } from '../../capture-hooks/use-liveness';
import { useCaptureTexts } from '../../i18n/use-capture-texts';
import { Alert } from '../alert';
import { Button } from '../button';
import { Screen } from '../screen';
import { Spinner } from '../spinner';
import { CameraFallback } from './camera-fallback';
import { CameraStage, LiveHint, PhotoPreview } from './camera-stage';
import { ContinueOnPhone } from './continue-on-phone';
import { FilePicker } from './file-picker';
import { ChallengeCue, ChallengeProgress, ScreenLight } from './liveness-cues';
import { SelfieFileError } from './selfie-file-error';

export interface LivenessCaptureProps {
  title: string;
  step?: { current: number; total: number };
  onBack?: () => void;
  /** Shown above the camera (e.g. why new photos are needed). */
  notice?: ReactNode;
  testId: string;
  noSizeConstraints?: boolean;
  /** `previousFailure`: why this device's judge refused the try before (for the service's trace). */
  requestChallenge: (previousFailure?: string) => Promise<LivenessChallenge>;
  /** A finished check, passed or (after the last try) failed: the flow uploads it. */
  onComplete: (outcome: LivenessOutcome) => void;
  /** The key lets people pick a selfie from a file (the session is then not live). */
  selfieUploadAllowed: boolean;
  onPickedSelfie: (image: EncodedImage) => void;
}

/**
 * The selfie with an active liveness check, shared by both flows: the face is placed in the
 * oval and the neutral photo is taken by itself, then two random actions (turn left or right,
 * blink) are asked and judged live. No camera, no models: another device, never a silent upload.
 */
export function LivenessCapture(props: LivenessCaptureProps) {
  const textsReady = useCaptureTexts();
  if (!textsReady) {
    return <Screen title={props.title} step={props.step} onBack={props.onBack} testId={props.testId}><Spinner label="" /></Screen>;
  }
  return <LivenessCaptureScreens {...props} />;
}

function LivenessCaptureScreens(props: LivenessCaptureProps) {
  const { t } = useTranslation('capture');
  const [fileError, setFileError] = useState<SelfieProblem | 'unreadable' | null>(null);
  const [picking, setPicking] = useState(false);
  const phaseState = useLivenessPhase();
  const phase = phaseState[0];
  // The camera opens at once (the models load meanwhile) and closes when no frame is wanted.
  const camera = useCamera('selfie', cameraWanted(phase), props.noSizeConstraints);
  const live = camera.state.kind === 'live';
  const liveness = useLiveness(phaseState, camera.videoRef, live, props.requestChallenge);
  const failed = camera.state.kind === 'failed' ? camera.state.error : null;

  const pick = async (file: File) => {
    setFileError(null);
    setPicking(true);
    try {
      const image = await encodeImageFile(file, 'selfie');
      const problem = await pickedSelfieProblem(image).catch((): 'unreadable' => 'unreadable');
      if (problem) setFileError(problem);
      else props.onPickedSelfie(image);
    } catch {
      setFileError('unreadable');
    } finally {
      setPicking(false);
    }
  };
  const picker = props.selfieUploadAllowed ? (
    <FilePicker label={t('liveness.uploadInstead')} onPick={(f) => void pick(f)} testId="upload-photo" />
  ) : null;
  const errors = fileError ? <SelfieFileError problem={fileError} unreadableText={t('liveness.fileUnreadable')} /> : null;
  const link = typeof window === 'undefined' ? '' : window.location.href;
  const screen = { title: props.title, step: props.step, onBack: props.onBack, testId: props.testId };

  if (picking) {
    return <Screen {...screen}><Spinner label={t('liveness.checkingPhoto')} /></Screen>;
  }

  if (phase.kind === 'passed') {
    return (
      <Screen {...screen} variant="camera" footer={
        <>
          <Button onClick={() => props.onComplete(phase.outcome)} data-testid="use-photo">{t('liveness.usePhoto')}</Button>
          <Button variant="secondary" onClick={liveness.tryAgain} data-testid="retake">{t('liveness.retake')}</Button>
        </>
      }>
        <Alert tone="success" live="polite" testId="liveness-passed">{t('liveness.passed')}</Alert>
        <SelfiePreview image={phase.outcome.selfie.blob} alt={t('liveness.previewAlt')} />
      </Screen>
    );
  }

  if (phase.kind === 'retry') {
    return (
      <Screen {...screen} footer={<Button onClick={liveness.tryAgain} data-testid="liveness-try-again">{t('liveness.tryAgain')}</Button>}>
        <div data-testid="liveness-retry" data-failure={phase.failure ?? ''}>
          <Alert tone="warning" live="assertive" title={t('liveness.retryTitle')}>
            {t(`liveness.failure.${phase.failure ?? 'timeout'}`)}
          </Alert>
          <p>{t('liveness.retryTips')}</p>
        </div>
      </Screen>
    );
  }

  if (phase.kind === 'failed') {
    const outcome = phase.outcome;
    return (
      <Screen {...screen} footer={outcome ? (
        <Button onClick={() => props.onComplete(outcome)} data-testid="liveness-continue">{t('liveness.continue')}</Button>
      ) : picker}>
        <div data-testid="liveness-failed">
          <Alert tone="error" live="assertive" title={t('liveness.failedTitle')}>{t('liveness.failedBody')}</Alert>
        </div>
        {outcome ? null : <ContinueOnPhone link={link} />}
        {errors}
      </Screen>
    );
  }

  if (phase.kind === 'models-failed') {
    return (
      <Screen {...screen} footer={
        <>
          <Button variant="secondary" onClick={liveness.reload} data-testid="retry-models">{t('liveness.retryModels')}</Button>
          {picker}
        </>
      }>
        <div data-testid="face-models-failed">
          <Alert tone="warning" live="assertive" title={t('liveness.modelsFailedTitle')}>{t('liveness.modelsFailedBody')}</Alert>
        </div>
        <ContinueOnPhone link={link} />
        {errors}
      </Screen>
    );
  }

  if (failed) {
    return (
      <Screen {...screen} footer={picker}>
        {props.notice}
        <CameraFallback error={failed} onRetry={camera.retry} alwaysSuggestPhone />
        {errors}
      </Screen>
    );
  }

  const hintText = phase.kind === 'loading' ? t('liveness.loading')
    : phase.kind === 'preparing' ? t('liveness.preparing')
      : phase.kind === 'challenge' ? t(`liveness.action.${phase.action}`)
        : liveness.hint ? t(`liveness.hint.${liveness.hint}`) : t('liveness.loading');
  const code = phase.kind === 'challenge' ? `action:${phase.action}` : (liveness.hint ?? phase.kind);
  return (
    <Screen {...screen} variant="camera">
      {liveness.lightColour ? <ScreenLight colour={liveness.lightColour} text={t('liveness.lightHold')} /> : null}
      {props.notice}
      <p>{t('liveness.tip')}</p>
      <CameraStage
        videoRef={camera.videoRef}
        overlay="oval"
        mirrored
        ready={phase.kind === 'position' ? liveness.hint === 'ready' : phase.kind === 'challenge'}
        analyseMs={liveness.analyseMs}
        label={props.title}
        status={camera.state.kind === 'starting' ? <Spinner label={t('liveness.opening')} /> : null}
      >
        {phase.kind === 'challenge' ? <ChallengeCue action={phase.action} progress={phase.progress} /> : null}
      </CameraStage>
      {phase.kind === 'challenge' ? (
        <>
          <ChallengeProgress current={phase.actionIndex + 1} total={phase.challenge.actions.length} progress={phase.progress} />
          <p className="visually-hidden" data-testid="liveness-instruction" data-action={phase.action}>{t(`liveness.action.${phase.action}`)}</p>
        </>
      ) : null}
      <LiveHint text={hintText} tone={phase.kind === 'challenge' || liveness.hint === 'ready' ? 'good' : liveness.hint ? 'warn' : 'neutral'} code={code} testId="face-hint" />
    </Screen>
  );
}

function SelfiePreview({ image, alt }: { image: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(image);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [image]);
  return url ? <PhotoPreview url={url} alt={alt} testId="photo-preview" /> : null;
}
