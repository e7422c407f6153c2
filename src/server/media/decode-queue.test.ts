import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeStats, processUpload } from './process-upload';

// Full decodes are bounded per process: a burst of uploads queues (first come, first served)
// instead of decoding all at once, so memory and CPU stay bounded whatever arrives.
describe('decode queue', () => {
  it('decodes at most two images at once; the rest wait their turn and all complete', async () => {
    const image = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    let peak = 0;
    let sawWaiting = false;
    const jobs = Array.from({ length: 8 }, () => processUpload(image));
    const sample = setInterval(() => {
      const s = decodeStats();
      peak = Math.max(peak, s.active);
      sawWaiting ||= s.waiting > 0;
    }, 1);
    const results = await Promise.all(jobs);
    clearInterval(sample);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
    expect(sawWaiting).toBe(true);
    expect(decodeStats()).toMatchObject({ active: 0, waiting: 0 });
  });
});
