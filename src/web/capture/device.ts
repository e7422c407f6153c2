// A rough "is this a desktop or laptop?" for the camera fallback: a computer without a usable
// camera is better served by moving to a phone than by hunting for a photo file.

export interface DeviceSignals {
  /** navigator.userAgentData.mobile (Chromium only). */
  uaMobile?: boolean | undefined;
  /** navigator.maxTouchPoints. */
  maxTouchPoints?: number | undefined;
  /** matchMedia('(pointer: coarse)').matches: the main pointer is a finger. */
  coarsePointer?: boolean | undefined;
}

interface UaData {
  userAgentData?: { mobile?: boolean };
}

function signalsOfThisBrowser(): DeviceSignals {
  if (typeof navigator === 'undefined') return {};
  const coarse = typeof matchMedia === 'function' ? matchMedia('(pointer: coarse)').matches : undefined;
  return {
    uaMobile: (navigator as Navigator & UaData).userAgentData?.mobile,
    maxTouchPoints: navigator.maxTouchPoints,
    coarsePointer: coarse,
  };
}

/**
 * True for a mouse-driven computer. Chromium says so directly; elsewhere a touch screen or a
 * coarse main pointer means phone or tablet (iPadOS claims to be a Mac but has touch points).
 * A touch laptop reads as a tablet: it still gets the upload, just not the phone suggestion
 * when the camera is denied.
 */
export function isLikelyDesktop(signals: DeviceSignals = signalsOfThisBrowser()): boolean {
  if (typeof signals.uaMobile === 'boolean') return !signals.uaMobile;
  if ((signals.maxTouchPoints ?? 0) > 0) return false;
  return signals.coarsePointer !== true;
}
