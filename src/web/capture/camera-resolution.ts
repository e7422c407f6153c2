// Documents need detail: after the camera opens with the usual `ideal` sizes, ask the track for
// the largest size it says it can deliver. getUserMedia alone often settles on 1280×720 or
// 1920×1080 even when the sensor offers 4K; the small print and the MRZ want more.

/** Long-edge cap, px: the upload keeps at most 2400 px, and larger frames only cost memory. */
export const DOCUMENT_MAX_LONG_EDGE = 2560;

/** The parts of MediaStreamTrack used here; every one may be missing in older browsers. */
export interface ResizableTrack {
  getCapabilities?: () => MediaTrackCapabilities;
  getSettings?: () => MediaTrackSettings;
  getConstraints?: () => MediaTrackConstraints;
  applyConstraints?: (constraints: MediaTrackConstraints) => Promise<void>;
}

export interface SizeTarget {
  width: number;
  height: number;
}

/** The largest offered size scaled (aspect kept) to fit `maxLongEdge`; null when unknown. */
export function largestSize(capabilities: MediaTrackCapabilities, maxLongEdge = DOCUMENT_MAX_LONG_EDGE): SizeTarget | null {
  const width = capabilities.width?.max;
  const height = capabilities.height?.max;
  if (!(typeof width === 'number' && width > 0 && typeof height === 'number' && height > 0)) return null;
  const scale = Math.min(1, maxLongEdge / Math.max(width, height));
  return { width: Math.floor(width * scale), height: Math.floor(height * scale) };
}

/**
 * Raises the track to the largest size it offers (capped). Never throws: when the browser
 * cannot tell or refuses, the track keeps what getUserMedia gave. Resolves true when a larger
 * size was asked for and accepted.
 */
export async function raiseResolution(track: ResizableTrack | undefined, maxLongEdge = DOCUMENT_MAX_LONG_EDGE): Promise<boolean> {
  if (!track || typeof track.getCapabilities !== 'function' || typeof track.applyConstraints !== 'function') return false;
  try {
    const target = largestSize(track.getCapabilities(), maxLongEdge);
    if (!target) return false;
    const settings = typeof track.getSettings === 'function' ? track.getSettings() : {};
    if ((settings.width ?? 0) * (settings.height ?? 0) >= target.width * target.height) return false;
    // applyConstraints replaces the whole set: keep what the track was opened with (facingMode).
    const current = typeof track.getConstraints === 'function' ? track.getConstraints() : {};
    await track.applyConstraints({ ...current, width: { ideal: target.width }, height: { ideal: target.height } });
    return true;
  } catch {
    return false;
  }
}
