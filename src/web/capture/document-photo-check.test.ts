import { describe, expect, it, vi } from 'vitest';
import { checkDocumentCapture, portraitRegions, type DocumentCheckDeps } from './document-photo-check';

const corners = [{ x: 0.1, y: 0.2 }, { x: 0.9, y: 0.2 }, { x: 0.9, y: 0.7 }, { x: 0.1, y: 0.7 }];

describe('where the card portrait is looked for', () => {
  it('the whole card, then its left and right parts, which overlap and together cover it', () => {
    const [card, left, right] = portraitRegions(corners);
    expect(card!.x).toBeCloseTo(0.08);
    expect(card!.y).toBeCloseTo(0.18);
    expect(left!.x).toBeCloseTo(card!.x);
    expect(right!.x + right!.width).toBeCloseTo(card!.x + card!.width);
    // Overlap in the middle: a portrait there is whole in one of the parts.
    expect(left!.x + left!.width).toBeGreaterThan(right!.x + 0.1 * card!.width);
    for (const r of [left!, right!]) expect(r).toMatchObject({ y: card!.y, height: card!.height });
  });

  it('without the card found, the whole photo only', () => {
    expect(portraitRegions(null)).toEqual([{ x: 0, y: 0, width: 1, height: 1 }]);
  });
});

describe('document photo notes', () => {
  const deps = (portrait: boolean | null): DocumentCheckDeps => ({
    findDocument: vi.fn(async () => ({ found: true, corners })),
    portraitVisible: vi.fn(async () => portrait),
    quality: vi.fn(async () => []),
  });
  it('no-portrait only when the detector ran and saw no face', async () => {
    const image = { blob: new Blob(['x']), belowMinimum: false };
    expect(await checkDocumentCapture(image, { expectPortrait: true }, deps(false))).toEqual(['no-portrait']);
    expect(await checkDocumentCapture(image, { expectPortrait: true }, deps(true))).toEqual([]);
    expect(await checkDocumentCapture(image, { expectPortrait: true }, deps(null))).toEqual([]);
    expect(await checkDocumentCapture(image, { expectPortrait: false }, deps(false))).toEqual([]);
  });
});
