import { describe, expect, it } from 'vitest';
import type { FaceMeasures } from './face-measures';
import { guideFace, type OvalGuide } from './face-guidance';
import { facesOf, recorded } from './fixtures/recorded';

// The oval a 640x480 desktop preview draws (ovalForView: 0.62 × 480 × 0.78 px wide, centred at
// 47 % of the height), in frame coordinates: the recordings frame the face to fill it.
const OVAL: OvalGuide = { cx: 0.5, cy: 0.47, width: (0.62 * 480 * 0.78) / 640, height: (0.62 * 480) / 480 };

const still = facesOf(recorded('still'));
const steady = [[still[0]!], [still[1]!], [still[2]!]];

function hint(face: FaceMeasures, oval: OvalGuide = OVAL, previous: FaceMeasures[][] = steady) {
  return guideFace({ faces: [face], previous, oval });
}

describe('guideFace on recorded faces', () => {
  it('is ready for a centred, frontal, steady face that fills the oval', () => {
    expect(hint(still[3]!)).toBe('ready');
  });

  it('asks to hold still until a few steady frames were seen', () => {
    expect(hint(still[3]!, OVAL, [])).toBe('hold-still');
    const zoom = facesOf(recorded('zoom'));
    expect(hint(zoom[20]!, OVAL, [[zoom[17]!], [zoom[18]!], [zoom[19]!]])).toBe('hold-still');
  });

  it('says no face, or more than one', () => {
    expect(guideFace({ faces: [], previous: steady, oval: OVAL })).toBe('no-face');
    expect(guideFace({ faces: [still[0]!, still[1]!], previous: steady, oval: OVAL })).toBe('multiple-faces');
  });

  it('judges the distance against the oval', () => {
    expect(hint(still[3]!, { ...OVAL, width: OVAL.width * 2.2, height: OVAL.height * 2.2 })).toBe('too-far');
    expect(hint(still[3]!, { ...OVAL, width: OVAL.width * 0.8, height: OVAL.height * 0.8 })).toBe('too-close');
  });

  it('asks to centre the face in the oval', () => {
    expect(hint(still[3]!, { ...OVAL, cx: 0.3 })).toBe('off-centre');
    const slid = facesOf(recorded('slide'));
    // Frame 15: the photo slid 170 px (0.27 of the frame) to the right.
    expect(hint(slid[15]!)).toBe('off-centre');
  });

  it('asks to look straight when the head is turned', () => {
    const turns = facesOf(recorded('turns'));
    expect(hint(turns[17]!)).toBe('look-straight');
    expect(hint(turns[42]!)).toBe('look-straight');
  });

  it('says the eyes are closed only when clearly so', () => {
    expect(hint({ ...still[3]!, eyeOpenness: 0.08 })).toBe('eyes-closed');
    // A recorded blink of this model reads ~0.2: not "clearly closed".
    expect(hint(facesOf(recorded('blinks'))[11]!, OVAL, [[still[0]!], [still[1]!], [still[2]!]])).toBe('ready');
  });
});
