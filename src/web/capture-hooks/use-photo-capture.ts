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

export interface PendingPhoto {
  image: EncodedImage;
  url: string;
  /** Advice shown with the preview (filled in shortly after it appears). */
  notes: PhotoNote[];
}

export interface PhotoCaptureOptions<P extends string> {
  /** Judges a picked file before it is shown; a problem refuses it (selfies: one face). Never rejects. */
  checkFile?: (image: EncodedImage) => Promise<P | null>;
  /** Advice on a new photo, shot or picked (documents: size, light, focus). */
  describe?: (image: EncodedImage) => Promise<PhotoNote[]>;
}

/** The capture screens' state machine; the pending photo's object URL is freed on every exit. */
export function usePhotoCapture<P extends string = never>(kind: ImageKind, initial: CaptureMode, options: PhotoCaptureOptions<P> = {}) {
  const [mode, setMode] = useState<CaptureMode>(initial);
  const [pending, setPending] = useState<PendingPhoto | null>(null);
  const [fileError, setFileError] = useState<FileProblem<P> | null>(null);
  const [flash, setFlash] = useState(false);
  const urlRef = useRef<string | null>(null);
  const { checkFile, describe } = options;

  const setPhoto = useCallback((image: EncodedImage | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = image ? URL.createObjectURL(image.blob) : null;
    urlRef.current = url;
    setPending(image && url ? { image, url, notes: [] } : null);
    if (!image || !url || !describe) return;
    void describe(image).then(
      (notes) => setPending((p) => (p && p.url === url ? { ...p, notes } : p)),
      () => undefined,
    );
  }, [describe]);

  useEffect(() => () => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
  }, []);

  const shoot = useCallback(async (video: HTMLVideoElement) => {
    setFlash(true);
    // encodeVideoFrame copies the frame synchronously, before the re-render below stops the camera.
    const encoding = encodeVideoFrame(video, kind);
    setMode('processing');
    try {
      setPhoto(await encoding);
      setMode('preview');
    } catch {
      setMode('camera');
    } finally {
      setFlash(false);
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
    setPhoto(image);
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
