// Camera integrity signals the browser can see, sent with the liveness evidence. Each is a risk
// signal for the service, never a block: a real phone's camera shows none; virtual-camera
// software, a stream captured from a canvas, or a page script that replaced getUserMedia (how
// frames are injected, and how the e2e feeds its cameras) show one or more. Pure where it can be.
import type { CameraSignal } from '../../contract/liveness';

/** Names virtual-camera software gives its devices (and Chromium's own fake device). */
export const VIRTUAL_CAMERA_NAMES = /\b(obs|manycam|virtual|snap camera|xsplit|splitcam|droidcam|epoccam|camtwist|e2esoft|youcam|iriun|mmhmm|ndi|vcam|webcamoid|avatarify|chromacam|fake|dummy)/i;

/** A label that is a file path or a video file's name. */
const MEDIA_FILE_NAME = /(^\/|\\|\.(mjpe?g|y4m|mp4|webm|mkv|avi|mov)$)/i;

export interface TrackFacts {
  label: string;
  deviceId: string;
  groupId: string;
  frameRate: number | null;
  /** The track comes from canvas.captureStream(). */
  fromCanvas: boolean;
  /** navigator.mediaDevices.getUserMedia is still the browser's own function. */
  getUserMediaNative: boolean;
}

/** Fewer intervals than this say nothing about timing. */
export const MIN_INTERVALS = 20;
/**
 * Spread (standard deviation, ms) of frame intervals below which a stream is machine-timed.
 * A phone camera's capture times jitter by ≥ 0.5 ms (exposure, USB/ISP scheduling); a script or a
 * file played by a timer repeats its interval to a few µs.
 */
export const REGULAR_SPREAD_MS = 0.1;

export function timingTooRegular(intervalsMs: readonly number[]): boolean {
  const usable = intervalsMs.filter((d) => d > 0 && d < 1000);
  if (usable.length < MIN_INTERVALS) return false;
  const mean = usable.reduce((a, b) => a + b, 0) / usable.length;
  const spread = Math.sqrt(usable.reduce((a, b) => a + (b - mean) ** 2, 0) / usable.length);
  return spread < REGULAR_SPREAD_MS;
}

export function integritySignals(facts: TrackFacts, intervalsMs: readonly number[]): CameraSignal[] {
  const signals: CameraSignal[] = [];
  // A device named like a video file or a path plays a file (Chromium's file camera does).
  if (facts.label && (VIRTUAL_CAMERA_NAMES.test(facts.label) || MEDIA_FILE_NAME.test(facts.label))) signals.push('virtual_camera_label');
  if (!facts.label) signals.push('no_device_label');
  if (facts.fromCanvas) signals.push('canvas_capture');
  if (!facts.getUserMediaNative) signals.push('getusermedia_replaced');
  // A real capture device always has a device and group id; a frame rate past 120 or not a
  // number is not something a phone camera reports.
  if (!facts.deviceId || !facts.groupId || (facts.frameRate !== null && !(facts.frameRate > 0 && facts.frameRate <= 120))) {
    signals.push('track_settings_unusual');
  }
  if (timingTooRegular(intervalsMs)) signals.push('frame_timing_regular');
  return signals;
}

/** What the browser tells about the stream shown in `video` (null without one). */
export function trackFactsOf(video: HTMLVideoElement): TrackFacts | null {
  const stream = video.srcObject;
  if (!stream || typeof (stream as MediaStream).getVideoTracks !== 'function') return null;
  const track = (stream as MediaStream).getVideoTracks()[0];
  if (!track) return null;
  const settings = typeof track.getSettings === 'function' ? track.getSettings() : {};
  const canvasTrack = (globalThis as { CanvasCaptureMediaStreamTrack?: new () => unknown }).CanvasCaptureMediaStreamTrack;
  const gum = navigator.mediaDevices?.getUserMedia;
  return {
    label: track.label ?? '',
    deviceId: settings.deviceId ?? '',
    groupId: settings.groupId ?? '',
    frameRate: typeof settings.frameRate === 'number' ? settings.frameRate : null,
    fromCanvas: (canvasTrack !== undefined && track instanceof canvasTrack) || 'canvas' in track,
    getUserMediaNative: typeof gum === 'function' && /\[native code\]/.test(Function.prototype.toString.call(gum)),
  };
}

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, meta: { mediaTime: number; captureTime?: number }) => void) => number;
  cancelVideoFrameCallback?: (id: number) => void;
};

/**
 * Collects the intervals between the camera's frames (capture time when the browser gives it,
 * else media time), ms, up to `max`. Returns the stop function; `intervals` fills as frames come.
 */
export function watchFrameTiming(video: HTMLVideoElement, max = 60): { intervals: number[]; stop: () => void } {
  const v = video as FrameCallbackVideo;
  const intervals: number[] = [];
  if (typeof v.requestVideoFrameCallback !== 'function') return { intervals, stop: () => undefined };
  let last: number | null = null;
  let id = 0;
  let stopped = false;
  const onFrame = (_now: number, meta: { mediaTime: number; captureTime?: number }) => {
    if (stopped) return;
    const at = meta.captureTime ?? meta.mediaTime * 1000;
    if (last !== null) intervals.push(at - last);
    last = at;
    if (intervals.length < max) id = v.requestVideoFrameCallback!(onFrame);
  };
  id = v.requestVideoFrameCallback(onFrame);
  return { intervals, stop: () => { stopped = true; v.cancelVideoFrameCallback?.(id); } };
}
