// Checks a picked file before uploading it (the server checks again, by content).
import { DOCUMENT_ACCEPTED_TYPES, DOCUMENT_MAX_BYTES } from '../../../../contract/hosted-company';

export type DocumentContentType = (typeof DOCUMENT_ACCEPTED_TYPES)[number];

/** The `accept` attribute of the file input: types and extensions (some pickers need both). */
export const DOCUMENT_ACCEPT = [...DOCUMENT_ACCEPTED_TYPES, '.pdf', '.jpg', '.jpeg', '.png'].join(',');

const BY_EXTENSION: Record<string, DocumentContentType> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The file's type, trusting the extension only when the browser gives no type (some Android pickers). */
export function documentType(file: Pick<File, 'name' | 'type'>): DocumentContentType | null {
  const type = file.type.toLowerCase();
  if ((DOCUMENT_ACCEPTED_TYPES as readonly string[]).includes(type)) return type as DocumentContentType;
  if (type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg';
  if (type !== '' && type !== 'application/octet-stream') return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[ext] ?? null;
}

export type FileProblem = 'fileType' | 'fileTooLarge' | 'fileEmpty' | 'tooManyFiles';

/**
 * What is wrong with the file, if anything. Images over the limit are not a problem here: the
 * app shrinks them before upload; PDFs over the limit are.
 */
export function checkDocumentFile(file: Pick<File, 'name' | 'type' | 'size'>, alreadyThere: number, maxFiles: number): FileProblem | null {
  if (alreadyThere >= maxFiles) return 'tooManyFiles';
  const type = documentType(file);
  if (!type) return 'fileType';
  if (file.size === 0) return 'fileEmpty';
  if (file.size > DOCUMENT_MAX_BYTES && type === 'application/pdf') return 'fileTooLarge';
  return null;
}

/** "2.4 MB", "830 KB" in the page's language. */
export function formatBytes(bytes: number, language: string): string {
  const fmt = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${fmt.format(bytes / (1024 * 1024))} MB`;
  return `${fmt.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
