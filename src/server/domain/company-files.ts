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
