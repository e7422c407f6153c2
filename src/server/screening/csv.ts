// A small RFC 4180 CSV reader for the list importers. Written here rather than taken from npm
// because the importers must name the 1-based line of a broken record (an unbalanced quote, a
// stray character after a closing quote) and no CSV library is among the project's dependencies;
// the publishers' files are plain RFC 4180 (OFAC, OFSI/FCDO, OpenSanctions), so ~100 lines do.

/** One record: its fields and the 1-based line it starts on (a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The records of a file, or the line where reading stopped and why. */
export type CsvRead = { ok: true; records: CsvRecord[] } | { ok: false; line: number; error: string };

/**
 * Reads `text` as comma-separated records. Why lenient where it is: OFAC ends its files with a DOS
 * end-of-file byte (0x1A) and writes CRLF; a BOM, CRLF or LF endings and a final 0x1A are accepted,
 * and blank lines are skipped (no publisher uses an empty record). Strict where a file is damaged:
 * a quoted field never closed, or text after a closing quote, fails with the line it was found on.
 */
export function readCsv(text: string): CsvRead {
  let src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  src = src.replace(/\s+$/, '');
  while (src.endsWith('\u001a')) src = src.slice(0, -1).replace(/\s+$/, '');
  const records: CsvRecord[] = [];
  const n = src.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    // One record: fields until an unquoted line break or the end of the text.
    for (;;) {
      if (src.charCodeAt(i) === 34 /* " */) {
        let value = '';
        let j = i + 1;
        for (;;) {
          const q = src.indexOf('"', j);
          if (q < 0) return { ok: false, line: startLine, error: `line ${startLine}: a quoted field is never closed` };
          value += src.slice(j, q);
          if (src.charCodeAt(q + 1) === 34) {
            value += '"';
            j = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        for (let k = value.indexOf('\n'); k >= 0; k = value.indexOf('\n', k + 1)) line++;
        fields.push(value);
        const c = src.charCodeAt(i);
        if (i < n && c !== 44 && c !== 10 && c !== 13) {
          return { ok: false, line, error: `line ${line}: unexpected text after a closing quote` };
        }
      } else {
        let j = i;
        while (j < n) {
          const c = src.charCodeAt(j);
          if (c === 44 || c === 10 || c === 13) break;
          j++;
        }
        fields.push(src.slice(i, j));
        i = j;
      }
      if (i >= n) break;
      const c = src.charCodeAt(i);
      if (c === 44) {
        i++;
        continue;
      }
      // Line break: CRLF, LF or a lone CR.
      i += c === 13 && src.charCodeAt(i + 1) === 10 ? 2 : 1;
      line++;
      break;
    }
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: startLine, fields });
  }
  return { ok: true, records };
}
