import { describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MAX_LONG_EDGE, largestSize, raiseResolution, type ResizableTrack } from './camera-resolution';

/** A track like Chrome's on a phone: opened at 1920×1080, sensor up to `max`. */
function fakeTrack(max: { width: number; height: number } | null, opened = { width: 1920, height: 1080 }) {
  let settings: MediaTrackSettings = { ...opened, facingMode: 'environment' };
  const constraints: MediaTrackConstraints = { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } };
  const track = {
    getCapabilities: vi.fn(() => (max ? { width: { min: 1, max: max.width }, height: { min: 1, max: max.height } } : {})),
    getSettings: vi.fn(() => settings),
    getConstraints: vi.fn(() => constraints),
    applyConstraints: vi.fn(async (c: MediaTrackConstraints) => {
      settings = { ...settings, width: (c.width as ConstrainULongRange).ideal, height: (c.height as ConstrainULongRange).ideal };
    }),
  };
  return { track, settings: () => settings };
}

describe('largestSize', () => {
  it('caps the long edge at 2560 px, keeping the aspect ratio', () => {
    expect(largestSize({ width: { max: 4032 }, height: { max: 3024 } })).toEqual({ width: 2560, height: 1920 });
    expect(largestSize({ width: { max: 3840 }, height: { max: 2160 } })).toEqual({ width: 2560, height: 1440 });
    expect(DOCUMENT_MAX_LONG_EDGE).toBe(2560);
  });

  it('keeps a smaller sensor as it is, and knows nothing without both maxima', () => {
    expect(largestSize({ width: { max: 1280 }, height: { max: 720 } })).toEqual({ width: 1280, height: 720 });
    expect(largestSize({ width: { max: 1280 } })).toBeNull();
    expect(largestSize({})).toBeNull();
  });
});

describe('raiseResolution', () => {
  it('asks for the largest offered size and keeps the opening constraints', async () => {
    const { track, settings } = fakeTrack({ width: 4032, height: 3024 });
    expect(await raiseResolution(track)).toBe(true);
    expect(track.applyConstraints).toHaveBeenCalledWith({
      facingMode: { ideal: 'environment' }, width: { ideal: 2560 }, height: { ideal: 1920 },
    });
    expect(settings()).toMatchObject({ width: 2560, height: 1920 });
  });

  it('leaves a track alone that already delivers the largest size', async () => {
    const { track } = fakeTrack({ width: 1920, height: 1080 });
    expect(await raiseResolution(track)).toBe(false);
    expect(track.applyConstraints).not.toHaveBeenCalled();
  });

  it('does nothing when capabilities are unknown or the methods are missing', async () => {
    const { track } = fakeTrack(null);
    expect(await raiseResolution(track)).toBe(false);
    expect(track.applyConstraints).not.toHaveBeenCalled();
    expect(await raiseResolution({ applyConstraints: vi.fn() })).toBe(false);
    expect(await raiseResolution({ getCapabilities: () => ({ width: { max: 4000 }, height: { max: 3000 } }) })).toBe(false);
    expect(await raiseResolution(undefined)).toBe(false);
  });

  it('survives a refusal or a throwing getCapabilities', async () => {
    const { track } = fakeTrack({ width: 4032, height: 3024 });
    track.applyConstraints.mockRejectedValueOnce(Object.assign(new Error('no'), { name: 'OverconstrainedError' }));
    expect(await raiseResolution(track)).toBe(false);
    const throwing: ResizableTrack = {
      getCapabilities: () => {
        throw new Error('not supported');
      },
      applyConstraints: vi.fn(),
    };
    expect(await raiseResolution(throwing)).toBe(false);
  });
});
