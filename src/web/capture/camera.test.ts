import { describe, expect, it, vi } from 'vitest';
import { cameraConstraints, classifyCameraError, openCamera, stopStream, type CameraErrorKind } from './camera';

function domError(name: string, message = name): Error {
  const err = new Error(message);
  err.name = name;
  return err;
}

const fakeStream = (tracks: Array<{ stop: () => void }> = []) =>
  ({ getTracks: () => tracks }) as unknown as MediaStream;

describe('cameraConstraints', () => {
  it('opens the back camera at Full HD for documents (raised after opening)', () => {
    expect(cameraConstraints('document')).toEqual({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
    });
  });

  it('asks the front camera at ~720p for selfies', () => {
    expect(cameraConstraints('selfie')).toEqual({
      audio: false,
      video: { facingMode: { ideal: 'user' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  });

  it('can leave the size out entirely', () => {
    const video = cameraConstraints('selfie', { noSizeConstraints: true }).video as MediaTrackConstraints;
    expect(video).toEqual({ facingMode: { ideal: 'user' } });
  });
});

describe('classifyCameraError', () => {
  const cases: Array<[string, CameraErrorKind]> = [
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['NotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['DevicesNotFoundError', 'missing'],
    ['NotReadableError', 'in-use'],
    ['AbortError', 'in-use'],
    ['TrackStartError', 'in-use'],
    ['TypeError', 'unknown'],
    ['SomethingNew', 'unknown'],
  ];
  it.each(cases)('%s → %s', (name, kind) => {
    expect(classifyCameraError(domError(name, 'boom'))).toEqual({ kind, name, message: 'boom' });
  });

  it('handles values that are not errors', () => {
    expect(classifyCameraError('weird')).toEqual({ kind: 'unknown', message: 'weird' });
    expect(classifyCameraError({ name: 'NotAllowedError', message: 'x' }).kind).toBe('denied');
  });
});

describe('openCamera', () => {
  it('returns the stream', async () => {
    const stream = fakeStream();
    const getUserMedia = vi.fn().mockResolvedValue(stream);
    const result = await openCamera('document', {}, { mediaDevices: { getUserMedia } });
    expect(result).toEqual({ ok: true, stream });
    expect(getUserMedia).toHaveBeenCalledWith(cameraConstraints('document'));
  });

  it('reports insecure when mediaDevices is hidden outside a secure context', async () => {
    const result = await openCamera('selfie', {}, { mediaDevices: undefined, isSecureContext: false });
    expect(result.ok || result.error.kind).toBe('insecure');
  });

  it('reports missing when mediaDevices is absent in a secure context', async () => {
    const result = await openCamera('selfie', {}, { mediaDevices: undefined, isSecureContext: true });
    expect(result.ok || result.error.kind).toBe('missing');
  });

  it('classifies a refusal without retrying', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(domError('NotAllowedError'));
    const result = await openCamera('selfie', {}, { mediaDevices: { getUserMedia } });
    expect(result.ok || result.error.kind).toBe('denied');
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('retries once with any camera when the constraints cannot be met', async () => {
    const stream = fakeStream();
    const getUserMedia = vi
      .fn()
      .mockRejectedValueOnce(domError('OverconstrainedError'))
      .mockResolvedValueOnce(stream);
    const result = await openCamera('document', {}, { mediaDevices: { getUserMedia } });
    expect(result).toEqual({ ok: true, stream });
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: false, video: true });
  });

  it('classifies the retry failure', async () => {
    const getUserMedia = vi
      .fn()
      .mockRejectedValueOnce(domError('OverconstrainedError'))
      .mockRejectedValueOnce(domError('NotReadableError'));
    const result = await openCamera('document', {}, { mediaDevices: { getUserMedia } });
    expect(result.ok || result.error.kind).toBe('in-use');
  });
});

describe('openCamera resolution', () => {
  const trackStream = () => {
    const track = {
      stop: vi.fn(),
      getCapabilities: () => ({ width: { max: 3840 }, height: { max: 2160 } }),
      getSettings: () => ({ width: 1920, height: 1080 }),
      getConstraints: () => ({}),
      applyConstraints: vi.fn().mockResolvedValue(undefined),
    };
    const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
    return { track, stream };
  };

  it('raises a document camera to the largest size it offers', async () => {
    const { track, stream } = trackStream();
    const result = await openCamera('document', {}, { mediaDevices: { getUserMedia: vi.fn().mockResolvedValue(stream) } });
    expect(result.ok).toBe(true);
    expect(track.applyConstraints).toHaveBeenCalledWith({ width: { ideal: 2560 }, height: { ideal: 1440 } });
  });

  it('leaves selfies and size-free (e2e) cameras as opened', async () => {
    for (const [purpose, options] of [['selfie', {}], ['document', { noSizeConstraints: true }]] as const) {
      const { track, stream } = trackStream();
      await openCamera(purpose, options, { mediaDevices: { getUserMedia: vi.fn().mockResolvedValue(stream) } });
      expect(track.applyConstraints).not.toHaveBeenCalled();
    }
  });
});

describe('stopStream', () => {
  it('stops every track and tolerates no stream', () => {
    const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
    stopStream(fakeStream(tracks));
    for (const t of tracks) expect(t.stop).toHaveBeenCalledOnce();
    expect(() => stopStream(null)).not.toThrow();
  });
});
