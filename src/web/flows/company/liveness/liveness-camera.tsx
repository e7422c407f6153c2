// The representative's selfie camera. Built from the shared capture hooks and stage
// (camera, face guidance with a steadied hint, photo capture, fallbacks), as the brief asks:
// one selfie experience for both flows. Adds auto-capture once the face is steadily ready.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaceHint } from '../../../capture/face-guidance';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import { Spinner } from '../../../ui/spinner';
import { useCamera } from '../../../capture-hooks/use-camera';
import { useFaceGuidance } from '../../../capture-hooks/use-face-guidance';
import { usePhotoCapture } from '../../../capture-hooks/use-photo-capture';
import { CameraFallback } from '../../../ui/capture/camera-fallback';
import { CameraStage, LiveHint } from '../../../ui/capture/camera-stage';
import { FilePicker } from '../../../ui/capture/file-picker';
import { SelfieFileError } from '../../../ui/capture/selfie-file-error';
import { pickedSelfieProblem } from '../../../capture/selfie-photo-check';

export interface LivenessCameraProps {
  onPhoto: (photo: Blob) => void;
  onCancel: () => void;
}

const HINT_KEYS = {
  'no-face': 'liveness.hints.noFace',
  'multiple-faces': 'liveness.hints.multipleFaces',
  'too-far': 'liveness.hints.tooFar',
  'too-close': 'liveness.hints.tooClose',
  'off-centre': 'liveness.hints.offCentre',
  'hold-still': 'liveness.hints.holdStill',
  ready: 'liveness.hints.ready',
} as const satisfies Record<FaceHint, string>;

export function LivenessCamera({ onPhoto, onCancel }: LivenessCameraProps) {
  const { t } = useTranslation('company');
  // A picked selfie meets the live camera's face rules too (the gate has no way around it).
  const capture = usePhotoCapture('selfie', 'camera', { checkFile: pickedSelfieProblem });
  const camera = useCamera('selfie', capture.mode === 'camera' || capture.mode === 'processing');
  const live = capture.mode === 'camera' && camera.state.kind === 'live';
  const guidance = useFaceGuidance(camera.videoRef, live);
  const failed = camera.state.kind === 'failed' ? camera.state.error : null;
  const { mode, shoot, take, pending } = capture;

  // Auto-capture: the steadied hint and the latest frame both say "ready" (never when unguided).
  useEffect(() => {
    const video = camera.videoRef.current;
    if (live && mode === 'camera' && guidance.canShoot && !guidance.unguided && video) void shoot(video);
  }, [live, mode, guidance.canShoot, guidance.unguided, shoot, camera.videoRef]);

  // A shot or a picked file is ready: the step shows the preview and sends it.
  useEffect(() => {
    if (mode === 'preview' && pending) {
      const image = take();
      if (image) onPhoto(image.blob);
    }
  }, [mode, pending, take, onPhoto]);

  const pick = (file: File) => void capture.pickFile(file, 'camera');
  const shutter = () => {
    const video = camera.videoRef.current;
    if (video && guidance.canShoot) void shoot(video);
  };
  const hintText = guidance.unguided
    ? t('liveness.hints.manual')
    : guidance.hint
      ? t(HINT_KEYS[guidance.hint])
      : live
        ? t('liveness.hints.loading')
        : '';

  return (
    <Screen
      title={failed ? t('liveness.cameraFailedTitle') : t('liveness.cameraTitle')}
      onBack={onCancel}
      variant="camera"
      testId="company-liveness-camera"
      footer={
        // Upload only when the camera cannot be used: with a live camera the selfie is taken live.
        failed ? (
          <FilePicker label={t('liveness.uploadInstead')} variant="primary" onPick={pick} testId="liveness-upload" />
        ) : (
          <Button onClick={shutter} disabled={!live || !guidance.canShoot} data-testid="liveness-shutter">
            {t('liveness.takePhoto')}
          </Button>
        )
      }
    >
      {failed ? (
        <>
          <CameraFallback error={failed} onRetry={camera.retry} />
          <p>{t('liveness.cameraOtherDevice')}</p>
        </>
      ) : (
        <>
          <CameraStage
            videoRef={camera.videoRef}
            overlay="oval"
            mirrored
            ready={guidance.hint === 'ready'}
            flash={capture.flash}
            label={t('liveness.cameraTitle')}
            status={
              mode === 'processing' ? <Spinner label={t('liveness.capturing')} />
                : camera.state.kind === 'starting' ? <Spinner label={t('liveness.opening')} /> : null
            }
          />
          <LiveHint
            text={hintText}
            tone={guidance.hint === 'ready' ? 'good' : guidance.hint ? 'warn' : 'neutral'}
            code={guidance.unguided ? 'unguided' : (guidance.hint ?? 'loading')}
            testId="liveness-hint"
          />
        </>
      )}
      {capture.fileError ? <SelfieFileError problem={capture.fileError} unreadableText={t('liveness.photoUnreadable')} /> : null}
    </Screen>
  );
}
