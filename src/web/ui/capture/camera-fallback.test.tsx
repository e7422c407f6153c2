// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { encode } from 'uqr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CameraErrorKind } from '../../capture/camera';
import { initI18n } from '../../i18n/i18n';
import { CameraFallback, suggestsPhone } from './camera-fallback';
import { qrPath, QUIET_ZONE } from './qr-code';

/** The dark modules drawn by a path from qrPath, back as a matrix of `size` × `size`. */
function modulesOf(d: string, size: number): boolean[][] {
  const out = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    const [x, y, run] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let i = 0; i < run; i++) out[y]![x + i] = true;
  }
  return out;
}

const failure = (kind: CameraErrorKind) => ({ kind, message: kind });

beforeAll(() => void initI18n('en'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
  window.history.replaceState(null, '', '/');
});

describe('qrPath', () => {
  it('draws exactly the dark modules, one rectangle per run', () => {
    const modules = [
      [true, true, false, true],
      [false, false, false, false],
      [true, false, true, true],
      [true, true, true, true],
    ];
    expect(qrPath(modules)).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM0 2h1v1h-1zM2 2h2v1h-2zM0 3h4v1h-4z');
    expect(modulesOf(qrPath(modules), 4)).toEqual(modules);
  });
});

describe('suggestsPhone', () => {
  it('for a missing camera always, for a denied one on a computer only', () => {
    expect(suggestsPhone(failure('missing'), false)).toBe(true);
    expect(suggestsPhone(failure('denied'), true)).toBe(true);
    expect(suggestsPhone(failure('denied'), false)).toBe(false);
    expect(suggestsPhone(failure('in-use'), true)).toBe(false);
  });
});

describe('CameraFallback', () => {
  const link = '/?processId=0123456789abcdef0123456789abcdef&step=selfie&lang=fr';

  it('offers "Continue on your phone" with a QR code of the link as opened', async () => {
    window.history.replaceState(null, '', link);
    render(<CameraFallback error={failure('missing')} onRetry={vi.fn()} desktop />);
    expect(screen.getByTestId('camera-fallback').dataset.kind).toBe('missing');
    expect(screen.getByRole('heading', { name: 'Continue on your phone' })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code that opens this page on your phone' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // No inline style anywhere (the CSP forbids it).
    expect(screen.getByTestId('camera-fallback').querySelector('[style]')).toBeNull();

    const expected = encode(window.location.href, { ecc: 'M', border: 0 }).data;
    expect(window.location.href).toBe(`http://localhost:3000${link}`);
    const size = expected.length;
    expect(qr.getAttribute('viewBox')).toBe(`${-QUIET_ZONE} ${-QUIET_ZONE} ${size + 2 * QUIET_ZONE} ${size + 2 * QUIET_ZONE}`);
    const path = qr.querySelector('path')!.getAttribute('d')!;
    expect(modulesOf(path, size)).toEqual(expected);
    // A different link would draw a different code.
    expect(modulesOf(path, size)).not.toEqual(encode(`${window.location.href}x`, { ecc: 'M', border: 0 }).data);
  });

  it('copies the link', async () => {
    window.history.replaceState(null, '', link);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(<CameraFallback error={failure('missing')} onRetry={vi.fn()} desktop={false} />);
    fireEvent.click(screen.getByTestId('copy-link'));
    expect(writeText).toHaveBeenCalledWith(`http://localhost:3000${link}`);
    await waitFor(() => expect(screen.getByText('Link copied. Open it on your phone.')).toBeTruthy());
  });

  it('suggests the phone for a denied camera on a computer, not on a phone', async () => {
    const { unmount } = render(<CameraFallback error={failure('denied')} onRetry={vi.fn()} desktop />);
    expect(await screen.findByTestId('phone-qr')).toBeTruthy();
    unmount();
    render(<CameraFallback error={failure('denied')} onRetry={vi.fn()} desktop={false} />);
    expect(screen.getByText("We can't use your camera")).toBeTruthy();
    expect(screen.queryByTestId('continue-on-phone')).toBeNull();
  });

  it('offers a retry when the camera is busy', () => {
    const onRetry = vi.fn();
    render(<CameraFallback error={failure('in-use')} onRetry={onRetry} desktop />);
    fireEvent.click(screen.getByTestId('retry-camera'));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('continue-on-phone')).toBeNull();
  });
});
