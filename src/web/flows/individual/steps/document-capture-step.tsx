import { useTranslation } from 'react-i18next';
import type { DocType } from '../../../../contract/individual';
import type { EncodedImage } from '../../../capture/encode-image';
import type { FrameQualityHint } from '../../../capture/frame-quality';
import { documentPhotoNotes } from '../../../capture/photo-notes';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import { Spinner } from '../../../ui/spinner';
import { useCamera } from '../../../capture-hooks/use-camera';
import { useFrameQuality } from '../../../capture-hooks/use-frame-quality';
import { usePhotoCapture } from '../../../capture-hooks/use-photo-capture';
import { CameraFallback } from '../../../ui/capture/camera-fallback';
import { CameraStage, LiveHint, PhotoPreview, StageTip } from '../../../ui/capture/camera-stage';
import { FilePicker } from '../../../ui/capture/file-picker';
import { PhotoNotes, ResubmissionNotice } from './capture-notices';

export interface DocumentCaptureStepProps {
  side: 'front' | 'back';
  docType: DocType;
  step: { current: number; total: number };
  /** Object URL of the photo this tab already confirmed for this side, if any. */
  confirmedUrl: string | null;
  /** The server already holds this side (from before a reload or another device). */
  serverHas: boolean;
  resubmission: boolean;
  /** What the specialist asked to fix, when they said. */
  resubmissionReason?: string | null;
  /** Open straight on the camera (a "Retake" from the review screen). */
  retake: boolean;
  noSizeConstraints: boolean;
  onConfirm: (image: EncodedImage) => void;
  onContinue: () => void;
  onBack?: () => void;
}

const qualityTone = (hint: FrameQualityHint) => (hint === 'ok' ? 'good' : 'warn');

export function DocumentCaptureStep(props: DocumentCaptureStepProps) {
  const { side, docType, step, confirmedUrl, serverHas, onConfirm, onContinue, onBack } = props;
  const { t } = useTranslation('individual');
  const capture = usePhotoCapture('document', (confirmedUrl || serverHas) && !props.retake ? 'have' : 'camera', { describe: documentPhotoNotes });
  const camera = useCamera('document', capture.mode === 'camera', props.noSizeConstraints);
  const live = capture.mode === 'camera' && camera.state.kind === 'live';
  const quality = useFrameQuality(camera.videoRef, live);
  const failed = capture.mode === 'camera' && camera.state.kind === 'failed' ? camera.state.error : null;

  const documentName = t(`capture.docName.${docType}`);
  const title = capture.mode === 'preview'
    ? t('capture.previewTitle')
    : side === 'back' ? t('capture.backTitle', { document: documentName })
      : docType === 'PASSPORT' ? t('capture.passportTitle') : t('capture.frontTitle', { document: documentName });
  const pick = (file: File) => void capture.pickFile(file, capture.mode);
  const testId = `document-${side}-screen`;

  if (capture.mode === 'have') {
    return (
      <Screen title={title} step={step} onBack={onBack} testId={testId} footer={
        <>
          <Button onClick={onContinue} data-testid="continue-existing">{t('document.continue')}</Button>
          <Button variant="secondary" onClick={capture.retake} data-testid="take-again">{t('capture.takeAgain')}</Button>
        </>
      }>
        {confirmedUrl ? <PhotoPreview url={confirmedUrl} alt={t('capture.previewAlt')} testId="confirmed-photo" /> : null}
        <p data-testid="already-have">{t('capture.alreadyHave')}</p>
      </Screen>
    );
  }

  if (capture.mode === 'preview' && capture.pending) {
    return (
      <Screen title={title} step={step} onBack={onBack} testId={testId} variant="camera" footer={
        <>
          <Button onClick={() => { const image = capture.take(); if (image) onConfirm(image); }} data-testid="use-photo">{t('capture.usePhoto')}</Button>
          <Button variant="secondary" onClick={capture.retake} data-testid="retake">{t('capture.retake')}</Button>
        </>
      }>
        <PhotoPreview url={capture.pending.url} alt={t('capture.previewAlt')} testId="photo-preview" />
        <StageTip>{t('capture.previewTip')}</StageTip>
        <PhotoNotes notes={capture.pending.notes} />
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
    if (video) void capture.shoot(video);
  };
  return (
    <Screen title={title} step={step} onBack={onBack} testId={testId} variant="camera" footer={
      failed ? (
        <FilePicker label={t('capture.uploadPrimary')} variant="primary" onPick={pick} testId="upload-photo" />
      ) : (
        <>
          <Button onClick={shoot} disabled={!live || capture.mode === 'processing'} data-testid="shutter">
            {t('capture.takePhoto')}
          </Button>
          <FilePicker label={t('capture.upload')} onPick={pick} testId="upload-photo" />
        </>
      )
    }>
      {props.resubmission ? <ResubmissionNotice reason={props.resubmissionReason ?? null} /> : null}
      {failed ? (
        <CameraFallback error={failed} onRetry={camera.retry} />
      ) : (
        <>
          <StageTip>{side === 'back' ? t('capture.backTip') : t('capture.frontTip')}</StageTip>
          <CameraStage
            videoRef={camera.videoRef}
            overlay={docType === 'PASSPORT' && side === 'front' ? 'passport' : 'card'}
            flash={capture.flash}
            label={title}
            status={capture.mode === 'processing' ? <Spinner label={t('capture.capturing')} />
              : camera.state.kind === 'starting' ? <Spinner label={t('capture.starting')} /> : null}
          />
          {/* Always rendered: the hint's space is kept, and the live region exists before it speaks. */}
          <LiveHint text={quality ? t(`capture.hint.${quality}`) : ''} tone={quality ? qualityTone(quality) : 'neutral'} code={quality ?? 'none'} testId="quality-hint" />
        </>
      )}
      {capture.fileError ? <Alert tone="error" live="assertive" testId="file-error">{t('capture.fileError')}</Alert> : null}
    </Screen>
  );
}

export default DocumentCaptureStep;
