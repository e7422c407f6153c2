import { describe, expect, it } from 'vitest';
import { eyeAspectRatio, poseFromLandmarks, poseFromMatrix, signatureDistance, type Landmark } from './face-measures';
import { RECORDED_FRAME, facesOf, recorded, recordedFaces } from './fixtures/recorded';

/** Column-major 4×4 of a rotation about the vertical axis by `yawDeg` then about x by `pitchDeg`. */
function rotation(yawDeg: number, pitchDeg = 0): number[] {
  const y = (yawDeg * Math.PI) / 180;
  const p = (pitchDeg * Math.PI) / 180;
  // Forward axis (third column): (sin y cos p, sin p, cos y cos p).
  const col2 = [Math.sin(y) * Math.cos(p), Math.sin(p), Math.cos(y) * Math.cos(p)];
  return [Math.cos(y), 0, -Math.sin(y), 0, 0, 1, 0, 0, ...col2, 0, 0, 0, -40, 1];
}

describe('poseFromMatrix', () => {
  it('reads yaw and pitch from where the face points', () => {
    const pose = poseFromMatrix(rotation(25, -10));
    expect(pose.yawDeg).toBeCloseTo(25, 5);
    expect(pose.pitchDeg).toBeCloseTo(-10, 5);
  });
});

describe('eyeAspectRatio', () => {
  it('is the eye height over its width in px, whatever the frame aspect', () => {
    // An eye 40 px wide and 10 px high in a 640x480 frame.
    const px = (x: number, y: number): Landmark => ({ x: x / 640, y: y / 480, z: 0 });
    const eye: Landmark[] = [];
    [[0, px(100, 100)], [1, px(113, 95)], [2, px(127, 95)], [3, px(140, 100)], [4, px(127, 105)], [5, px(113, 105)]].forEach(
      ([i, p]) => (eye[i as number] = p as Landmark),
    );
    expect(eyeAspectRatio(eye, [0, 1, 2, 3, 4, 5], { width: 640, height: 480 })).toBeCloseTo(0.25, 5);
  });
});

describe('measures on recorded landmark sequences', () => {
  const turns = facesOf(recorded('turns'));
  const neutral = turns[0]!;

  it('reads a turn to the person’s own left as positive yaw and to the right as negative', () => {
    // Frames 15–20 hold the head at 40° to its left, 40–45 at 40° to its right (rendered).
    expect(turns[17]!.yawDeg - neutral.yawDeg).toBeGreaterThan(20);
    expect(turns[42]!.yawDeg - neutral.yawDeg).toBeLessThan(-20);
  });

  it('turns the landmark-only fallback the same way as the matrix', () => {
    const raw = recordedFaces('turns');
    const fallback = (i: number) => poseFromLandmarks(raw[i]!.faces[0]!.landmarks, RECORDED_FRAME).yawDeg;
    const matrix = (i: number) => poseFromMatrix(raw[i]!.faces[0]!.matrix!).yawDeg;
    for (const i of [17, 42]) {
      const fromFallback = fallback(i) - fallback(0);
      const fromMatrix = matrix(i) - matrix(0);
      expect(Math.sign(fromFallback)).toBe(Math.sign(fromMatrix));
      expect(Math.abs(fromFallback)).toBeGreaterThan(10);
    }
  });

  it('does not read tilting, sliding or zooming a photo as a head turn', () => {
    for (const name of ['roll', 'slide', 'zoom'] as const) {
      const faces = facesOf(recorded(name));
      const base = faces[0]!;
      const worst = Math.max(...faces.map((f) => Math.abs(f.yawDeg - base.yawDeg)));
      expect(worst, name).toBeLessThan(9);
    }
    const roll = facesOf(recorded('roll'));
    // …while the tilt itself is seen.
    expect(Math.max(...roll.map((f) => f.rollDeg)) - Math.min(...roll.map((f) => f.rollDeg))).toBeGreaterThan(40);
  });

  it('sees closed eyes as less open than the same person’s open eyes', () => {
    for (const name of ['blinks', 'blinks-other-person'] as const) {
      const faces = facesOf(recorded(name));
      const open = faces[0]!.eyeOpenness;
      // Frames 11–12 are fully closed.
      expect(faces[11]!.eyeOpenness / open, name).toBeLessThan(0.81);
      expect(faces[20]!.eyeOpenness / open, name).toBeGreaterThan(0.97);
    }
  });

  it('keeps one person’s identity signature close and tells two people apart', () => {
    const grace = facesOf(recorded('still'))[0]!;
    const other = facesOf(recorded('still-other-person'))[0]!;
    for (const name of ['slide', 'zoom', 'roll', 'blinks'] as const) {
      for (const face of facesOf(recorded(name))) expect(signatureDistance(face.signature, grace.signature)).toBeLessThan(0.035);
    }
    expect(signatureDistance(grace.signature, other.signature)).toBeGreaterThan(0.05);
  });

  it('puts the face box around the face, normalised to the frame', () => {
    const face = facesOf(recorded('still'))[0]!;
    // The recording frames the face at ~0.36 of the frame width, centred at (0.5, 0.47).
    expect(face.size).toBeGreaterThan(0.3);
    expect(face.size).toBeLessThan(0.42);
    expect(face.centre.x).toBeCloseTo(0.5, 1);
    expect(face.box.height).toBeGreaterThan(face.box.width);
  });
});
