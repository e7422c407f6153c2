// Identity documents: their types and the data read from one (docInfo). Apart from the record
// (individual.ts) so that the hosted app's first screens and the company form need only this.
import { z } from 'zod';
import { alpha3Schema, dateOrEmpty } from './common';
import { DOC_TYPES, docTypeHasBack, type DocType } from './document-types';

export { docTypeHasBack, type DocType };
export const docTypeSchema = z.enum(DOC_TYPES);
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
