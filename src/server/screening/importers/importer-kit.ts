// What every list importer does the same way: names de-duplicated, remarks cut to one length,
// dates written YYYY / YYYY-MM / YYYY-MM-DD, XML checked and entities located by line. Kept in one
// place so two importers never disagree on what "the same name" or "circa 1960" means.

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ImportParse, ListedDate, ListedIdentifier, ListedName } from '../listed-entity';

/** Remarks are kept to this many characters (UTF-16 code units) so one entity cannot bloat a list version. */
export const REMARKS_MAX = 2000;

/**
 * Years either side of a "circa"/"approximately" year. Why 1: no publisher says how wide its
 * "circa" is; one year each way keeps the year itself central without inventing a wide range.
 */
export const CIRCA_YEARS = 1;

/** The failed answer, with the line prefixed to the message so a log line alone says where. */
export function failAt(line: number, error: string): ImportParse {
  return { ok: false, line, error: `line ${line}: ${error}` };
}

/** Remarks trimmed, empty as undefined, longer than REMARKS_MAX cut with an ellipsis (still ≤ REMARKS_MAX). */
export function shortenRemarks(text: string | undefined): string | undefined {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return undefined;
  return t.length <= REMARKS_MAX ? t : `${t.slice(0, REMARKS_MAX - 1)}…`;
}

/**
 * Adds a name unless an identical one (same text after collapsing spaces) is already there: the
 * first wins, so a primary name listed again as an alias stays primary. Empty names are dropped.
 */
export function addName(names: ListedName[], name: ListedName): void {
  const full = name.full.replace(/\s+/g, ' ').trim();
  if (!full) return;
  if (names.some((n) => n.full === full)) return;
  const out: ListedName = { full, quality: name.quality };
  if (name.given?.trim()) out.given = name.given.replace(/\s+/g, ' ').trim();
  if (name.family?.trim()) out.family = name.family.replace(/\s+/g, ' ').trim();
  names.push(out);
}

/** Adds a value to a list of strings unless already there (countries, programmes). */
export function addUnique(list: string[], value: string | undefined): void {
  if (value && !list.includes(value)) list.push(value);
}

/** Adds an identifier unless the same type, value and country is already there. */
export function addIdentifier(list: ListedIdentifier[], id: ListedIdentifier): void {
  const value = id.value.replace(/\s+/g, ' ').trim();
  if (!value) return;
  if (list.some((x) => x.type === id.type && x.value === value && x.country === id.country)) return;
  list.push(id.country ? { type: id.type, value, country: id.country } : { type: id.type, value });
}

/** Adds a birth date unless an equal one (same date and range) is already there. */
export function addDate(list: ListedDate[], d: ListedDate | undefined): void {
  if (!d) return;
  if (list.some((x) => x.date === d.date && x.fromYear === d.fromYear && x.toYear === d.toYear)) return;
  list.push(d);
}

const MONTHS: Readonly<Record<string, string>> = {
  jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06',
  jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12',
};

function validDay(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** "1960", "1960-01", "1960-01-12" when the text is exactly one of those and a real date; else undefined. */
export function isoDate(text: string): string | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text.trim());
  if (!m) return undefined;
  const y = Number(m[1]);
  if (m[2] === undefined) return m[1];
  const mo = Number(m[2]);
  if (mo < 1 || mo > 12) return undefined;
  if (m[3] === undefined) return `${m[1]}-${m[2]}`;
  return validDay(y, mo, Number(m[3])) ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/** OFAC's English dates: "12 Jan 1960", "Jan 1960", "1960" (month names may be spelled out) → ISO form. */
export function englishDate(text: string): string | undefined {
  const m = /^(?:(\d{1,2}) )?(?:([A-Za-z]{3})[a-z]*\.? )?(\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const year = m[3]!;
  if (!m[2]) return m[1] ? undefined : year;
  const month = MONTHS[m[2].toLowerCase()];
  if (!month) return undefined;
  if (!m[1]) return `${year}-${month}`;
  const day = m[1].padStart(2, '0');
  return validDay(Number(year), Number(month), Number(day)) ? `${year}-${month}-${day}` : undefined;
}

/** "dd/mm/yyyy" (UK) → ISO; "00" day or month (unknown) drops to the coarser form. */
export function ukDate(text: string): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return isoDate(text);
  if (m[2] === '00') return m[3];
  if (m[1] === '00') return isoDate(`${m[3]}-${m[2]}`);
  return isoDate(`${m[3]}-${m[2]}-${m[1]}`);
}

/** A birth year known only roughly: the year, with CIRCA_YEARS either side as the range. */
export function circaDate(year: number): ListedDate {
  return { date: String(year), fromYear: year - CIRCA_YEARS, toYear: year + CIRCA_YEARS };
}

/** A birth-year range "from … to …" (inclusive); the date is the first year. Undefined when backwards. */
export function rangeDate(fromYear: number, toYear: number): ListedDate | undefined {
  if (!(fromYear <= toYear)) return undefined;
  return { date: String(fromYear), fromYear, toYear };
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The 1-based lines where each `<tag …>` element starts, in document order: the parsed tree has
 * no positions, so an entity's line (for "no name", "duplicate key") is found by counting its
 * opening tags. Comments and CDATA holding the tag would shift the count; no publisher has them.
 */
export function tagLines(text: string, tag: string): number[] {
  const re = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${tag}(?=[\\s/>])`, 'g');
  const lines: number[] = [];
  let line = 1;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (let i = text.indexOf('\n', last); i >= 0 && i < m.index; i = text.indexOf('\n', i + 1)) line++;
    last = m.index;
    lines.push(line);
  }
  return lines;
}

/** A parsed XML node as fast-xml-parser gives it: attributes as `@_name`, text as `#text`. */
export type XmlNode = { [key: string]: unknown };

/**
 * Checks `text` is well-formed XML and parses it, every value a string (no number guessing: a
 * passport "007" stays "007"). Why validate first: the parser is lenient about truncation and the
 * validator says on which line the damage is.
 */
export function parseXml(xml: string): { ok: true; doc: XmlNode } | { ok: false; line: number; error: string } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    // Elements still open at the end: the validator reports line 1, but the damage is where the text stops.
    const open = /^Invalid '\[(.*)\]' found/s.exec(valid.err.msg);
    if (open) {
      const line = lineAt(xml, xml.length);
      const tags = open[1]!.replace(/[\s"]+/g, '').split(',').slice(-2).join(' > ');
      return { ok: false, line, error: `line ${line}: the XML ends with elements still open (… ${tags}): truncated?` };
    }
    const line = valid.err.line || 1;
    return { ok: false, line, error: `line ${line}: the XML is not well-formed (${valid.err.msg})` };
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
  });
  return { ok: true, doc: parser.parse(xml) as XmlNode };
}

/** A child that may be absent, one node or many, as an array. */
export function many(v: unknown): XmlNode[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]).filter((x) => x !== undefined && x !== null) as XmlNode[];
}

/** A node's text: a plain string child or the `#text` of an element with attributes; '' when absent. */
export function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return text(v[0]);
  if (typeof v === 'object') return text((v as XmlNode)['#text']);
  return '';
}

/** An attribute's value ('' when absent). */
export function attr(node: XmlNode | undefined, name: string): string {
  return text(node?.[`@_${name}`]);
}

/** OFAC's document labels (legacy remarks, advanced IDRegDocType names) → identifier type. */
const OFAC_ID_LABELS: ReadonlyArray<readonly [RegExp, ListedIdentifier['type']]> = [
  [/^Passport$/i, 'passport'],
  [/^(?:National ID No\.|Cedula No\.|C\.U\.R\.P\.|D\.N\.I\.|Personal ID Card|Citizen's Card Number|National Foreign ID Number|Kenyan ID No\.|Birth Certificate Number)$/i, 'national_id'],
  [/^(?:Registration Number|Registration ID|Company Number|Commercial Registry Number|Folio Mercantil No\.|Matricula Mercantil No|Business Registration Document #|Business Number|Business Registration Number|Certificate of Incorporation Number|Enterprise Number|Government Gazette Number|Trade License No\.|Chamber of Commerce Number|Legal Entity Number|Public Registration Number|Registered Charity No\.|Economic Register Number \(CBLS\)|Commercial Registry)$/i, 'registration'],
  [/^(?:Tax ID No\.|NIT #|R\.F\.C\.|RUC #|RIF #|Fiscal Code|V\.A\.T\. Number|C\.I\.F\.|N\.I\.E\.|RTN)$/i, 'tax_id'],
  [/^SWIFT\/BIC$/i, 'swift'],
  [/^Identification Number$/i, 'other'],
];

/** The identifier type OFAC means by a document label ("Passport", "NIT #", "Registration ID"…), or undefined. */
export function ofacIdentifierType(label: string): ListedIdentifier['type'] | undefined {
  const l = label.trim();
  return OFAC_ID_LABELS.find(([re]) => re.test(l))?.[1];
}
