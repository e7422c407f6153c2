import { useTranslation } from 'react-i18next';
import type { EncodedImage } from '../../../capture/encode-image';
import type { FaceHint } from '../../../capture/face-guidance';
import { pickedSelfieProblem } from '../../../capture/selfie-photo-check';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import { Spinner } from '../../../ui/spinner';
import { useCamera } from '../../../capture-hooks/use-camera';
import { useFaceGuidance } from '../../../capture-hooks/use-face-guidance';
import { usePhotoCapture } from '../../../capture-hooks/use-photo-capture';
import { CameraFallback } from '../../../ui/capture/camera-fallback';
import { CameraStage, LiveHint, PhotoPreview, StageTip } from '../../../ui/capture/camera-stage';
import { FilePicker } from '../../../ui/capture/file-picker';
import { SelfieFileError } from '../../../ui/capture/selfie-file-error';
import { ResubmissionNotice } from './capture-notices';

export interface SelfieStepProps {
  step: { current: number; total: number };
  confirmedUrl: string | null;
  serverHas: boolean;
  resubmission: boolean;
  /** What the specialist asked to fix, when they said. */
  resubmissionReason?: string | null;
  retake: boolean;
  noSizeConstraints: boolean;
  onConfirm: (image: EncodedImage) => void;
  onContinue: () => void;
  onBack?: () => void;
}

const hintTone = (hint: FaceHint) => (hint === 'ready' ? 'good' : 'warn');

export function SelfieStep(props: SelfieStepProps) {
  const { step, confirmedUrl, serverHas, onConfirm, onContinue, onBack } = props;
  const { t } = useTranslation('individual');
  const capture = usePhotoCapture('selfie', (confirmedUrl || serverHas) && !props.retake ? 'have' : 'camera', { checkFile: pickedSelfieProblem });
  const camera = useCamera('selfie', capture.mode === 'camera', props.noSizeConstraints);
  const live = capture.mode === 'camera' && camera.state.kind === 'live';
  const guidance = useFaceGuidance(camera.videoRef, live);
  const failed = capture.mode === 'camera' && camera.state.kind === 'failed' ? camera.state.error : null;
  const title = capture.mode === 'preview' ? t('selfie.previewTitle') : t('selfie.title');
  const pick = (file: File) => void capture.pickFile(file, capture.mode);
  const testId = 'selfie-screen';

  if (capture.mode === 'have') {
    return (
      <Screen title={title} step={step} onBack={onBack} testId={testId} footer={
        <>
          <Button onClick={onContinue} data-testid="continue-existing">{t('document.continue')}</Button>
          <Button variant="secondary" onClick={capture.retake} data-testid="take-again">{t('capture.takeAgain')}</Button>
        </>
      }>
        {confirmedUrl ? <PhotoPreview url={confirmedUrl} alt={t('selfie.previewAlt')} testId="confirmed-photo" /> : null}
        <p data-testid="already-have">{t('capture.alreadyHave')}</p>
      </Screen>
    );
  }

  if (capture.mode === 'preview' && capture.pending) {
    return (
      <Screen title={title} step={step} onBack={onBack} testId={testId} variant="camera" footer={
        <>
          <Button onClick={() => { const image = capture.take(); if (image) onConfirm(image); }} data-testid="use-photo">{t('capture.usePhoto')}</Button>
          <Button variant="secondary" onClick={() => { guidance.reset(); capture.retake(); }} data-testid="retake">{t('capture.retake')}</Button>
        </>
      }>
        <PhotoPreview url={capture.pending.url} alt={t('selfie.previewAlt')} testId="photo-preview" />
        <StageTip>{t('selfie.previewTip')}</StageTip>
      </Screen>
    );
  }

  if (capture.mode === 'processing' && !capture.flash) {
    return (
      <Screen title={title} step={step} testId={testId}>
        <Spinner label={t('capture.processing')} />
      </Screen>
    );
  }

  const shoot = () => {
    const video = camera.videoRef.current;
    if (video && guidance.canShoot) void capture.shoot(video);
  };
  const hintText = guidance.unguided ? t('selfie.detectorFailed')
    : guidance.hint ? t(`selfie.hint.${guidance.hint}`)
      : live ? t('selfie.loadingDetector') : '';
  // The selfie gate: the shutter needs one well-placed face (or a detector that failed), and a
  // file may be picked only when the camera cannot be used, where it gets the same face check.
  return (
    <Screen title={title} step={step} onBack={onBack} testId={testId} variant="camera" footer={
      failed ? (
        <FilePicker label={t('capture.uploadPrimary')} variant="primary" onPick={pick} testId="upload-photo" />
      ) : (
        <Button onClick={shoot} disabled={!live || !guidance.canShoot || capture.mode === 'processing'} data-testid="shutter">
          {t('capture.takePhoto')}
        </Button>
      )
    }>
      {props.resubmission ? <ResubmissionNotice reason={props.resubmissionReason ?? null} /> : null}
      {failed ? (
        <CameraFallback error={failed} onRetry={camera.retry} />
      ) : (
        <>
          <StageTip>{t('selfie.tip')}</StageTip>
          <CameraStage
            videoRef={camera.videoRef}
            overlay="oval"
            mirrored
            ready={guidance.hint === 'ready'}
            flash={capture.flash}
            label={title}
            status={capture.mode === 'processing' ? <Spinner label={t('capture.capturing')} />
              : camera.state.kind === 'starting' ? <Spinner label={t('capture.starting')} /> : null}
          />
          <LiveHint
            text={hintText}
            tone={guidance.hint ? hintTone(guidance.hint) : 'neutral'}
            code={guidance.unguided ? 'unguided' : (guidance.hint ?? 'loading')}
            testId="face-hint"
          />
        </>
      )}
      {capture.fileError ? <SelfieFileError problem={capture.fileError} unreadableText={t('capture.fileError')} /> : null}
    </Screen>
  );
}

export default SelfieStep;
