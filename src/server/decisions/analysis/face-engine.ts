import { createRequire } from 'node:module';
import sharp from 'sharp';
import {
  faceApiModelDir, faceApiWasmEntry, humanModelDir, humanWasmEntry, readModelArtifacts, tfjsWasmDir,
} from './model-files';
import { eyeOpenness, type MeshPoint } from './face-geometry';

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
  /** dlib-style face descriptor (face-api's recognition net), L2 distances compare people. */
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
interface FaceApiBox { x: number; y: number; width: number; height: number }
interface FaceApi {
  tf: Tf;
  Box: new (b: FaceApiBox) => FaceApiBox;
  extractFaceTensors(t: Tensor, boxes: FaceApiBox[]): Promise<Tensor[]>;
  computeFaceDescriptor(t: Tensor): Promise<Float32Array>;
  nets: {
    faceLandmark68Net: { loadFromDisk(dir: string): Promise<void>; detectLandmarks(t: Tensor): Promise<{ shiftBy(x: number, y: number): { align(): FaceApiBox } }> };
    faceRecognitionNet: { loadFromDisk(dir: string): Promise<void> };
  };
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
 * Loads the detector + mesh (Human) and the recognition net (face-api) on tfjs's WebAssembly
 * backend. CPU-heavy: run it in a worker thread, never on the server's request thread.
 */
export async function loadFaceEngine(): Promise<FaceEngine> {
  const { Human } = require(humanWasmEntry) as { Human: new (c: unknown) => Human };
  const faceapi = require(faceApiWasmEntry) as FaceApi;
  const human = new Human(HUMAN_CONFIG);
  const fileRouter = (url: unknown) => (typeof url === 'string' && url.startsWith('file://')
    ? { load: async () => readModelArtifacts(url.slice('file://'.length)) } : null);
  human.tf.io.registerLoadRouter(fileRouter);
  await human.load();
  await faceapi.tf.setBackend('wasm');
  await faceapi.tf.ready();
  await faceapi.nets.faceLandmark68Net.loadFromDisk(faceApiModelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(faceApiModelDir);

  async function tensorOf(image: Buffer): Promise<{ t: Tensor; width: number; height: number }> {
    const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    return { t: human.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32'), width: info.width, height: info.height };
  }

  async function detect(image: Buffer) {
    const { t, width, height } = await tensorOf(image);
    const faces = (await human.detect(t)).face;
    return { t, width, height, faces };
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
      const face = [...view.faces].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0]!;
      const [x, y, w, h] = face.box;
      const [crop] = await faceapi.extractFaceTensors(view.t, [new faceapi.Box({ x, y, width: w, height: h })]);
      const marks = await faceapi.nets.faceLandmark68Net.detectLandmarks(crop!);
      crop!.dispose();
      // face-api's own alignment (box from the 68 landmarks), as its descriptor was trained on.
      const [chip] = await faceapi.extractFaceTensors(view.t, [marks.shiftBy(x, y).align()]);
      const descriptor = await faceapi.computeFaceDescriptor(chip!);
      chip!.dispose();
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
