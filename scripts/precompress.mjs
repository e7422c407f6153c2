// After `vite build`: writes .br (quality 11; 9 above 512 KB, as 11 takes minutes on the WASM) and .gz (level 9) beside every compressible file of
// dist/web so the server sends them precompressed. MediaPipe's WASM is 13 MB raw, ~3.8 MB gzip,
// less with brotli; it is the largest download of the flow (prefetched from the welcome screen).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const compressible = /\.(js|mjs|css|html|json|svg|wasm|tflite)$/;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { walk(p); continue; }
    if (!compressible.test(name) || statSync(p).size < 1024) continue;
    const raw = readFileSync(p);
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: raw.length > 512 * 1024 ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    writeFileSync(`${p}.br`, br);
    writeFileSync(`${p}.gz`, gzipSync(raw, { level: 9 }));
    before += raw.length;
    after += br.length;
  }
}
walk(root);
console.log(`precompressed ${root}: ${(before / 1048576).toFixed(1)} MB → ${(after / 1048576).toFixed(1)} MB brotli`);
