// Document types as plain constants: the hosted app's first screens use them without loading
// zod (document.ts builds the schema from the same list).

/** Document types (spec observed NATIONAL_ID and PASSPORT; the full list is ours). */
export const DOC_TYPES = ['PASSPORT', 'NATIONAL_ID', 'DRIVERS_LICENSE', 'RESIDENCE_PERMIT'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** Which document types have a back side to capture. */
export const docTypeHasBack: Record<DocType, boolean> = {
  PASSPORT: false,
  NATIONAL_ID: true,
  DRIVERS_LICENSE: true,
  RESIDENCE_PERMIT: true,
};

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
