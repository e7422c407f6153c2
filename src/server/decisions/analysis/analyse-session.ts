import type { FaceEngine, FaceReading } from './face-engine';
import { descriptorDistance } from './face-geometry';
import type { BarcodeAnalysis, FaceSummary, MrzAnalysis, SessionAnalysis, SessionMedia } from './session-analysis';
import { docTypeCarriesBarcode } from '../../../contract/document-barcode';
import { docTypeSchema, emptyDocInfo } from '../../../contract/document';
import { alpha3Schema } from '../../../contract/common';
import type { PpOcr } from '../ocr/pp-ocr';
import { readVizFields, type VizFields } from '../viz/viz-fields';
import { vizViews } from '../mrz/viz-reader';
import { rotate } from '../mrz/mrz-image';
import type { MrzReader } from '../mrz/read-mrz';
import type { BarcodeReader } from '../barcode/read-barcode';
import { analyseBarcode } from '../barcode/analyse-barcode';

const summary = (r: FaceReading): FaceSummary => ({
  faces: r.faces, score: round(r.score), yawDeg: round(r.yawDeg), pitchDeg: round(r.pitchDeg), eyeOpenness: round(r.eyeOpenness),
});
const round = (v: number) => Math.round(v * 1000) / 1000;
const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** Reads every face, the MRZ and a licence's barcode of one session. Runs in the analysis worker (CPU-bound). */
interface DocumentEngines { mrz: MrzReader; barcode: BarcodeReader; printed?: Pick<PpOcr, 'read'> }

export async function analyseSession(media: SessionMedia, engines: { face: FaceEngine } & DocumentEngines): Promise<SessionAnalysis> {
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

  const { mrz, barcode, visualZone } = await documentRead;
  return {
    selfie: selfie ? summary(selfie) : null,
    document: portrait ? { ...summary(portrait), side: front ? 'front' : 'back' } : null,
    faceDistance: distance(portrait),
    // float32 precision is all the descriptor carries (face-api returns a Float32Array).
    selfieDescriptor: selfie ? selfie.descriptor.map((v) => Math.fround(v)) : null,
    evidence, mrz, ...(barcode ? { barcode } : {}), ...(visualZone ? { visualZone } : {}), durationMs: Date.now() - started,
  };
}

/**
 * The document's data: a licence's barcode first where the chosen document carries one (its
 * MRZ search, ~10 OCR passes a side, is spared when the barcode holds licence data), the MRZ
 * otherwise, and a barcode on a back whose MRZ was not found.
 */
async function readDocument(media: SessionMedia, engines: DocumentEngines): Promise<Pick<SessionAnalysis, 'mrz' | 'barcode' | 'visualZone'>> {
  let mrz: MrzAnalysis;
  let barcode: BarcodeAnalysis | undefined;
  if (docTypeCarriesBarcode(media.document?.type, media.document?.country)) {
    barcode = await analyseBarcode(media, engines, false);
    if (barcode?.aamva?.ok) return { mrz: { found: false }, barcode };
    mrz = await readMrz(media, engines.mrz);
  } else {
    mrz = await readMrz(media, engines.mrz);
    barcode = await analyseBarcode(media, engines, mrz.found);
  }
  const visualZone = !mrz.found && !barcode?.aamva?.ok ? await readVisualZone(media, engines) : undefined;
  return { mrz, ...(barcode ? { barcode } : {}), ...(visualZone ? { visualZone } : {}) };
}

/** Neither MRZ nor barcode: the front's labelled fields, for the specialist (PP-OCR's lines; none without it). */
async function readVisualZone(media: SessionMedia, engines: DocumentEngines): Promise<SessionAnalysis['visualZone']> {
  if (!media.front || !engines.printed) return undefined;
  const views = await vizViews(buf(media.front));
  if (!views) return undefined;
  let best: VizFields | null = null;
  for (const turn of views.turns.slice(0, 2)) {
    const img = turn ? (await rotate(views.image, turn)).image : views.image;
    const fields = readVizFields(await engines.printed.read(img), media.document?.country ?? null);
    if (!best || fields.found.length > best.found.length) best = fields;
    if (fields.found.length >= 3) break;
  }
  if (!best?.found.length) return undefined;
  const type = docTypeSchema.safeParse(media.document?.type);
  return {
    docInfo: {
      ...emptyDocInfo, docType: type.success ? type.data : '', docNumber: best.docNumber, firstName: best.firstName, lastName: best.lastName,
      dob: best.dob, expiryDate: best.expiryDate, issueDate: best.issueDate, sex: best.sex,
      issuingState: alpha3Schema.safeParse(media.document?.country).success ? media.document!.country! : '',
    },
    found: best.found,
  };
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
