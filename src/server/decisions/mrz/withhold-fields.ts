import type { DocInfo } from '../../../contract/document';

type Field = keyof DocInfo;

/**
 * Which docInfo fields each failed check casts doubt on. A field's own check digit (or its
 * shape) judges it alone: a failed composite digit with every field digit holding says the
 * optional data or the composite digit itself was misread, not these fields.
 */
const DOUBTED_BY: Record<string, Field[]> = {
  documentNumberCheckDigit: ['docNumber'], documentNumber: ['docNumber'],
  birthDateCheckDigit: ['dob'], birthDate: ['dob'],
  expirationDateCheckDigit: ['expiryDate'], expirationDate: ['expiryDate'],
  names: ['lastName', 'firstName', 'middleName'],
  sex: ['sex'], issuingState: ['issuingState'], documentCode: ['docType'],
};

/**
 * The docInfo with every field a failed check doubts emptied ('' is the contract's "unknown"),
 * and the list of those fields: a partly misread MRZ still gives what it proved, and says
 * what it did not, rather than nothing.
 */
export function withholdUnchecked(docInfo: DocInfo, failedChecks: string[]): { docInfo: DocInfo; withheld: Field[] } {
  const withheld = [...new Set(failedChecks.flatMap((c) => DOUBTED_BY[c] ?? []))];
  const kept = { ...docInfo };
  for (const f of withheld) (kept as Record<Field, string>)[f] = '';
  return { docInfo: kept, withheld };
}
