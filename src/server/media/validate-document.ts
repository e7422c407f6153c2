import { processUpload } from './process-upload';
import { sniffImageType } from './image-type';

/**
 * Supporting documents of the company flow: PDF, JPEG or PNG, recognised by their bytes (never
 * by Content-Type or file name). Images get the capture treatment (decoded and re-encoded to a
 * clean JPEG: orientation applied, metadata stripped). PDFs are stored as uploaded once they
 * look like a complete PDF; they are only ever served back as attachments.
 */
export type DocumentRejection = {
  ok: false;
  code: 'unsupported_media_type' | 'invalid_media' | 'media_too_large';
  detail: string;
};
export type ProcessedDocument = { ok: true; bytes: Buffer; contentType: 'application/pdf' | 'image/jpeg'; ext: 'pdf' | 'jpg' };

/** Bytes at the end of a PDF searched for `startxref` and `%%EOF` (trailing junk tolerated). */
const PDF_TAIL = 2048;
/**
 * Active content we refuse when it appears in clear text. Best effort only: it can hide in
 * compressed object streams, which is why PDFs are never rendered inline by us.
 */
const PDF_ACTIVE = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA']);
/** A PDF name token: `/` then regular characters (PDF 32000-1 §7.3.5; ends at white-space or a delimiter). */
// eslint-disable-next-line no-control-regex -- NUL is a PDF white-space character
const PDF_NAME = /\/([^\x00\t\n\f\r ()<>[\]{}/%]+)/g;

/** Whether any name, with its `#xx` escapes decoded (`/Java#53cript` is `/JavaScript`), is active content. */
function hasActiveName(text: string): boolean {
  for (const m of text.matchAll(PDF_NAME)) {
    const raw = m[1]!;
    const name = raw.includes('#') ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
    if (PDF_ACTIVE.has(name)) return true;
  }
  return false;
}

export function checkPdf(bytes: Buffer): DocumentRejection | null {
  const head = bytes.subarray(0, 16).toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(head)) return { ok: false, code: 'invalid_media', detail: 'The PDF header is damaged' };
  const tail = bytes.subarray(Math.max(0, bytes.length - PDF_TAIL)).toString('latin1');
  if (!tail.includes('%%EOF') || !tail.includes('startxref')) {
    return { ok: false, code: 'invalid_media', detail: 'The PDF is incomplete or damaged' };
  }
  const text = bytes.toString('latin1');
  if (!/\d+\s+\d+\s+obj\b/.test(text)) return { ok: false, code: 'invalid_media', detail: 'The PDF has no objects' };
  if (hasActiveName(text)) {
    return { ok: false, code: 'unsupported_media_type', detail: 'PDFs with scripts, attachments or forms are not accepted' };
  }
  return null;
}

export async function processDocument(bytes: Buffer): Promise<ProcessedDocument | DocumentRejection> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    const bad = checkPdf(bytes);
    return bad ?? { ok: true, bytes, contentType: 'application/pdf', ext: 'pdf' };
  }
  const type = sniffImageType(bytes);
  if (type !== 'image/jpeg' && type !== 'image/png') {
    return { ok: false, code: 'unsupported_media_type', detail: 'Only PDF, JPEG and PNG files are accepted' };
  }
  const img = await processUpload(bytes);
  if (!img.ok) return img;
  return { ok: true, bytes: img.bytes, contentType: 'image/jpeg', ext: 'jpg' };
}
