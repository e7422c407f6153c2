// Identity documents: their types and the data read from one (docInfo). Apart from the record
// (individual.ts) so that the hosted app's first screens and the company form need only this.
import { z } from 'zod';
import { alpha3Schema, dateOrEmpty } from './common';

/** Document types (spec observed NATIONAL_ID and PASSPORT; the full list is ours). */
export const docTypeSchema = z.enum(['PASSPORT', 'NATIONAL_ID', 'DRIVERS_LICENSE', 'RESIDENCE_PERMIT']);
export type DocType = z.infer<typeof docTypeSchema>;
/** Which document types have a back side to capture. */
export const docTypeHasBack: Record<DocType, boolean> = {
  PASSPORT: false,
  NATIONAL_ID: true,
  DRIVERS_LICENSE: true,
  RESIDENCE_PERMIT: true,
};
/** Sex as read from the document: ICAO 9303 letters, X unspecified, empty when unknown. */
export const sexSchema = z.enum(['M', 'F', 'X', '']);

export const docInfoSchema = z.object({
  docType: z.union([docTypeSchema, z.literal('')]),
  docNumber: z.string(),
  issueDate: dateOrEmpty,
  expiryDate: dateOrEmpty,
  issuingState: z.union([alpha3Schema, z.literal('')]),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  dob: dateOrEmpty,
  sex: sexSchema,
});
export type DocInfo = z.infer<typeof docInfoSchema>;
export const emptyDocInfo: DocInfo = {
  docType: '', docNumber: '', issueDate: '', expiryDate: '', issuingState: '',
  firstName: '', lastName: '', middleName: '', dob: '', sex: '',
};
