/**
 * File names of supporting documents come from the `x-file-name` header, i.e. from the browser:
 * they are only ever shown back, never used as a path. Kept: letters, digits, marks, space, `._()-,'’`;
 * the extension always matches what the server stored.
 */
export const FILE_BASE_MAX = 100;

export function sanitiseFileName(raw: string | undefined, fallback: string, ext: string): string {
  let name = raw ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: use as is.
  }
  name = name.split(/[\\/]/).pop() ?? '';
  name = name.normalize('NFC').replace(/[^\p{L}\p{M}\p{N} ._()\-,'’]/gu, '_').replace(/\s+/g, ' ').replace(/_{2,}/g, '_');
  const dot = name.lastIndexOf('.');
  let base = (dot > 0 ? name.slice(0, dot) : name).replace(/^[.\s_]+|[.\s_]+$/g, '');
  base = [...base].slice(0, FILE_BASE_MAX).join('').trim();
  return `${base || fallback}.${ext}`;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 8187). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * Storage key of a supporting document: `company/<company id>/<document id>.<ext>`, relative to
 * the media root (never a file-system path). The record shows it as the document's `key`; the
 * media route recognises it to serve the bytes as a download only.
 */
export function companyDocumentKey(companyId: string, documentId: string, ext: string): string {
  return `company/${companyId}/${documentId}.${ext}`;
}

const DOCUMENT_KEY = /^company\/([A-Za-z0-9_-]{1,100})\/(doc_[0-9a-f]{1,64})\.[a-z0-9]{1,5}$/;

/** The company and document ids of a supporting document's storage key; null for any other key. */
export function parseCompanyDocumentKey(key: string): { companyId: string; documentId: string } | null {
  const m = DOCUMENT_KEY.exec(key);
  return m ? { companyId: m[1]!, documentId: m[2]! } : null;
}

/**
 * Response headers of a supporting document, wherever it is served (hosted flow, signed media
 * link): only ever a download, never rendered in our origin whatever the bytes are.
 */
export function documentDownloadHeaders(doc: { contentType: string; fileName: string }, length: number): Record<string, string> {
  return {
    'Content-Type': doc.contentType,
    'Content-Disposition': attachmentDisposition(doc.fileName),
    'Content-Length': String(length),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
}
