// @vitest-environment jsdom
// The representative's selfie holds the same gate as the individual selfie: no upload while the
// camera is live, and a picked photo gets the same face check before it is used.
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaceDetection } from '../../../capture/face-detector';
import type * as EncodeImage from '../../../capture/encode-image';
import { installFakeCamera } from '../../../capture-hooks/test-camera';
import { renderWithApp } from '../test-utils';
import { LivenessCamera } from './liveness-camera';

const detector = vi.hoisted(() => ({ detect: vi.fn<(canvas: unknown, ts: number) => Promise<FaceDetection[]>>() }));
vi.mock('../../../capture/face-detector', () => ({ detectFaces: detector.detect }));
vi.mock('../../../capture/encode-image', async (original) => ({
  ...(await original<typeof EncodeImage>()),
  encodeImageFile: vi.fn(async () => ({ blob: new Blob(['jpeg'], { type: 'image/jpeg' }), width: 512, height: 600, belowMinimum: true })),
}));
vi.mock('../../../capture/still-image', () => ({ stillToCanvas: vi.fn(async () => ({ width: 512, height: 600 })) }));

configure({ asyncUtilTimeout: 5000 });

let camera: ReturnType<typeof installFakeCamera>;
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  camera?.restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  detector.detect.mockReset();
});

const pick = () => fireEvent.change(screen.getByTestId('liveness-upload-input'), {
  target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] },
});

describe('LivenessCamera', () => {
  it('offers no upload while the camera is live, and keeps the shutter off without a face', async () => {
    camera = installFakeCamera();
    detector.detect.mockResolvedValue([]);
    renderWithApp(<LivenessCamera onPhoto={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('liveness-hint').dataset.hint).toBe('no-face'));
    expect((screen.getByTestId('liveness-shutter') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('liveness-upload')).toBeNull();
    expect(screen.queryByTestId('liveness-upload-input')).toBeNull();
  });

  it('refuses a picked photo without a face when the camera is denied, and hands over a good one', async () => {
    camera = installFakeCamera({ fail: 'NotAllowedError' });
    const onPhoto = vi.fn();
    renderWithApp(<LivenessCamera onPhoto={onPhoto} onCancel={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('liveness-upload')).toBeTruthy());
    detector.detect.mockResolvedValue([]);
    pick();
    await waitFor(() => expect(screen.getByTestId('file-error').textContent).toBe(
      "We can't see a face in this photo. Choose a photo of your face, looking at the camera.",
    ));
    expect(onPhoto).not.toHaveBeenCalled();
    // The e2e portrait (grace_hopper.jpg, 512×600) as the detector sees it.
    detector.detect.mockResolvedValue([{ box: { x: 173 / 512, y: 147 / 600, width: 193 / 512, height: 193 / 600 }, score: 0.935 }]);
    await waitFor(() => expect(screen.getByTestId('liveness-upload-input')).toBeTruthy());
    pick();
    await waitFor(() => expect(onPhoto).toHaveBeenCalledTimes(1));
  });
});
