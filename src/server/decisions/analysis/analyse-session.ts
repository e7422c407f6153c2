import type { FaceEngine, FaceReading } from './face-engine';
import { descriptorDistance } from './face-geometry';
import type { BarcodeAnalysis, FaceSummary, MrzAnalysis, SessionAnalysis, SessionMedia } from './session-analysis';
import { docTypeCarriesBarcode } from '../../../contract/document-types';
import type { MrzReader } from '../mrz/read-mrz';
import type { BarcodeReader } from '../barcode/read-barcode';
import { analyseBarcode } from '../barcode/analyse-barcode';

const summary = (r: FaceReading): FaceSummary => ({
  faces: r.faces, score: round(r.score), yawDeg: round(r.yawDeg), pitchDeg: round(r.pitchDeg), eyeOpenness: round(r.eyeOpenness),
});
const round = (v: number) => Math.round(v * 1000) / 1000;
const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** Reads every face, the MRZ and a licence's barcode of one session. Runs in the analysis worker (CPU-bound). */
export async function analyseSession(media: SessionMedia, engines: { face: FaceEngine; mrz: MrzReader; barcode: BarcodeReader }): Promise<SessionAnalysis> {
  const started = Date.now();
  // The document is read (tesseract in its own threads) while the faces are read here: two cores, both busy.
  const documentRead = readDocument(media, engines);
  // Should a face read throw first, the document's own failure must not surface as an unhandled rejection.
  documentRead.catch(() => undefined);
  const read = (u: Uint8Array | null) => (u ? engines.face.read(buf(u)) : Promise.resolve(null));
  const selfie = await read(media.selfie);
  const front = await read(media.front);
  const back = front ? null : await read(media.back);
  const portrait = front ?? back;
  const distance = (r: FaceReading | null) => (selfie && r ? round(descriptorDistance(selfie.descriptor, r.descriptor)) : null);

  const evidence = [];
  for (const frame of media.evidence) {
    const face = await engines.face.read(buf(frame.data));
    evidence.push({ label: frame.label, face: face ? summary(face) : null, distanceToSelfie: distance(face) });
  }

  const { mrz, barcode } = await documentRead;
  return {
    selfie: selfie ? summary(selfie) : null,
    document: portrait ? { ...summary(portrait), side: front ? 'front' : 'back' } : null,
    faceDistance: distance(portrait),
    // float32 precision is all the descriptor carries (face-api returns a Float32Array).
    selfieDescriptor: selfie ? selfie.descriptor.map((v) => Math.fround(v)) : null,
    evidence, mrz, ...(barcode ? { barcode } : {}), durationMs: Date.now() - started,
  };
}

/**
 * The document's data: a licence's barcode first where the chosen document carries one (its
 * MRZ search, ~10 OCR passes a side, is spared when the barcode holds licence data), the MRZ
 * otherwise, and a barcode on a back whose MRZ was not found.
 */
async function readDocument(media: SessionMedia, engines: { mrz: MrzReader; barcode: BarcodeReader }): Promise<{ mrz: MrzAnalysis; barcode?: BarcodeAnalysis }> {
  if (docTypeCarriesBarcode(media.document?.type, media.document?.country)) {
    const barcode = await analyseBarcode(media, engines, false);
    if (barcode?.aamva?.ok) return { mrz: { found: false }, barcode };
    return { mrz: await readMrz(media, engines.mrz), ...(barcode ? { barcode } : {}) };
  }
  const mrz = await readMrz(media, engines.mrz);
  const barcode = await analyseBarcode(media, engines, mrz.found);
  return { mrz, ...(barcode ? { barcode } : {}) };
}

/** The MRZ, looked for on the back first (ID cards carry it there), then on the front (passports). */
async function readMrz(media: SessionMedia, reader: MrzReader): Promise<MrzAnalysis> {
  const today = new Date(`${media.today}T00:00:00Z`);
  for (const side of ['back', 'front'] as const) {
    const image = media[side];
    if (!image) continue;
    // The other side is where an ID card prints the names its back's MRZ holds.
    const other = media[side === 'back' ? 'front' : 'back'];
    const reading = await reader.read(buf(image), today, other ? buf(other) : null);
    if (reading.found) {
      return {
        found: true, side, format: reading.format, valid: reading.valid, failedChecks: reading.failedChecks, expired: reading.expired,
        docInfo: reading.docInfo, withheld: reading.withheld, nameConfirmed: reading.names.confirmed, nameConfirmation: reading.names.how,
      };
    }
  }
  return { found: false };
}
