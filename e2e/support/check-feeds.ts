// Proof that each camera feed shows what the journeys need, seen the way the app sees it:
// Chromium's fake camera plays the file, a page reads it with getUserMedia, draws every frame to
// a canvas and runs the app's FaceLandmarker (public/models/face_landmarker.task, VIDEO mode,
// CPU) on it (feed-capture.ts); the app's own face measures and liveness judge then read the
// frames. Prints the numbers; exits non-zero when a feed fails its expectations.
//   npx tsx e2e/support/check-feeds.ts [feed names or .mjpeg paths…]
// Without public/models (npm run build makes it) only the pixel checks run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { MEASURED_LANDMARKS, measureFace, type FaceMeasures, type Landmark } from '../../src/vision/face/face-measures';
import { feed, type FeedName } from './camera';
import { capture, type Capture } from './feed-capture';
import { LANDMARKER_MODEL } from './landmarker-harness';
import { judgeChallenges, type Sample } from './replay-challenges';

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};
const f = (v: number, d = 1) => v.toFixed(d);

/** The page's raw landmarks turned into the app's own face measures. */
function measured(c: Capture): Sample[] {
  const frame = { width: c.width, height: c.height };
  return c.samples.map(({ t, faces }) => ({
    t,
    faces: faces.map(({ points, matrix }) => {
      const landmarks: Array<Landmark | undefined> = new Array(478);
      MEASURED_LANDMARKS.forEach((index, k) => (landmarks[index] = { x: points[3 * k]!, y: points[3 * k + 1]!, z: points[3 * k + 2]! }));
      return measureFace(landmarks, frame, matrix);
    }),
  }));
}

/** Separate stretches where `value` passes `test` (gaps of up to 2 samples joined): [start s, end s, extreme]. */
function events(samples: Sample[], value: (face: FaceMeasures) => number | null, test: (v: number) => boolean, pick: (a: number, b: number) => number) {
  const found: Array<[number, number, number]> = [];
  let last = -10;
  samples.forEach((s, i) => {
    const v = s.faces.length === 1 ? value(s.faces[0]!) : null;
    if (v === null || !test(v)) return;
    const current = found[found.length - 1];
    if (current && i - last <= 3) {
      current[1] = s.t;
      current[2] = pick(current[2], v);
    } else {
      found.push([s.t, s.t, v]);
    }
    last = i;
  });
  return found;
}

interface Verdict {
  lines: string[];
  failures: string[];
}

function judgePixels(c: Capture, v: Verdict): void {
  const diffs = c.stats.map((s) => s.frameDiff).filter((d) => d >= 0);
  const mean = c.stats.reduce((m, s) => m.map((x, i) => x + s.mean[i]! / c.stats.length), [0, 0, 0]);
  const green = Math.max(...c.stats.map((s) => s.greenShare));
  const std = Math.min(...c.stats.map((s) => s.lumaStd));
  const sharp = c.stats.map((s) => s.sharpness);
  v.lines.push(`  ${c.width}x${c.height}, ${c.frames} frames seen; mean RGB ${mean.map((x) => f(x, 0)).join('/')}, luma std ≥ ${f(std)}, green share ≤ ${f(green * 100)} %`);
  v.lines.push(`  frame-to-frame |Δluma| ${f(Math.min(...diffs), 2)}–${f(Math.max(...diffs), 2)} (median ${f(median(diffs), 2)}); centre sharpness (Laplacian var) ${f(Math.min(...sharp), 0)}–${f(Math.max(...sharp), 0)}`);
  if (c.width !== 640 || c.height !== 480) v.failures.push(`size ${c.width}x${c.height}, not 640x480`);
  if (green > 0.3 || std < 10) v.failures.push('looks like Chromium\'s plain green / flat picture');
  if (Math.min(...diffs) <= 0.2) v.failures.push('frames do not change (no sensor noise, or frozen)');
}

/** What a feed must show: a face that turns and blinks, a face that does neither, no face; `any`: numbers only. */
type Expect = 'liveness' | 'still' | 'no-face' | 'any';

const EXPECT: Record<string, Expect> = {
  'face-liveness': 'liveness', 'face-still': 'still', face: 'still', cat: 'no-face', 'card-steady': 'any', 'card-blurred': 'any', 'id-card': 'any',
};

function judgeFace(expect: Expect, c: Capture, loopS: number, v: Verdict): void {
  const samples = measured(c);
  const seen = samples.filter((x) => x.faces.length === 1);
  v.lines.push(`  landmarker: ${samples.length} frames analysed, one face in ${seen.length}, two+ in ${samples.filter((x) => x.faces.length > 1).length}`);
  if (expect === 'no-face' && seen.length) v.failures.push('a face was found');
  if (seen.length < 0.5 * samples.length) return;
  if (expect !== 'any' && seen.length < 0.95 * samples.length) v.failures.push('face lost in more than 5 % of frames');
  const one = (x: Sample) => x.faces[0]!;
  const first = seen.filter((x) => x.t < 1.4).map(one);
  const neutralYaw = median(first.map((x) => x.yawDeg));
  const neutralEar = median(first.map((x) => x.eyeOpenness));
  const yaw = seen.map((x) => one(x).yawDeg - neutralYaw);
  const share = seen.map((x) => one(x).eyeOpenness / neutralEar);
  const firstYaw = first.map((x) => x.yawDeg - neutralYaw);
  const firstX = first.map((x) => x.centre.x);
  v.lines.push(`  first 1.4 s (${first.length} frames): yaw ${f(neutralYaw)}° (±${f(Math.max(...firstYaw.map(Math.abs)))}), eye aspect ratio ${f(neutralEar, 3)}, centre x moves ${f((Math.max(...firstX) - Math.min(...firstX)) * 640)} px`);
  v.lines.push(`  face width (cheek to cheek) ${f(Math.min(...seen.map((x) => one(x).size)) * 100)}–${f(Math.max(...seen.map((x) => one(x).size)) * 100)} % of the frame, centre (${f(median(first.map((x) => x.centre.x)), 3)}, ${f(median(first.map((x) => x.centre.y)), 3)})`);
  v.lines.push(`  yaw from neutral ${f(Math.min(...yaw))}° … +${f(Math.max(...yaw))}°; eye aspect ratio / neutral ${f(Math.min(...share), 2)} … ${f(Math.max(...share), 2)}`);
  const lefts = events(seen, (x) => x.yawDeg - neutralYaw, (d) => d >= 18, Math.max);
  const rights = events(seen, (x) => x.yawDeg - neutralYaw, (d) => d <= -18, Math.min);
  const blinks = events(seen, (x) => (Math.abs(x.yawDeg - neutralYaw) < 8 ? x.eyeOpenness / neutralEar : null), (r) => r < 0.85, Math.min);
  const show = (e: Array<[number, number, number]>, unit: string, d: number) => e.map(([a, b, x]) => `${f(a)}–${f(b)} s (${f(x, d)}${unit})`).join(', ') || 'none';
  v.lines.push(`  turned to the person's left (≥ 18° read): ${show(lefts, '°', 1)}`);
  v.lines.push(`  turned to the person's right (≤ −18° read): ${show(rights, '°', 1)}`);
  v.lines.push(`  eyes below 0.85 of neutral while facing the camera: ${show(blinks, '×', 2)}`);
  if (expect !== 'any' && Math.max(...firstYaw.map(Math.abs)) > 3) v.failures.push('the first 1.4 s are not steady in yaw');
  // The app's own judge on these measurements, the clip replayed from many start points.
  const challenges = judgeChallenges(seen, loopS, first);
  for (const line of challenges.lines) v.lines.push(`  ${line}`);
  if (expect === 'liveness') {
    if (!(Math.max(...yaw) >= 25)) v.failures.push(`left turn reads only ${f(Math.max(...yaw))}° (want ≥ 25°)`);
    if (!(Math.min(...yaw) <= -25)) v.failures.push(`right turn reads only ${f(Math.min(...yaw))}° (want ≤ −25°)`);
    if (!blinks.some(([, , x]) => x < 0.75)) v.failures.push('no blink with the eye aspect ratio below 0.75 of neutral');
    if (challenges.passed < challenges.tried) v.failures.push(`the app's judge passed only ${challenges.passed} of ${challenges.tried} replayed challenges`);
  } else if (expect === 'still') {
    if (Math.max(...yaw.map(Math.abs)) > 10) v.failures.push('a still photo reads as turning');
    if (blinks.length) v.failures.push('a still photo reads as blinking');
    if (challenges.passed > 0) v.failures.push(`the app's judge passed ${challenges.passed} replayed challenges on a still photo`);
  }
}

/** Clip length, s, at Chromium's fixed 30 fps. */
function loopSeconds(path: string): number {
  const out = execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', path]);
  return Number(String(out).trim()) / 30;
}

async function main(): Promise<void> {
  // Feed names, or paths of any fake-camera files (numbers only for those).
  const names = process.argv.slice(2).length ? process.argv.slice(2) : ['card-steady', 'card-blurred', 'face-still', 'face-liveness', 'cat'];
  const detect = existsSync(LANDMARKER_MODEL);
  if (!detect) console.log(`${LANDMARKER_MODEL} missing (npm run build makes it): pixel checks only`);
  let failed = 0;
  for (const name of names) {
    const isFile = /\.(mjpeg|y4m)$/i.test(name);
    const path = isFile ? resolve(name) : await feed(name as FeedName);
    const loopS = loopSeconds(path);
    // A whole loop and a bit: the replayed challenges need every frame of the clip.
    const c = await capture(path, Math.max(2.5, loopS + 0.5), detect);
    const v: Verdict = { lines: [`  clip: ${f(loopS * 30, 0)} frames, ${f(loopS, 2)} s a loop`], failures: [] };
    judgePixels(c, v);
    if (detect) judgeFace(isFile ? 'any' : EXPECT[name] ?? 'any', c, loopS, v);
    console.log(`${v.failures.length ? 'FAIL' : 'ok  '} ${name} (${path})`);
    for (const line of v.lines) console.log(line);
    for (const failure of v.failures) console.log(`  ✗ ${failure}`);
    if (v.failures.length) failed++;
    if (process.env.CHECK_FEEDS_DUMP) {
      for (const x of measured(c)) {
        const face = x.faces[0];
        console.log(`    ${f(x.t, 2)} faces ${x.faces.length}${face ? ` yaw ${f(face.yawDeg)} ear ${f(face.eyeOpenness, 3)}` : ''}`);
      }
    }
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
