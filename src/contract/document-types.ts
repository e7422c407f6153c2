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
