// Which documents carry their data in a PDF417 barcode. Apart from document-types.ts, which the
// hosted app's first screen loads: only the capture step (lazy) and the server need this.
import type { DocType } from './document-types';

/** Countries whose ID cards carry the AAMVA PDF417 on their back, as their licences do. */
const AAMVA_COUNTRIES: readonly string[] = ['USA', 'CAN'];

/**
 * Does this document's back carry its data in a PDF417 barcode? Every driving licence (the US
 * and Canadian ones by the AAMVA standard, and licences elsewhere often enough to be worth the
 * look), and US and Canadian ID cards. The capture screen waits for the barcode to decode; the
 * service reads it again from the stored back.
 */
export function docTypeCarriesBarcode(type: DocType | string | null | undefined, country: string | null | undefined): boolean {
  return type === 'DRIVERS_LICENSE' || (type === 'NATIONAL_ID' && AAMVA_COUNTRIES.includes(country ?? ''));
}
