import { describe, expect, it } from 'vitest';
import { createAutoCapture, STEADY_MS } from './auto-capture';

describe('createAutoCapture', () => {
  it('fires once after ready frames have held for STEADY_MS, and again only after reset', () => {
    const a = createAutoCapture();
    expect(a.update(true, 0)).toBe(false);
    expect(a.update(true, STEADY_MS - 1)).toBe(false);
    expect(a.update(true, STEADY_MS)).toBe(true);
    expect(a.update(true, STEADY_MS + 100)).toBe(false);
    a.reset();
    expect(a.update(true, 5000)).toBe(false);
    expect(a.update(true, 5000 + STEADY_MS)).toBe(true);
  });

  it('starts over whenever a frame is not ready', () => {
    const a = createAutoCapture(800);
    a.update(true, 0);
    a.update(true, 700);
    expect(a.update(false, 750)).toBe(false);
    expect(a.update(true, 800)).toBe(false);
    expect(a.update(true, 1500)).toBe(false);
    expect(a.update(true, 1600)).toBe(true);
  });
});
