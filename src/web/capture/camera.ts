// Opening the camera and turning getUserMedia failures into something a screen can act on.
import { raiseResolution } from './camera-resolution';

export type CameraPurpose = 'document' | 'selfie';

/**
 * - denied: the person or the browser (permissions policy, blocked iframe) refused access.
 * - missing: no camera, or none that fits.
 * - in-use: the camera exists but cannot be started (another app holds it, hardware error).
 * - insecure: page is not a secure context, so `navigator.mediaDevices` does not exist.
 */
export type CameraErrorKind = 'denied' | 'missing' | 'in-use' | 'insecure' | 'unknown';

export interface CameraFailure {
  kind: CameraErrorKind;
  /** DOMException name when there was one, for logs. */
  name?: string;
  message: string;
}

export type CameraOpenResult =
  | { ok: true; stream: MediaStream }
  | { ok: false; error: CameraFailure };

export interface OpenCameraOptions {
  /**
   * Ask for no width/height at all (and do not raise the size after opening). Chromium's fake
   * camera (and some real drivers) scale frames when a different size is requested; e2e runs
   * use this with a feed made at the wanted size.
   */
  noSizeConstraints?: boolean;
}

/** Ideal sizes are landscape: browsers match them against the sensor, which is landscape. */
const IDEAL_SIZE: Record<CameraPurpose, { width: number; height: number }> = {
  // Documents: Full HD to open with (every phone can); then raised to the largest size the
  // track offers, up to a 2560 px long edge (camera-resolution.ts), for the 1600–2400 px upload.
  document: { width: 1920, height: 1080 },
  selfie: { width: 1280, height: 720 },
};

export function cameraConstraints(
  purpose: CameraPurpose,
  options: OpenCameraOptions = {},
): MediaStreamConstraints {
  // `ideal`, not `exact`: a laptop with only a front camera must still open for documents.
  const video: MediaTrackConstraints = {
    facingMode: { ideal: purpose === 'document' ? 'environment' : 'user' },
  };
  if (!options.noSizeConstraints) {
    const size = IDEAL_SIZE[purpose];
    video.width = { ideal: size.width };
    video.height = { ideal: size.height };
  }
  return { audio: false, video };
}

function errorName(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'name' in err && typeof err.name === 'string') {
    return err.name;
  }
  return undefined;
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (err && typeof err === 'object' && 'message' in err && typeof err.message === 'string') {
    return err.message;
  }
  return String(err);
}

export function classifyCameraError(err: unknown): CameraFailure {
  const name = errorName(err);
  const message = errorMessage(err);
  const failure = (kind: CameraErrorKind): CameraFailure =>
    name === undefined ? { kind, message } : { kind, name, message };
  // PermissionDeniedError, DevicesNotFoundError, ConstraintNotSatisfiedError and
  // TrackStartError are the pre-standard names older Chrome/WebKit builds still throw.
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return failure('denied');
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
    case 'ConstraintNotSatisfiedError':
      return failure('missing');
    case 'NotReadableError':
    case 'AbortError':
    case 'TrackStartError':
      return failure('in-use');
    default:
      return failure('unknown');
  }
}

export interface CameraEnvironment {
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'> | undefined;
  isSecureContext?: boolean;
}

function defaultEnvironment(): CameraEnvironment {
  if (typeof navigator === 'undefined') return {};
  return {
    mediaDevices: navigator.mediaDevices,
    isSecureContext: typeof window === 'undefined' ? undefined : window.isSecureContext,
  };
}

/** Never throws: every failure comes back classified. */
export async function openCamera(
  purpose: CameraPurpose,
  options: OpenCameraOptions = {},
  env: CameraEnvironment = defaultEnvironment(),
): Promise<CameraOpenResult> {
  const devices = env.mediaDevices;
  if (!devices || typeof devices.getUserMedia !== 'function') {
    // Browsers hide mediaDevices entirely outside secure contexts (http://, some webviews).
    const kind: CameraErrorKind = env.isSecureContext === false ? 'insecure' : 'missing';
    return { ok: false, error: { kind, message: 'navigator.mediaDevices is not available' } };
  }
  let stream: MediaStream;
  try {
    stream = await devices.getUserMedia(cameraConstraints(purpose, options));
  } catch (err) {
    const failure = classifyCameraError(err);
    if (failure.name !== 'OverconstrainedError') return { ok: false, error: failure };
    // Some drivers reject even `ideal` sizes: one retry with any camera at all.
    try {
      stream = await devices.getUserMedia({ audio: false, video: true });
    } catch (retryErr) {
      return { ok: false, error: classifyCameraError(retryErr) };
    }
  }
  if (purpose === 'document' && !options.noSizeConstraints) {
    await raiseResolution(typeof stream.getVideoTracks === 'function' ? stream.getVideoTracks()[0] : undefined);
  }
  return { ok: true, stream };
}

export function stopStream(stream: MediaStream | null | undefined): void {
  if (!stream) return;
  for (const track of stream.getTracks()) track.stop();
}

/** Shows the stream in a video element; inline and muted so mobile Safari autoplays it. */
export async function attachStream(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.muted = true;
  video.playsInline = true;
  video.setAttribute('playsinline', '');
  video.srcObject = stream;
  await video.play();
}
