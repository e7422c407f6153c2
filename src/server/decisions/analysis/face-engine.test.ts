import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeIdCard, makeIdCardFrame } from '../../../../test-support/cards/id-card';
import { FACE_MATCH_MAX, FACE_MISMATCH_MIN } from '../face-thresholds';
import { loadFaceEngine, type FaceEngine, type FaceReading } from './face-engine';
import { descriptorDistance } from './face-geometry';

const fixture = (name: string) => readFileSync(`e2e/fixtures/${name}`);

/**
 * The project's fixture pairs: three people (Grace Hopper, the man of man_portrait.jpg, the Yale
 * sample's woman), each in several versions a verification meets (a card made from the photo
 * and photographed, other lighting, greyscale, heavy JPEG, rotation, mirror). These measure
 * robustness to processing, not identity (the thresholds come from real photos of real people:
 * bench/real-data): every processed same-person pair must match, and no different-person pair
 * may be approved.
 */
async function versions(): Promise<Record<string, { person: string; image: Buffer }>> {
  const grace = fixture('grace_hopper.jpg');
  const man = fixture('man_portrait.jpg');
  const yale = fixture('yale_lighting.jpg');
  const out: Record<string, { person: string; image: Buffer }> = {
    grace: { person: 'grace', image: grace },
    'grace-card': { person: 'grace', image: await sharp(await makeIdCard('e2e/fixtures/grace_hopper.jpg')).flatten({ background: '#fff' }).jpeg().toBuffer() },
    'grace-card-photo': { person: 'grace', image: await makeIdCardFrame('e2e/fixtures/grace_hopper.jpg', { width: 640, height: 480 }, { cardShare: 0.58 }) },
    'grace-dark-q30': { person: 'grace', image: await sharp(grace).modulate({ brightness: 0.6 }).jpeg({ quality: 30 }).toBuffer() },
    'grace-grey-small': { person: 'grace', image: await sharp(grace).greyscale().resize(200).jpeg().toBuffer() },
    'grace-rotated': { person: 'grace', image: await sharp(grace).rotate(12, { background: '#888' }).jpeg().toBuffer() },
    'grace-mirror': { person: 'grace', image: await sharp(grace).flop().jpeg().toBuffer() },
    man: { person: 'man', image: man },
    'man-card-photo': { person: 'man', image: await makeIdCardFrame('e2e/fixtures/man_portrait.jpg', { width: 640, height: 480 }, { cardShare: 0.58 }) },
  };
  // Yale top row: four lightings of one face, 166x190 each, cropped tight (the detector's hard case).
  for (let i = 0; i < 4; i++) {
    out[`yale-${i}`] = { person: 'yale', image: await sharp(yale).extract({ left: 166 * i, top: 0, width: 166, height: 190 }).jpeg().toBuffer() };
  }
  return out;
}

describe('face engine (Human detector + mesh, dlib-aligned chip, dlib descriptor)', () => {
  let engine: FaceEngine;
  const readings: Record<string, { person: string; r: FaceReading | null }> = {};

  beforeAll(async () => {
    engine = await loadFaceEngine();
    for (const [name, v] of Object.entries(await versions())) readings[name] = { person: v.person, r: await engine.read(v.image) };
  }, 180_000);

  it('finds exactly one face on every version and none on the cat', async () => {
    for (const [name, { r }] of Object.entries(readings)) expect(r?.faces, name).toBe(1);
    expect(await engine.read(fixture('chelsea.png'))).toBeNull();
  });

  it('matches every same-person pair and approves no different-person pair', () => {
    const names = Object.keys(readings);
    const same: number[] = [];
    const different: number[] = [];
    const errors: string[] = [];
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const a = readings[names[i]!]!;
        const b = readings[names[j]!]!;
        const d = descriptorDistance(a.r!.descriptor, b.r!.descriptor);
        if (a.person === b.person) {
          same.push(d);
          if (d > FACE_MATCH_MAX) errors.push(`${names[i]} ~ ${names[j]}: ${d.toFixed(3)} (same person, not matched)`);
        } else {
          different.push(d);
          if (d <= FACE_MATCH_MAX) errors.push(`${names[i]} ~ ${names[j]}: ${d.toFixed(3)} (different people, approved)`);
        }
      }
    }
    console.log(`face pairs: same ${same.length} (max ${Math.max(...same).toFixed(3)}), different ${different.length} (min ${Math.min(...different).toFixed(3)}; ${different.filter((d) => d >= FACE_MISMATCH_MIN).length} past the decline threshold)`);
    expect(errors).toEqual([]);
    expect(same.length).toBeGreaterThan(20);
    expect(different.length).toBeGreaterThan(30);
  });

  it('reads a frontal pose and open eyes on a frontal portrait (the liveness re-check baseline)', () => {
    const grace = readings.grace!.r!;
    expect(Math.abs(grace.yawDeg)).toBeLessThan(8);
    expect(grace.eyeOpenness).toBeGreaterThan(0.25);
  });
});
