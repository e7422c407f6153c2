import type { VisualZoneReader } from '../mrz/read-mrz';
import type { PpOcr, TextLine } from '../ocr/pp-ocr';

/**
 * Lines the detector found, grouped into rows of print (centres within half a line's height),
 * each row's pieces left to right joined by `joiner`: the detector splits a line at wide gaps
 * (a name's columns, an MRZ line's run of fillers), and a row is what the readers expect.
 * `lines` come in reading order (PpOcr.read).
 */
export function rowsOf(lines: TextLine[], joiner: string): string[] {
  const rows: { centre: number; height: number; parts: TextLine[] }[] = [];
  for (const l of lines) {
    const centre = l.box.y + l.box.height / 2;
    const row = rows.find((r) => Math.abs(r.centre - centre) < Math.min(r.height, l.box.height) / 2);
    if (row) row.parts.push(l);
    else rows.push({ centre, height: l.box.height, parts: [l] });
  }
  return rows.map((r) => r.parts.sort((a, b) => a.box.x - b.box.x).map((p) => p.text).join(joiner));
}

/**
 * The visual zone's reader the decisions use: every row of print PP-OCR finds, top to bottom.
 * In one place so the analysis worker and the real-material bench read alike (a bench of
 * another reader would measure something the product does not do).
 */
export const ppOcrVisualZone = (printed: PpOcr): VisualZoneReader => async (img, enough) => {
  const text = (lines: TextLine[]) => rowsOf(lines, ' ').join('\n');
  return text(await printed.read(img, enough ? (lines) => enough(text(lines)) : undefined));
};

/**
 * The MRZ band as PP-OCR reads it, one row a line, the pieces of a row joined without a space:
 * a second engine on the MRZ (read-mrz's `otherEngine`), independent of tesseract's OCR-B model.
 */
export const ppOcrMrzBand = (printed: PpOcr): VisualZoneReader => async (img) => rowsOf(await printed.read(img), '').join('\n');
