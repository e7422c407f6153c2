import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

// Server-side models come from npm packages on disk; nothing is fetched at run time (there may be
// no internet, and a vendor CDN must not see that a verification happened).
const require = createRequire(import.meta.url);

/** `@vladmandic/human`'s Node build on the WebAssembly backend (its package exports hide it). */
export const humanWasmEntry = require.resolve('@vladmandic/human').replace(/human\.node\.js$/, 'human.node-wasm.js');
export const humanModelDir = resolve(dirname(humanWasmEntry), '..', 'models');
export const faceApiWasmEntry = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'dist', 'face-api.node-wasm.js');
export const faceApiModelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
/** Directory of the tfjs WebAssembly binaries (trailing slash: tfjs joins names onto it). */
export const tfjsWasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + '/';

interface WeightsManifest {
  modelTopology?: unknown;
  format?: string;
  weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
}

/**
 * A tfjs model artifact read from a local `model.json` + shards: the loader tfjs uses for
 * `file://` URLs needs tfjs-node (a native download), so the files are read here instead.
 */
export function readModelArtifacts(jsonPath: string): {
  modelTopology: unknown; weightSpecs: unknown[]; weightData: ArrayBuffer; format?: string;
} {
  const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as WeightsManifest;
  const dir = dirname(jsonPath);
  const weightSpecs: unknown[] = [];
  const shards: Buffer[] = [];
  for (const group of json.weightsManifest) {
    weightSpecs.push(...group.weights);
    for (const p of group.paths) shards.push(readFileSync(join(dir, p)));
  }
  const all = Buffer.concat(shards);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
  return { modelTopology: json.modelTopology, weightSpecs, weightData, format: json.format };
}
