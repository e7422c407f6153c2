import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocType } from '../../../../contract/document';
import { docTypeCarriesBarcode } from '../../../../contract/document-barcode';
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
import { useBarcodeGuidance } from '../../../capture-hooks/use-barcode-guidance';
import type { PhotoNote } from '../../../capture/photo-notes';
import { usePhotoCapture, type PhotoSource } from '../../../capture-hooks/use-photo-capture';
import { takeDocumentStill } from '../../../capture/document-still';
import { guideForVideo } from '../../../capture-hooks/guide';

import { CameraFallback } from '../../../ui/capture/camera-fallback';
import { CameraStage, LiveHint, PhotoPreview, StageTip } from '../../../ui/capture/camera-stage';
import { FilePicker } from '../../../ui/capture/file-picker';
import { PhotoNotes, ResubmissionNotice } from './capture-notices';

/** The whole of what the preview shows, in the frame's normalised coordinates. */
const WHOLE_VIEW = { x: 0, y: 0, width: 1, height: 1 };

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
  /** The chosen issuing country (alpha-3): a US or Canadian ID card's back carries a barcode, as every licence's does. */
  issuingState?: string | null;
  noSizeConstraints: boolean;
  onConfirm: (image: EncodedImage) => void;
  onContinue: () => void;
  onBack?: () => void;
}

/**
 * How long a capture taken by itself that passed every check is shown before the flow goes on,
 * ms: long enough to see it and reach "Retake", short enough not to be a wait.
 */
export const AUTO_CONTINUE_MS = 1500;

type StepHint = DocumentHint | 'barcode-closer' | 'barcode-hold';
const hintTone = (hint: StepHint) => (hint === 'ready' ? 'good' : 'warn');

/**
 * On a barcode back the card finder's advice is bent towards the barcode: close enough to read
 * it, a card past the guide's edges is fine ("show all four corners" would push the person
 * back), and "perfect" waits for the decode.
 */
function barcodeHint(card: DocumentHint | null, barcode: 'barcode-closer' | null): StepHint | null {
  if (card === 'turn-over' || card === 'no-document' || card === 'too-dark' || card === 'glare') return card;
  if (barcode) return barcode;
  if (card === 'ready' || card === 'hold-still' || card === 'too-close' || card === 'cut-off') return 'barcode-hold';
  return card;
}

/** A still's notes on a barcode back: its decode decides, not whether the whole card shows. */
async function withBarcode(notes: Promise<PhotoNote[]>, decoded: Promise<boolean | null>): Promise<PhotoNote[]> {
  const [n, ok] = await Promise.all([notes, decoded]);
  if (ok === true) return n.filter((x) => x !== 'no-document');
  return ok === false && !n.includes('no-document') && !n.includes('same-side') ? ['no-barcode', ...n] : n;
}

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
  const barcode = side === 'back' && docTypeCarriesBarcode(docType, props.issuingState);
  const describe = useCallback(
    (image: EncodedImage, source: PhotoSource) => {
      const notes = checkDocumentCapture(image, { expectPortrait, otherSide });
      if (!barcode) return notes;
      // A live capture was taken because its barcode decoded; a shutter photo or a file is decoded now.
      const decoded = source === 'auto' ? Promise.resolve(true)
        : import('../../../capture/barcode/barcode-engine').then((m) => m.decodeBarcodeStill(image.blob), () => null);
      return withBarcode(notes, decoded);
    },
    [expectPortrait, otherSide, barcode],
  );
  const capture = usePhotoCapture('document', (confirmedUrl || serverHas) && !props.retake ? 'have' : 'camera', { describe });
  const camera = useCamera('document', capture.mode === 'camera', props.noSizeConstraints);
  const live = capture.mode === 'camera' && camera.state.kind === 'live';
  const guideRef = useRef<HTMLDivElement>(null);
  const guidance = useDocumentGuidance(camera.videoRef, guideRef, live, otherSide);
  const codes = useBarcodeGuidance(camera.videoRef, guideRef, barcode, live);
  const failed = capture.mode === 'camera' && camera.state.kind === 'failed' ? camera.state.error : null;
  const { shoot, mode } = capture;

  // Auto-capture: the engine saw the card fill the guide, sharp, without glare, steady; on a
  // barcode back, the barcode decoded (the card's outline alone says nothing of its modules).
  const takeNow = barcode ? codes.decoded : guidance.autoCapture;
  useEffect(() => {
    const video = camera.videoRef.current;
    if (takeNow && live && mode === 'camera' && video) void shoot(video, 'auto', () => takeDocumentStill(video, guideForVideo(video, guideRef.current)));
  }, [takeNow, live, mode, shoot, camera.videoRef]);

  // A side taken by itself with nothing to say about it needs no "Use this photo": it is shown
  // for a moment with "Retake" and the flow goes on. Shutter photos, files and any note keep the tap.
  const pending = capture.pending;
  const autoContinue = capture.mode === 'preview' && pending?.source === 'auto' && pending.notes !== null && pending.notes.length === 0;
  const { take } = capture;
  // The parent hands a new callback each render: the timer must not restart with it.
  const confirmRef = useRef(onConfirm);
  useEffect(() => { confirmRef.current = onConfirm; }, [onConfirm]);
  useEffect(() => {
    if (!autoContinue) return;
    const timer = setTimeout(() => { const image = take(); if (image) confirmRef.current(image); }, AUTO_CONTINUE_MS);
    return () => clearTimeout(timer);
  }, [autoContinue, take]);

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
    codes.reset();
    capture.retake();
  };

  if (capture.mode === 'preview' && capture.pending) {
    const { notes, source } = capture.pending;
    const noDocument = notes?.includes('no-document') ?? false;
    const sameSide = notes?.includes('same-side') ?? false;
    const noBarcode = notes?.includes('no-barcode') ?? false;
    return (
      <Screen title={title} step={step} onBack={onBack} testId={testId} variant="camera" footer={
        <>
          <Button onClick={() => { const image = capture.take(); if (image) onConfirm(image); }} disabled={blocksUse(notes)} data-testid="use-photo">
            {notes === null ? tc('document.checking') : t('capture.usePhoto')}
          </Button>
          <Button variant={noDocument || sameSide || noBarcode ? 'primary' : 'secondary'} onClick={retake} data-testid="retake">{t('capture.retake')}</Button>
        </>
      }>
        <div data-testid="capture-preview" data-capture={source} data-checked={notes !== null} data-auto-continue={autoContinue}>
          {source === 'auto' ? (
            <Alert tone="success" live="polite" testId="auto-captured">{autoContinue ? tc('document.autoContinuing') : tc('document.autoCaptured')}</Alert>
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
    // A shutter photo has no card found in the guide: the whole view, at the still's resolution.
    if (video) void shoot(video, 'manual', () => takeDocumentStill(video, WHOLE_VIEW, 0));
  };
  const hint: StepHint | null = barcode ? barcodeHint(guidance.hint, codes.hint) : guidance.hint;
  return (
    <Screen title={title} step={step} onBack={onBack} testId={testId} variant="camera" footer={
      failed ? (
        <FilePicker label={t('capture.uploadPrimary')} variant="primary" onPick={pick} testId="upload-photo" />
      ) : (
        <>
          {guidance.shutterVisible || codes.unavailable ? (
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
          <StageTip>{barcode ? t('capture.barcodeTip') : side === 'back' ? t('capture.backTip') : t('capture.frontTip')}</StageTip>
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
