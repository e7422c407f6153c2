import { describe, expect, it } from 'vitest';
import { accentProperties, contrastRatio, luminance, parseHexColour } from './branding';

describe('branding colours', () => {
  it('accepts only hex colours', () => {
    expect(parseHexColour('#0af')).toEqual([0, 170, 255]);
    expect(parseHexColour('#FF8800')).toEqual([255, 136, 0]);
    expect(parseHexColour('red')).toBeNull();
    expect(parseHexColour('#12345')).toBeNull();
    expect(parseHexColour('url(x)')).toBeNull();
    expect(accentProperties('expression(alert(1))')).toEqual({});
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio(luminance([0, 0, 0]), luminance([255, 255, 255]))).toBeCloseTo(21, 1);
  });

  it('picks the more legible label colour for the accent', () => {
    expect(accentProperties('#1f4fd1')['--idv-on-accent']).toBe('#ffffff');
    expect(accentProperties('#ffd400')['--idv-on-accent']).toBe('#14161a');
    expect(accentProperties('#ffd400')['--idv-accent']).toBe('rgb(255 212 0)');
  });
});
