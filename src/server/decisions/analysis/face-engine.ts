import { createRequire } from 'node:module';
import sharp from 'sharp';
import {
  faceApiModelDir, faceApiWasmEntry, humanModelDir, humanWasmEntry, readModelArtifacts, tfjsWasmDir,
} from './model-files';
import { eyeOpenness, type MeshPoint } from './face-geometry';
import { CHIP_SIZE, faceChip, mirrorChip, type RgbImage } from './face-chip';

const require = createRequire(import.meta.url);

/** What the engine reads off one image: the largest face, its pose and its 128-d descriptor. */
export interface FaceReading {
  faces: number;
  /** Detector confidence of the face used (0..1). */
  score: number;
  /** Box of that face in the image's pixels (after EXIF rotation): x, y, width, height. */
  box: [number, number, number, number];
  /** Head pose in degrees (Human's mesh): yaw positive = the person's left, pitch, roll. */
  yawDeg: number;
  pitchDeg: number;
  /** Eyelid gap over eye width, both eyes averaged (≈0.25–0.35 open, < 0.15 closed). */
  eyeOpenness: number;
  /** dlib's face descriptor (face-api's port of its recognition net) of the dlib-aligned chip; L2 distances compare people. */
  descriptor: number[];
}

interface Tensor { dispose(): void; shape: number[] }
interface HumanFace { box: [number, number, number, number]; score: number; mesh: MeshPoint[]; rotation?: { angle: { yaw: number; pitch: number; roll: number } } }
interface Human { load(): Promise<void>; detect(t: Tensor): Promise<{ face: HumanFace[] }>; tf: Tf }
interface Tf {
  tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  io: { registerLoadRouter(r: (url: unknown) => unknown): void };
  setBackend(name: string): Promise<boolean>; ready(): Promise<void>;
}
interface FaceApi {
  tf: Tf;
  computeFaceDescriptor(t: Tensor): Promise<Float32Array>;
  nets: { faceRecognitionNet: { loadFromDisk(dir: string): Promise<void> } };
}

const HUMAN_CONFIG = {
  backend: 'wasm', wasmPath: tfjsWasmDir, modelBasePath: `file://${humanModelDir}/`, debug: false,
  // Every image is judged on its own: nothing cached or skipped between calls.
  cacheSensitivity: 0, skipAllowed: false,
  face: {
    enabled: true,
    detector: { rotation: true, maxDetected: 5, minConfidence: 0.4, skipFrames: 0, return: false },
    mesh: { enabled: true }, iris: { enabled: true }, description: { enabled: false }, emotion: { enabled: false },
    antispoof: { enabled: false }, liveness: { enabled: false }, attention: { enabled: false },
  },
  body: { enabled: false }, hand: { enabled: false }, object: { enabled: false }, gesture: { enabled: false },
  segmentation: { enabled: false }, filter: { enabled: false },
};

const RAD = 180 / Math.PI;

export interface FaceEngine { read(image: Buffer): Promise<FaceReading | null> }

/**
 * A face narrower than this share of the picture's long side is looked at again, closer: a
 * document's portrait in a whole camera frame (~8 % of a 1080×1920 frame). The detector sees
 * the whole picture at 256 px, where such a face is ~20 px and its box is coarse; the mesh, and
 * so the alignment, follow the box.
 */
const REFINE_BELOW_SHARE = 0.2;
/** Side of the second look's crop, in face widths, and the width the face is brought to there, px. */
const REFINE_CROP_FACES = 2.5;
const REFINE_FACE_PX = 224;
/** Most a small face is enlarged for the second look (Lanczos); beyond, there is no detail to find. */
const REFINE_MAX_UPSCALE = 3;

/**
 * Loads the detector + mesh (Human) and the recognition net (face-api) on tfjs's WebAssembly
 * backend. CPU-heavy: run it in a worker thread, never on the server's request thread.
 */
export async function loadFaceEngine(opts: { refineSmallFaces?: boolean } = {}): Promise<FaceEngine> {
  const refineSmallFaces = opts.refineSmallFaces ?? true;
  const { Human } = require(humanWasmEntry) as { Human: new (c: unknown) => Human };
  const faceapi = require(faceApiWasmEntry) as FaceApi;
  const human = new Human(HUMAN_CONFIG);
  const fileRouter = (url: unknown) => (typeof url === 'string' && url.startsWith('file://')
    ? { load: async () => readModelArtifacts(url.slice('file://'.length)) } : null);
  human.tf.io.registerLoadRouter(fileRouter);
  await human.load();
  await faceapi.tf.setBackend('wasm');
  await faceapi.tf.ready();
  await faceapi.nets.faceRecognitionNet.loadFromDisk(faceApiModelDir);

  async function tensorOf(image: Buffer): Promise<{ t: Tensor; rgb: RgbImage; width: number; height: number }> {
    const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const rgb = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    return { t: human.tf.tensor3d(rgb.data, [info.height, info.width, 3], 'int32'), rgb, width: info.width, height: info.height };
  }

  async function detect(image: Buffer) {
    const { t, rgb, width, height } = await tensorOf(image);
    const faces = (await human.detect(t)).face;
    return { t, rgb, width, height, faces };
  }

  /**
   * The descriptor of the dlib-aligned chip of `face` in `rgb`: the mean of the chip's and its
   * mirror image's (a face is nearly symmetric; averaging the two views evens out pose and light
   * on one side: on real photos the same person missed at 0.1 % false accepts fell 6.6 % -> 5.5 %).
   */
  async function describe(rgb: RgbImage, face: HumanFace): Promise<Float32Array> {
    const first = faceChip(rgb, face.mesh);
    let chip = first.chip;
    // A face much larger than the chip: shrink the picture first (dlib samples from a pyramid;
    // bilinear sampling from far above would alias), so that the chip is taken at scale ≥ ~0.6.
    if (first.scale < 0.5) {
      const f = first.scale * 1.25;
      const width = Math.max(1, Math.round(rgb.width * f));
      const height = Math.max(1, Math.round(rgb.height * f));
      const data = await sharp(Buffer.from(rgb.data.buffer, rgb.data.byteOffset, rgb.data.length), { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
        .resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
      const mesh = face.mesh.map((p) => [p[0]! * (width / rgb.width), p[1]! * (height / rgb.height)]);
      chip = faceChip({ data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height }, mesh).chip;
    }
    const [a, b] = [await embed(chip), await embed(mirrorChip(chip))];
    return a.map((v, i) => (v + b[i]!) / 2);
  }

  async function embed(chip: Uint8Array): Promise<Float32Array> {
    const t = faceapi.tf.tensor3d(chip, [CHIP_SIZE, CHIP_SIZE, 3], 'int32');
    try {
      return await faceapi.computeFaceDescriptor(t);
    } finally {
      t.dispose();
    }
  }

  /**
   * The face found again in a crop around it, enlarged so the face is ~REFINE_FACE_PX wide:
   * the detector's box, the mesh and the alignment then come from the face's own pixels. The
   * returned mesh is in the crop's pixels (with `rgb` the crop); null when the second look
   * finds no face (the first one stands).
   */
  async function lookCloser(rgb: RgbImage, face: HumanFace): Promise<{ face: HumanFace; rgb: RgbImage } | null> {
    const [x, y, w, h] = face.box;
    const side = Math.max(w, h) * REFINE_CROP_FACES;
    const left = Math.max(0, Math.round(x + w / 2 - side / 2));
    const top = Math.max(0, Math.round(y + h / 2 - side / 2));
    const width = Math.min(rgb.width - left, Math.round(side));
    const height = Math.min(rgb.height - top, Math.round(side));
    if (width < 16 || height < 16) return null;
    const scale = Math.min(REFINE_MAX_UPSCALE, REFINE_FACE_PX / Math.max(1, w));
    const png = await sharp(Buffer.from(rgb.data.buffer, rgb.data.byteOffset, rgb.data.length), { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
      .extract({ left, top, width, height })
      .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { kernel: 'lanczos3' })
      .png().toBuffer();
    const second = await detect(png);
    try {
      if (second.faces.length === 0) return null;
      const found = [...second.faces].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0]!;
      return { face: found, rgb: second.rgb };
    } finally {
      second.t.dispose();
    }
  }

  async function read(image: Buffer): Promise<FaceReading | null> {
    let view = await detect(image);
    const touchesEdge = (f: HumanFace) => f.box[0] <= 1 || f.box[1] <= 1
      || f.box[0] + f.box[2] >= view.width - 1 || f.box[1] + f.box[3] >= view.height - 1;
    // The detector misses faces that fill the whole picture (tight crops, close selfies) or
    // boxes them short at the border: look again with a neutral margin around the image.
    if (view.faces.length === 0 || view.faces.every(touchesEdge)) {
      const padX = Math.round(view.width / 2);
      const padY = Math.round(view.height / 2);
      const padded = await sharp(image).rotate().extend({ top: padY, bottom: padY, left: padX, right: padX, background: '#808080' }).png().toBuffer();
      const second = await detect(padded);
      if (second.faces.length > 0) {
        view.t.dispose();
        view = second;
      } else {
        second.t.dispose();
      }
    }
    try {
      if (view.faces.length === 0) return null;
      let face = [...view.faces].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0]!;
      let rgb = view.rgb;
      if (refineSmallFaces && face.box[2] < REFINE_BELOW_SHARE * Math.max(view.width, view.height)) {
        const closer = await lookCloser(view.rgb, face);
        // The box reported stays in the picture's pixels; mesh, pose and eyes come from the closer look.
        if (closer) {
          face = { ...closer.face, box: face.box };
          rgb = closer.rgb;
        }
      }
      const descriptor = await describe(rgb, face);
      const angle = face.rotation?.angle ?? { yaw: 0, pitch: 0, roll: 0 };
      return {
        faces: view.faces.length, score: face.score, box: face.box.map(Math.round) as FaceReading['box'],
        yawDeg: angle.yaw * RAD, pitchDeg: angle.pitch * RAD, eyeOpenness: eyeOpenness(face.mesh),
        descriptor: Array.from(descriptor),
      };
    } finally {
      view.t.dispose();
    }
  }
  return { read };
}
