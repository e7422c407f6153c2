import { useCallback, useEffect, useRef, useState } from 'react';
import { encodeImageFile, encodeVideoFrame, type EncodedImage, type ImageKind } from '../capture/encode-image';
import type { PhotoNote } from '../capture/photo-notes';

/**
 * have: a confirmed photo exists (this tab or the server); camera: live preview;
 * processing: encoding (and checking) a shot or a picked file; preview: a new photo waiting for
 * "Use this photo".
 */
export type CaptureMode = 'have' | 'camera' | 'processing' | 'preview';

/** Why a picked file was not taken: unreadable, or what `checkFile` found wrong with it. */
export type FileProblem<P extends string = never> = 'unreadable' | P;

/** How the pending photo was made: taken by auto-capture, with the shutter, or picked from a file. */
export type PhotoSource = 'auto' | 'manual' | 'file';

export interface PendingPhoto {
  image: EncodedImage;
  url: string;
  source: PhotoSource;
  /** What the checks say about the photo; null while they run (a blocking note must not be raced). */
  notes: PhotoNote[] | null;
}

export interface PhotoCaptureOptions<P extends string> {
  /** Judges a picked file before it is shown; a problem refuses it (selfies: one face). Never rejects. */
  checkFile?: (image: EncodedImage) => Promise<P | null>;
  /** Checks of a new photo, shot or picked (documents: a document in it, portrait, size, light, focus). */
  describe?: (image: EncodedImage, source: PhotoSource) => Promise<PhotoNote[]>;
}

/** The capture screens' state machine; the pending photo's object URL is freed on every exit. */
export function usePhotoCapture<P extends string = never>(kind: ImageKind, initial: CaptureMode, options: PhotoCaptureOptions<P> = {}) {
  const [mode, setMode] = useState<CaptureMode>(initial);
  const [pending, setPending] = useState<PendingPhoto | null>(null);
  const [fileError, setFileError] = useState<FileProblem<P> | null>(null);
  const [flash, setFlash] = useState(false);
  const urlRef = useRef<string | null>(null);
  const { checkFile, describe } = options;

  const setPhoto = useCallback((image: EncodedImage | null, source: PhotoSource = 'manual') => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = image ? URL.createObjectURL(image.blob) : null;
    urlRef.current = url;
    setPending(image && url ? { image, url, source, notes: describe ? null : [] } : null);
    if (!image || !url || !describe) return;
    // A check that cannot run is no reason to block: the server checks documents again.
    void describe(image, source).then(
      (notes) => setPending((p) => (p && p.url === url ? { ...p, notes } : p)),
      () => setPending((p) => (p && p.url === url ? { ...p, notes: [] } : p)),
    );
  }, [describe]);

  useEffect(() => () => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
  }, []);

  // One shot at a time: auto-capture may fire again while a still is being taken.
  const shooting = useRef(false);
  /**
   * `still`: a better picture than the frame, taken while the camera still runs (documents: the
   * sensor's full-resolution still, document-still.ts); null or a failure keeps the frame.
   */
  const shoot = useCallback(async (video: HTMLVideoElement, source: 'auto' | 'manual' = 'manual', still?: () => Promise<EncodedImage | null>) => {
    if (shooting.current) return;
    shooting.current = true;
    setFlash(true);
    // encodeVideoFrame copies the frame synchronously, before the re-render below stops the camera.
    const encoding = encodeVideoFrame(video, kind);
    encoding.catch(() => undefined);
    try {
      // The still needs the camera running: the mode (and so the camera) changes once it is in hand.
      const better = still ? await still().catch(() => null) : null;
      setMode('processing');
      setPhoto(better ?? await encoding, source);
      setMode('preview');
    } catch {
      setMode('camera');
    } finally {
      setFlash(false);
      shooting.current = false;
    }
  }, [kind, setPhoto]);

  /** Returns to `fallbackMode` when the file cannot be read or is refused. */
  const pickFile = useCallback(async (file: File, fallbackMode: CaptureMode) => {
    setFileError(null);
    if (!file.type.startsWith('image/') && file.type !== '') {
      setFileError('unreadable');
      return;
    }
    setMode('processing');
    let image: EncodedImage;
    try {
      image = await encodeImageFile(file, kind);
    } catch {
      setFileError('unreadable');
      setMode(fallbackMode);
      return;
    }
    // checkFile decides itself what to do when it cannot judge; a throw is a bug, not a refusal
    // reason, but it must not leave the screen spinning.
    const problem = checkFile ? await checkFile(image).catch((): FileProblem<P> => 'unreadable') : null;
    if (problem) {
      setFileError(problem);
      setMode(fallbackMode);
      return;
    }
    setPhoto(image, 'file');
    setMode('preview');
  }, [kind, setPhoto, checkFile]);

  const retake = useCallback(() => {
    setPhoto(null);
    setFileError(null);
    setMode('camera');
  }, [setPhoto]);

  /** Hands the pending photo over (the caller stores it) and forgets the local URL. */
  const take = useCallback((): EncodedImage | null => {
    const image = pending?.image ?? null;
    setPhoto(null);
    return image;
  }, [pending, setPhoto]);

  return { mode, setMode, pending, fileError, flash, shoot, pickFile, retake, take };
}
