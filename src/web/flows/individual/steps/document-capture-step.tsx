import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocType } from '../../../../contract/document';
import type { DocumentHint } from '../../../../vision/document/types';
import { checkDocumentCapture } from '../../../capture/document-photo-check';
import type { EncodedImage } from '../../../capture/encode-image';
import { blocksUse } from '../../../capture/photo-notes';
import { LoadingScreen } from '../../../app/screens/loading-screen';
import { useCaptureTexts } from '../../../i18n/use-capture-texts';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import { Spinner } from '../../../ui/spinner';
import { useCamera } from '../../../capture-hooks/use-camera';
import { useDocumentGuidance } from '../../../capture-hooks/use-document-guidance';
import { usePhotoCapture, type PhotoSource } from '../../../capture-hooks/use-photo-capture';
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
  /**
   * The back step: the front's photo this tab accepted. The camera waits for the card to be
   * turned over, and a photo showing the front again cannot be used. Null: not known here
   * (the server compares the sides anyway).
   */
  otherSide?: Blob | null;
  noSizeConstraints: boolean;
  onConfirm: (image: EncodedImage) => void;
  onContinue: () => void;
  onBack?: () => void;
}

const hintTone = (hint: DocumentHint) => (hint === 'ready' ? 'good' : 'warn');

export function DocumentCaptureStep(props: DocumentCaptureStepProps) {
  const textsReady = useCaptureTexts();
  if (!textsReady) return <LoadingScreen />;
  return <DocumentCaptureScreens {...props} />;
}

function DocumentCaptureScreens(props: DocumentCaptureStepProps) {
  const { side, docType, step, confirmedUrl, serverHas, onConfirm, onContinue, onBack } = props;
  const { t } = useTranslation('individual');
  const { t: tc } = useTranslation('capture');
  // Every side but a passport's back-less page carries the holder's photo on its front.
  const expectPortrait = side === 'front';
  const otherSide = side === 'back' ? props.otherSide ?? null : null;
  const describe = useCallback(
    (image: EncodedImage, _source: PhotoSource) => checkDocumentCapture(image, { expectPortrait, otherSide }),
    [expectPortrait, otherSide],
  );
  const capture = usePhotoCapture('document', (confirmedUrl || serverHas) && !props.retake ? 'have' : 'camera', { describe });
  const camera = useCamera('document', capture.mode === 'camera', props.noSizeConstraints);
  const live = capture.mode === 'camera' && camera.state.kind === 'live';
  const guideRef = useRef<HTMLDivElement>(null);
  const guidance = useDocumentGuidance(camera.videoRef, guideRef, live, otherSide);
  const failed = capture.mode === 'camera' && camera.state.kind === 'failed' ? camera.state.error : null;
  const { shoot, mode } = capture;

  // Auto-capture: the engine saw the card fill the guide, sharp, without glare, steady.
  useEffect(() => {
    const video = camera.videoRef.current;
    if (guidance.autoCapture && live && mode === 'camera' && video) void shoot(video, 'auto');
  }, [guidance.autoCapture, live, mode, shoot, camera.videoRef]);

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

  const retake = () => {
    guidance.reset();
    capture.retake();
  };

  if (capture.mode === 'preview' && capture.pending) {
    const { notes, source } = capture.pending;
    const noDocument = notes?.includes('no-document') ?? false;
    const sameSide = notes?.includes('same-side') ?? false;
    return (
      <Screen title={title} step={step} onBack={onBack} testId={testId} variant="camera" footer={
        <>
          <Button onClick={() => { const image = capture.take(); if (image) onConfirm(image); }} disabled={blocksUse(notes)} data-testid="use-photo">
            {notes === null ? tc('document.checking') : t('capture.usePhoto')}
          </Button>
          <Button variant={noDocument || sameSide ? 'primary' : 'secondary'} onClick={retake} data-testid="retake">{t('capture.retake')}</Button>
        </>
      }>
        <div data-testid="capture-preview" data-capture={source} data-checked={notes !== null}>
          {source === 'auto' ? (
            <Alert tone="success" live="polite" testId="auto-captured">{tc('document.autoCaptured')}</Alert>
          ) : null}
          <PhotoPreview url={capture.pending.url} alt={t('capture.previewAlt')} testId="photo-preview" />
        </div>
        {noDocument ? (
          <Alert tone="error" live="assertive" testId="no-document">{tc('document.noDocument')}</Alert>
        ) : sameSide ? (
          <Alert tone="error" live="assertive" testId="same-side">{tc('document.sameSide')}</Alert>
        ) : (
          <>
            <StageTip>{t('capture.previewTip')}</StageTip>
            {notes?.includes('no-portrait') ? (
              <Alert tone="warning" live="polite" testId="no-portrait">{tc('document.noPortrait')}</Alert>
            ) : null}
            <PhotoNotes notes={(notes ?? []).filter((n) => n !== 'no-portrait' && n !== 'no-document' && n !== 'same-side')} />
          </>
        )}
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

  const shootManually = () => {
    const video = camera.videoRef.current;
    if (video) void shoot(video, 'manual');
  };
  const hint = guidance.hint;
  return (
    <Screen title={title} step={step} onBack={onBack} testId={testId} variant="camera" footer={
      failed ? (
        <FilePicker label={t('capture.uploadPrimary')} variant="primary" onPick={pick} testId="upload-photo" />
      ) : (
        <>
          {guidance.shutterVisible ? (
            <Button onClick={shootManually} disabled={!live || capture.mode === 'processing'} data-testid="shutter">
              {t('capture.takePhoto')}
            </Button>
          ) : null}
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
            guideRef={guideRef}
            ready={hint === 'ready'}
            analyseMs={guidance.analyseMs}
            flash={capture.flash}
            label={title}
            status={capture.mode === 'processing' ? <Spinner label={t('capture.capturing')} />
              : camera.state.kind === 'starting' ? <Spinner label={t('capture.starting')} /> : null}
          />
          {/* Always rendered: the hint's space is kept, and the live region exists before it speaks. */}
          <LiveHint
            text={capture.mode === 'processing' ? t('capture.capturing') : hint ? tc(`document.hint.${hint}`) : live ? tc('document.hintLoading') : ''}
            tone={hint ? hintTone(hint) : 'neutral'}
            code={hint ?? 'loading'}
            testId="quality-hint"
          />
        </>
      )}
      {capture.fileError ? <Alert tone="error" live="assertive" testId="file-error">{t('capture.fileError')}</Alert> : null}
    </Screen>
  );
}

export default DocumentCaptureStep;
