import { useCallback, useEffect, useRef, useState } from 'react';
import { encodeImageFile, encodeVideoFrame, type EncodedImage, type ImageKind } from '../capture/encode-image';

/**
 * have: a confirmed photo exists (this tab or the server); camera: live preview;
 * processing: encoding a shot or a picked file; preview: a new photo waiting for "Use this photo".
 */
export type CaptureMode = 'have' | 'camera' | 'processing' | 'preview';

export interface PendingPhoto {
  image: EncodedImage;
  url: string;
}

/** The capture screens' state machine; the pending photo's object URL is freed on every exit. */
export function usePhotoCapture(kind: ImageKind, initial: CaptureMode) {
  const [mode, setMode] = useState<CaptureMode>(initial);
  const [pending, setPending] = useState<PendingPhoto | null>(null);
  const [fileError, setFileError] = useState(false);
  const [flash, setFlash] = useState(false);
  const urlRef = useRef<string | null>(null);

  const setPhoto = useCallback((image: EncodedImage | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = image ? URL.createObjectURL(image.blob) : null;
    setPending(image && urlRef.current ? { image, url: urlRef.current } : null);
  }, []);

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

  /** Returns to `fallbackMode` when the file cannot be read. */
  const pickFile = useCallback(async (file: File, fallbackMode: CaptureMode) => {
    setFileError(false);
    if (!file.type.startsWith('image/') && file.type !== '') {
      setFileError(true);
      return;
    }
    setMode('processing');
    try {
      setPhoto(await encodeImageFile(file, kind));
      setMode('preview');
    } catch {
      setFileError(true);
      setMode(fallbackMode);
    }
  }, [kind, setPhoto]);

  const retake = useCallback(() => {
    setPhoto(null);
    setFileError(false);
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
