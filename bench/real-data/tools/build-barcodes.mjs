#!/usr/bin/env node
// Rebuilds the barcode part of the real-material set (REAL_DATA_DIR/barcodes, layout in
// bench/real-data/README.md) from local mirrors of the public repositories that publish the
// pictures. Nothing is downloaded here: bring each repository first (a bare git directory at
// <mirrors>/<owner>+<name>/repo, the layout the workplace's `fetch github:<owner>/<name>` gives,
// or `git clone --bare https://github.com/<owner>/<name> <mirrors>/<owner>+<name>/repo`), then
//
//   node bench/real-data/tools/build-barcodes.mjs [--mirrors=DIR] [--out=DIR]
//
// --mirrors defaults to MIRROR_DIR or /work/.mirror; --out to REAL_DATA_DIR or ./.real-data.
// Each picture is taken at the commit pinned below when the mirror holds it (else at the mirror's
// HEAD, with a warning), and the manifest records repository, commit, path, licence and the
// picture's SHA-256. Expected payloads: ZXing's `.txt` beside its test image; none otherwise (the
// other repositories publish no payload of their own pictures that can be tied to them without
// reading it off the card). Real people's own licences are marked `personal: true`.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const MIRRORS = resolve(arg('mirrors') ?? process.env.MIRROR_DIR ?? '/work/.mirror');
const OUT = join(resolve(arg('out') ?? process.env.REAL_DATA_DIR ?? '.real-data'), 'barcodes');

const APACHE = 'Apache-2.0 (repository); no terms of the images\' own: evaluation only';
const NONE = 'no licence file in the repository; government specimen image: evaluation only';

/** The repositories, the commit of the run of 2026-11-26 (README.md), the repository's licence. */
const REPOS = {
  zxing: { repo: 'zxing/zxing', pin: '7f12980', licence: APACHE },
  prashuk: { repo: 'Prashuk2111/US-Driver-License-Verification-project', pin: 'b756fa9', licence: 'no licence file; photos of real people\'s own licences (personal data): evaluation only, never redistributed, payloads never printed' },
  dynJs: { repo: 'Dynamsoft/barcode-reader-javascript-samples', pin: '544863c', licence: NONE },
  dynScan: { repo: 'Dynamsoft/Scan-Driver-License-and-Extract-Information', pin: 'af2f954', licence: 'no licence file in the repository; the AAMVA standard\'s sample card: evaluation only' },
  dynPy: { repo: 'Dynamsoft/barcode-reader-python-samples', pin: '607e8db', licence: 'Dynamsoft\'s sample-code notice (LICENSE.md, commercial SDK): evaluation only' },
  hbaocr: { repo: 'hbaocr/pdf417-opencv-online', pin: 'c2e16c2', licence: 'MIT (repository); government specimen image: evaluation only' },
  raleigh: { repo: 'raleighlittles/AAMVA_Drivers_License_Decoder', pin: '7678bdb', licence: NONE },
  peculiar: { repo: 'PeculiarVentures/js-zxing-pdf417', pin: '97ca8d5', licence: 'Apache-2.0 (repository); government specimen image: evaluation only' },
  steven: { repo: 'stevengvan/driver-license-parser', pin: '80f21be', licence: NONE },
  yushulxJs: { repo: 'yushulx/javascript-barcode-qr-code-scanner', pin: 'bc5d9c1', licence: 'no licence file in the repository; photo of a printed government specimen: evaluation only' },
  yushulxZa: { repo: 'yushulx/South-Africa-driving-license', pin: '4c6c7e4', licence: 'MIT (repository); a licence back: evaluation only' },
};

const ZXING = 'core/src/test/resources/blackbox';
/** ZXing's camera photos of printed symbols (pdf417-2: 01–23; pdf417-3: the photos, not its drawn symbols). */
const zxingPhotos = [
  ...Array.from({ length: 23 }, (_, i) => ['2', String(i + 1).padStart(2, '0')]),
  ...['02', '03', '04', '05', '06', '08', '09', '10', '12'].map((n) => ['3', n]),
].map(([set, n]) => ({
  file: `zxing-pdf417-${set}-${n}.png`, from: 'zxing', path: `${ZXING}/pdf417-${set}/${n}.png`, expectedPath: `${ZXING}/pdf417-${set}/${n}.txt`,
  kind: 'photo', aamva: false, note: set === '3' ? 'camera photo of a printed symbol (some marked, blotted or cut)' : 'camera photo of a printed symbol',
}));
/** ZXing's scans of printed symbols; their expected payloads are binary (.bin): none recorded. */
const zxingScans = ['01-01', '02-01', '02-02'].map((n) => ({
  file: `zxing-pdf417-4-${n}.png`, from: 'zxing', path: `${ZXING}/pdf417-4/${n}.png`, kind: 'scan', aamva: false,
  note: n.startsWith('02') ? 'scan of a page of four symbols (binary payload, ZXing gives it as .bin)' : 'scan of a printed symbol (binary payload, ZXing gives it as .bin)',
}));

const PERSONAL_NOTE = 'camera photo of a real person\'s own licence back, published by the repository: never print its payload';

const IMAGES = [
  ...zxingPhotos,
  ...zxingScans,
  // Licence backs: issuers' specimens and sample cards, a photo of a printed specimen.
  { file: 'dl-ohio-specimen-back.jpg', from: 'dynJs', path: 'scenarios/read-a-drivers-license/SampleDriversLicense.jpg', kind: 'scan', aamva: true, jurisdiction: 'OH', note: 'Ohio specimen licence back (SAMPLE), web-sized' },
  { file: 'dl-aamva-sample-back.jpg', from: 'dynScan', path: 'SampleDriverImage.jpg', kind: 'scan', aamva: true, jurisdiction: 'IN', note: 'the AAMVA DL/ID standard\'s sample card back (Indiana IIN 636037); the same file is in yushulx/javascript-barcode-qr-code-scanner' },
  { file: 'dl-georgia-back.jpg', from: 'hbaocr', path: 'Pdf417Locator/test.jpg', kind: 'scan', aamva: true, jurisdiction: 'GA', note: 'Georgia licence back, issuer\'s sample' },
  { file: 'dl-california-back-small.jpg', from: 'raleigh', path: 'docs/california_drivers_license_back.jpeg', kind: 'scan', aamva: true, jurisdiction: 'CA', note: 'California DMV\'s back-of-card figure, 366×221: too few pixels a module' },
  { file: 'dl-ontario-specimen-back.jpg', from: 'raleigh', path: 'docs/canada_drivers_license_back.jpg', kind: 'scan', aamva: true, jurisdiction: 'ON', note: 'ServiceOntario specimen back (SAMPLE), 444×283' },
  { file: 'dl-california-dmv-reverse.jpg', from: 'peculiar', path: 'examples/reverse_side_sample.jpg', kind: 'scan', aamva: true, jurisdiction: 'CA', note: 'California DMV\'s "reverse side of all cards" figure' },
  { file: 'dl-sample-back-annotated.webp', from: 'steven', path: 'public/license-sample.webp', kind: 'scan', aamva: true, note: 'sample licence back (SAMPLE), the barcode marked with a red frame' },
  { file: 'dl-ontario-specimen-photo.jpg', from: 'yushulxJs', path: 'examples/driver_license/foundational/1.jpg', kind: 'photo', aamva: true, jurisdiction: 'ON', note: 'camera photo of a printed Ontario specimen back (2560×1440)' },
  // Other PDF417s: a South African licence back (binary, not AAMVA), a boarding pass.
  { file: 'za-licence-back.png', from: 'yushulxZa', path: 'images/dl.png', kind: 'scan', aamva: false, jurisdiction: 'ZA', note: 'South African licence back: an encrypted binary PDF417, not AAMVA' },
  { file: 'boarding-pass-scan.png', from: 'dynPy', path: 'Images/PDF417.png', kind: 'scan', aamva: false, note: 'scan of a boarding pass (IATA BCBP in a PDF417)' },
  // Real people's own licences (left out of the figures unless BENCH_PERSONAL=1). The eighth
  // picture of that folder (prajpal_sandhu.jpg, 4 MiB or more) is not in every mirror.
  ...['check.jpg', 'image2.png', 'imagejpeg_0(60).jpg', 'img1.jpg', 'img3.jpg', 'img4.jpg', 'img5.jpg', 'prajpal_sandhu.jpg'].map((name, i) => ({
    file: `dl-personal-${String(i + 1).padStart(2, '0')}${name.slice(name.lastIndexOf('.')).toLowerCase()}`, from: 'prashuk', path: `input_barcode/${name}`,
    kind: 'photo', aamva: true, personal: true, optional: name === 'prajpal_sandhu.jpg', note: PERSONAL_NOTE,
  })),
];

const git = (dir, args, encoding) => execFileSync('git', ['--git-dir', dir, ...args], { maxBuffer: 1 << 28, encoding, stdio: ['ignore', 'pipe', 'pipe'] });

/** The mirror's git directory and the commit to read: the pinned one when present, else HEAD. */
const commits = new Map();
function commitOf(key) {
  if (commits.has(key)) return commits.get(key);
  const { repo, pin } = REPOS[key];
  const dir = join(MIRRORS, repo.replace('/', '+'), 'repo');
  if (!existsSync(dir)) throw new Error(`${repo}: no mirror at ${dir} (fetch github:${repo} first)`);
  let commit;
  try {
    commit = git(dir, ['rev-parse', '--verify', '--quiet', `${pin}^{commit}`], 'utf8').trim();
  } catch {
    commit = git(dir, ['rev-parse', 'HEAD'], 'utf8').trim();
    console.warn(`${repo}: pinned commit ${pin} not in the mirror; using HEAD ${commit.slice(0, 7)}`);
  }
  const found = { dir, commit };
  commits.set(key, found);
  return found;
}

function show(key, path) {
  const { dir, commit } = commitOf(key);
  try {
    return git(dir, ['show', `${commit}:${path}`]);
  } catch {
    return null;
  }
}

rmSync(join(OUT, 'images'), { recursive: true, force: true });
mkdirSync(join(OUT, 'images'), { recursive: true });
const manifest = [];
const skipped = [];
for (const img of IMAGES) {
  const bytes = show(img.from, img.path);
  if (!bytes) {
    if (!img.optional) throw new Error(`${REPOS[img.from].repo}: ${img.path} is not in the mirror`);
    skipped.push(`${REPOS[img.from].repo}:${img.path}`);
    continue;
  }
  const expectedBytes = img.expectedPath ? show(img.from, img.expectedPath) : null;
  if (img.expectedPath && !expectedBytes) throw new Error(`${REPOS[img.from].repo}: ${img.expectedPath} is not in the mirror`);
  writeFileSync(join(OUT, 'images', img.file), bytes);
  const { repo, licence } = REPOS[img.from];
  manifest.push({
    file: img.file,
    kind: img.kind,
    aamva: img.aamva,
    expected: expectedBytes ? expectedBytes.toString('utf8') : null,
    source: { repo, commit: commitOf(img.from).commit, path: img.path },
    licence,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...(img.personal ? { personal: true } : {}),
    ...(img.jurisdiction ? { jurisdiction: img.jurisdiction } : {}),
    note: img.note,
  });
}
writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const count = (f) => manifest.filter(f).length;
const notPersonal = (x) => !x.personal;
console.log([
  `${OUT}: ${manifest.length} pictures from ${new Set(manifest.map((x) => x.source.repo)).size} repositories (${readdirSync(join(OUT, 'images')).length} files)`,
  `  without real people's own licences (the default run): ${count(notPersonal)} pictures, ${count((x) => notPersonal(x) && x.kind === 'photo')} camera photos, ${count((x) => notPersonal(x) && x.aamva)} licence backs, ${count((x) => notPersonal(x) && x.expected !== null)} with the expected payload`,
  `  real people's own licences (BENCH_PERSONAL=1): ${count((x) => x.personal)}`,
  ...[...commits].map(([key, c]) => `  ${REPOS[key].repo} @ ${c.commit.slice(0, 7)}`),
  ...(skipped.length ? [`  not in the mirror (skipped): ${skipped.join(', ')}`] : []),
].join('\n'));
