// Starts downloading the camera screens and the face detector (model + WASM, several MB) while
// the person reads the first screens, so the selfie step is ready when they get there. Nothing
// here is part of the first screen's bundle.

import { loadXhrUpload } from '../../api/hosted-client';
import { whenIdle } from '../../app/when-idle';

let started = false;

export function loadDocumentCaptureStep() {
  return import('./steps/document-capture-step');
}

export function loadSelfieStep() {
  return import('./steps/selfie-step');
}

/** Every screen after the welcome, in one chunk (small: no camera or ML code). */
export function laterScreens() {
  return import('./later-screens');
}

/** Once per page; waits for the browser to be idle so the first screen paints first. */
export function prefetchCapture(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const run = () => {
    void laterScreens().catch(() => undefined);
    void loadXhrUpload().catch(() => undefined);
    void loadDocumentCaptureStep().catch(() => undefined);
    void import('../../i18n/lazy-resources').then((m) => m.loadCaptureTexts()).catch(() => undefined);
    void loadSelfieStep().catch(() => undefined);
    // The landmarks model (selfie and liveness) loads in its Worker; the small face detector
    // (portrait on the document, a picked selfie) on the page.
    void import('../../capture-hooks/use-liveness')
      .then((m) => m.prefetchFaceEngine())
      .catch(() => undefined);
    void import('../../capture/face-detector')
      .then((m) => m.prefetchFaceDetector())
      .catch(() => undefined);
  };
  whenIdle(run);
}
