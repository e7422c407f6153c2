import { parseAamva } from '../../../vision/barcode/aamva';
import type { DocInfo } from '../../../contract/document';
import { docTypeCarriesBarcode } from '../../../contract/document-barcode';
import type { BarcodeAnalysis, SessionMedia } from '../analysis/session-analysis';
import type { MrzReader } from '../mrz/read-mrz';
import type { BarcodeReader } from './read-barcode';
import { compareFront, FRONT_FIELDS } from './licence-front';

const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * Reads the back's PDF417 again (the browser's read is never trusted), parses it as AAMVA and
 * compares the front's print with it. Looked for where the chosen document carries one, and on
 * any back whose MRZ was not found (a licence chosen as an ID card). Undefined when it was not
 * looked for; otherwise every outcome, a back without a barcode or a payload that is no AAMVA,
 * is a finding for the rules, never a throw.
 */
export async function analyseBarcode(
  media: SessionMedia, engines: { barcode: BarcodeReader; mrz: Pick<MrzReader, 'readVisualZone'> }, mrzFound: boolean,
): Promise<BarcodeAnalysis | undefined> {
  const expected = docTypeCarriesBarcode(media.document?.type, media.document?.country);
  if (!media.back || (!expected && mrzFound)) return undefined;
  // A decode that is no licence data (junk taken for a symbol) must not hide the real one.
  const read = await engines.barcode.read(buf(media.back), (text) => parseAamva(text).ok);
  if (!read.found) return { expected, decoded: false, tries: read.tries, ms: read.ms };
  const base = { expected, decoded: true, via: read.via, tries: read.tries, ms: read.ms };
  const parsed = parseAamva(read.text);
  if (!parsed.ok) return { ...base, aamva: { ok: false, error: parsed.error, detail: parsed.detail } };
  const d = parsed.document;
  const docInfo: DocInfo = {
    docType: d.docType, docNumber: d.docNumber, issueDate: d.issueDate, expiryDate: d.expiryDate,
    issuingState: d.country ?? '', firstName: d.firstName, lastName: d.lastName, middleName: d.middleName, dob: d.dob, sex: d.sex,
  };
  const truncated = (['lastName', 'firstName', 'middleName'] as const).filter((f) => d.truncated[f]);
  const analysis: BarcodeAnalysis = {
    ...base,
    aamva: { ok: true, version: d.version, iin: d.iin, jurisdiction: d.jurisdiction, country: d.country, subfile: d.subfile, truncated, problems: d.problems },
    docInfo,
    address: { street: [d.address.street, d.address.street2].filter(Boolean).join(', '), city: d.address.city, region: d.address.region, postalCode: d.address.postalCode },
    // A licence is valid through its expiry day (YYYY-MM-DD strings compare as dates).
    ...(d.expiryDate ? { expired: d.expiryDate < media.today } : {}),
  };
  if (!media.front) return analysis;
  let best: BarcodeAnalysis['front'];
  for (const text of await engines.mrz.readVisualZone(buf(media.front))) {
    const c = compareFront({ ...d, truncated: d.truncated }, text);
    const agreeing = FRONT_FIELDS.filter((f) => c.fields[f] === 'agrees').length;
    if (!best || agreeing > FRONT_FIELDS.filter((f) => best!.fields[f] === 'agrees').length) best = c;
    if (agreeing === FRONT_FIELDS.length) break;
  }
  return best ? { ...analysis, front: best } : analysis;
}
