import { useCallback, useEffect, useRef, useState } from 'react';
import { attachStream, openCamera, stopStream, type CameraFailure, type CameraPurpose } from '../capture/camera';

export type CameraState =
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'failed'; error: CameraFailure };

/**
 * Opens the camera while `enabled` and shows it in `videoRef` (which must be rendered while
 * starting). Stops every track when disabled or unmounted, so the camera light goes off.
 */
export function useCamera(purpose: CameraPurpose, enabled: boolean, noSizeConstraints = false) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>(enabled ? { kind: 'starting' } : { kind: 'off' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) {
      setState({ kind: 'off' });
      return;
    }
    let cancelled = false;
    let stream: MediaStream | null = null;
    let shownIn: HTMLVideoElement | null = null;
    setState({ kind: 'starting' });
    void openCamera(purpose, { noSizeConstraints }).then(async (result) => {
      if (cancelled) {
        if (result.ok) stopStream(result.stream);
        return;
      }
      if (!result.ok) {
        setState({ kind: 'failed', error: result.error });
        return;
      }
      stream = result.stream;
      const video = videoRef.current;
      if (!video) {
        // No preview element rendered: never keep a camera open that nobody can see.
        stopStream(stream);
        setState({ kind: 'failed', error: { kind: 'unknown', message: 'no video element' } });
        return;
      }
      shownIn = video;
      try {
        await attachStream(video, stream);
      } catch {
        // play() can reject (interrupted by a re-render, autoplay rules) while the stream is
        // attached; frames still arrive, and the frame loop waits for them.
      }
      if (!cancelled) setState({ kind: 'live' });
    });
    return () => {
      cancelled = true;
      stopStream(stream);
      if (shownIn) shownIn.srcObject = null;
    };
  }, [enabled, purpose, noSizeConstraints, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { videoRef, state, retry };
}
