/**
 * Image type detection from the first bytes of a file (magic numbers), never from a header or a
 * file name, which the sender controls. Only the types we accept are named; anything else is null.
 */
export type AcceptedImageType = 'image/jpeg' | 'image/png' | 'image/webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, sig: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + sig.length) return false;
  return sig.every((b, i) => bytes[offset + i] === b);
}

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  // JPEG: SOI marker FF D8 followed by the next marker's FF.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  // WebP: RIFF container ("RIFF" <u32 size> "WEBP").
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
