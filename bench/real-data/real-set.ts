// The real-material evaluation set: real specimen documents and real photos of real people,
// gathered from public sources with each file's source and licence in a manifest. It is not
// in the repository (the sources' terms do not allow redistributing most of it); the bench reads
// it from REAL_DATA_DIR (default ./.real-data) laid out as described in bench/real-data/README.md.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type DocType = 'PASSPORT' | 'NATIONAL_ID' | 'RESIDENCE_PERMIT' | 'DRIVERS_LICENSE' | 'VISA' | 'OTHER';

export interface RealDocument {
  file: string;
  /** ISO 3166 alpha-3 of the issuer, null when not an issuer's document (ICAO examples). */
  country: string | null;
  docType: DocType;
  side: 'front' | 'back' | 'data-page';
  /** 'scan': the document alone, edge to edge; 'photo': a camera picture of it. */
  kind: 'scan' | 'photo';
  /** The whole document is in the picture (not cut, not an annotated figure). */
  whole: boolean;
  /** Ground truth, as printed; null when this side has no MRZ. */
  mrz: string[] | null;
  hasPortrait?: boolean;
  source: { repo: string; commit: string; path: string };
  licence: string;
}

export interface RealFace {
  person: string;
  file: string;
  source: { repo: string; commit: string; path: string };
  licence: string;
}

export interface RealSet {
  dir: string;
  documents: RealDocument[];
  faces: RealFace[];
  /** Pairs of image paths (`person/file`): every same-person pair, and a seeded sample of different people. */
  pairs: { genuine: [string, string][]; impostor: [string, string][] } | null;
}

export function realDataDir(): string {
  return resolve(process.env.REAL_DATA_DIR ?? '.real-data');
}

const readJson = <T>(path: string): T | null => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) as T : null);

/** The set, or null when REAL_DATA_DIR holds none of it. */
export function loadRealSet(dir = realDataDir()): RealSet | null {
  const documents = readJson<RealDocument[]>(join(dir, 'docs', 'manifest.json')) ?? [];
  const faces = readJson<RealFace[]>(join(dir, 'faces', 'manifest.json')) ?? [];
  if (!documents.length && !faces.length) return null;
  return { dir, documents, faces, pairs: readJson(join(dir, 'faces', 'pairs.json')) };
}

export const documentPath = (set: RealSet, d: RealDocument) => join(set.dir, 'docs', 'images', d.file);
export const faceKey = (f: RealFace) => `${f.person}/${f.file}`;
export const facePath = (set: RealSet, key: string) => join(set.dir, 'faces', 'images', key);

/**
 * The other side of an ID card, residence permit or licence: the set's one whole scan of the
 * same country and type on the other side (null when there is not exactly one).
 */
export function otherSideOf(set: RealSet, d: RealDocument): RealDocument | null {
  if (d.side !== 'front' && d.side !== 'back') return null;
  const want = d.side === 'front' ? 'back' : 'front';
  const found = set.documents.filter((o) => o.whole && o.kind === 'scan' && o.side === want && o.country === d.country && o.docType === d.docType);
  return found.length === 1 ? found[0]! : null;
}
