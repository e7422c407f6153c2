import { describe, expect, it, vi } from 'vitest';
import type { LivenessChallenge } from '../../../contract/liveness-session';
import { livenessResultSchema } from '../../../contract/liveness';
import { RECORDED_FRAME, recordedFaces, type SequenceName } from '../../../vision/face/fixtures/recorded';
import type { OvalGuide } from '../../../vision/face/face-guidance';
import { createFaceSession, type DetectedFaces, type FrameImage } from './face-session';
import type { WorkerUpdate } from './face-protocol';

const OVAL: OvalGuide = { cx: 0.5, cy: 0.47, width: (0.62 * 480 * 0.78) / 640, height: 0.62 };
const CHALLENGE: LivenessChallenge = {
  challengeId: 'lch_1', actions: ['turn-left', 'blink'], actionTimeoutMs: 12_000, attempt: 1, maxAttempts: 3, expiresAt: '2030-01-01T00:00:00.000Z',
};

interface FakeImage extends FrameImage {
  id: number;
  close: ReturnType<typeof vi.fn<() => void>>;
}

/** A session whose "landmarker" plays back recorded frames [from, to) of each part, one per call. */
function setup(...parts: [SequenceName, number?, number?][]) {
  const frames: DetectedFaces[] = parts.flatMap(([name, from, to]) =>
    recordedFaces(name)
      .slice(from, to)
      .map(({ faces }) => ({ landmarks: faces.map((f) => f.landmarks), matrices: faces.map((f) => f.matrix) })),
  );
  const timestamps: number[] = [];
  const images: FakeImage[] = [];
  let next = 0;
  const session = createFaceSession<FakeImage>({
    detect(_image, timestampMs) {
      timestamps.push(timestampMs);
      return frames[next++]!;
    },
    encode: async (image) => new Blob([`jpeg of frame ${image.id}`], { type: 'image/jpeg' }),
    now: () => 0,
  });
  let clock = 0;
  const feed = async (count: number): Promise<WorkerUpdate[]> => {
    const updates: WorkerUpdate[] = [];
    for (let i = 0; i < count; i++) {
      const image: FakeImage = { id: images.length, width: RECORDED_FRAME.width, height: RECORDED_FRAME.height, close: vi.fn<() => void>() };
      images.push(image);
      clock += 66;
      updates.push(...(await session.frame(image, clock, OVAL)));
    }
    return updates;
  };
  return { session, feed, images, timestamps, now: () => clock };
}

describe('face session', () => {
  it('guides until the face is steady, closing every frame', async () => {
    const { feed, images } = setup(['still']);
    const updates = await feed(6);
    expect(updates.map((u) => (u.kind === 'guidance' ? u.hint : u.kind))).toEqual(['hold-still', 'hold-still', 'hold-still', 'ready', 'ready', 'ready']);
    expect(images.every((image) => image.close.mock.calls.length === 1)).toBe(true);
  });

  it('runs a challenge from the guidance frames’ neutral pose to a passed result with JPEG evidence', async () => {
    // 8 guidance frames of turns.json (neutral), then its left turn and back, then the blinks.
    const { session, feed, images, now } = setup(['turns', 0, 33], ['blinks']);
    await feed(8);
    session.startChallenge(CHALLENGE, now());
    const updates = await feed(25 + 35);
    const done = updates.find((u) => u.kind === 'challenge-done');
    if (done?.kind !== 'challenge-done') throw new Error('no challenge-done');
    expect(livenessResultSchema.parse(done.result).verdict).toBe('passed');
    expect(done.evidence.map((e) => e.label)).toEqual(['neutral', 'turn-left', 'return', 'blink', 'return']);
    expect(await done.evidence[0]!.blob.text()).toMatch(/^jpeg of frame \d+$/);
    const progress = updates.filter((u) => u.kind === 'challenge');
    expect(progress.length).toBeGreaterThan(10);
    // Every picture is closed exactly once, kept ones after encoding; later frames are guided.
    expect(images.every((image) => image.close.mock.calls.length === 1)).toBe(true);
    expect(updates.at(-1)!.kind).toBe('guidance');
  });

  it('frees kept evidence when the challenge is cancelled, and guides again', async () => {
    const { session, feed, images, now } = setup(['turns']);
    await feed(8);
    session.startChallenge(CHALLENGE, now());
    await feed(12);
    session.cancelChallenge();
    expect(images.every((image) => image.close.mock.calls.length === 1)).toBe(true);
    expect((await feed(1))[0]!.kind).toBe('guidance');
  });

  it('gives the landmarker growing timestamps even when frames share one', async () => {
    const { session, timestamps } = setup(['still']);
    const image = () => ({ id: 0, width: 640, height: 480, close: vi.fn<() => void>() });
    await session.frame(image(), 100, OVAL);
    await session.frame(image(), 100, OVAL);
    await session.frame(image(), 90, OVAL);
    expect(timestamps).toEqual([100, 101, 102]);
  });

  it('closes the frame and rethrows when the landmarker fails', async () => {
    const session = createFaceSession<FakeImage>({
      detect: () => {
        throw new Error('wasm trap');
      },
      encode: async () => new Blob(),
      now: () => 0,
    });
    const image: FakeImage = { id: 0, width: 640, height: 480, close: vi.fn<() => void>() };
    await expect(session.frame(image, 1, OVAL)).rejects.toThrow('wasm trap');
    expect(image.close).toHaveBeenCalledTimes(1);
  });
});
