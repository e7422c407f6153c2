// From uploaded files to entities: the importer of the format, and the file each one needs.
// A bad file gives the file's name and the line that failed; nothing is stored then.
import type { ListFormat } from '../../contract/screening';
import type { ImportParse, ListedEntity } from './listed-entity';

/** An uploaded file: its name and text. */
export interface ListFile { name: string; content: string }

/** The parse of an upload, or which file and line could not be read. */
export type FilesParse =
  | { ok: true; entities: ListedEntity[]; publishedAt?: string }
  | { ok: false; file: string; line: number; error: string };

const single = (files: ListFile[], format: string): ListFile | string =>
  files.length === 1 ? files[0]! : `the ${format} format takes one file (${files.length} given)`;

/** OFAC's legacy set is told apart by file name: SDN.CSV, ALT.CSV, ADD.CSV and SDN_COMMENTS.CSV (any case, any prefix). */
function ofacSet(files: ListFile[]): { sdn: ListFile; alt?: ListFile; add?: ListFile; comments?: ListFile } | string {
  const find = (re: RegExp) => files.find((f) => re.test(f.name.toLowerCase().replace(/^.*[\\/]/, '')));
  const comments = find(/comments/);
  const alt = find(/alt/);
  const add = find(/add/);
  const sdn = files.find((f) => f !== comments && f !== alt && f !== add && /sdn|prim/.test(f.name.toLowerCase()));
  if (!sdn) return 'the OFAC set needs SDN.CSV (and ALT.CSV, ADD.CSV, SDN_COMMENTS.CSV) by name';
  const unknown = files.filter((f) => f !== sdn && f !== alt && f !== add && f !== comments);
  if (unknown.length) return `not a file of the OFAC set: ${unknown.map((f) => f.name).join(', ')}`;
  return { sdn, ...(alt ? { alt } : {}), ...(add ? { add } : {}), ...(comments ? { comments } : {}) };
}

/** Parses the upload with the format's importer (loaded on first use: list parsing is rare). */
export async function parseListFiles(format: ListFormat, files: ListFile[]): Promise<FilesParse> {
  const fail = (file: string, line: number, error: string): FilesParse => ({ ok: false, file, line, error });
  const done = (file: string, p: ImportParse): FilesParse => (p.ok ? { ok: true, entities: p.entities, ...(p.publishedAt ? { publishedAt: p.publishedAt } : {}) } : fail(file, p.line, p.error));
  if (format === 'ofac-csv') {
    const set = ofacSet(files);
    if (typeof set === 'string') return fail(files[0]?.name ?? '', 0, set);
    const { importOfacLegacyCsv } = await import('./importers/ofac-legacy-csv');
    const p = importOfacLegacyCsv({ sdn: set.sdn.content, alt: set.alt?.content ?? '', add: set.add?.content ?? '', ...(set.comments ? { comments: set.comments.content } : {}) });
    // The importer names the line; which file it is in follows from its message.
    return done(set.sdn.name, p);
  }
  const file = single(files, format);
  if (typeof file === 'string') return fail(files[0]?.name ?? '', 0, file);
  switch (format) {
    case 'un-xml': return done(file.name, (await import('./importers/un-xml')).importUnXml(file.content));
    case 'ofac-advanced-xml': return done(file.name, (await import('./importers/ofac-advanced-xml')).importOfacAdvancedXml(file.content));
    case 'eu-xml': return done(file.name, (await import('./importers/eu-xml')).importEuXml(file.content));
    case 'uk-csv': return done(file.name, (await import('./importers/uk-csv')).importUkCsv(file.content));
    case 'opensanctions-csv': return done(file.name, (await import('./importers/opensanctions')).importOpenSanctionsSimpleCsv(file.content));
    case 'opensanctions-ftm': return done(file.name, (await import('./importers/opensanctions')).importOpenSanctionsFtmJson(file.content));
    case 'customer-csv': return done(file.name, (await import('./importers/customer-csv')).importCustomerCsv(file.content));
  }
}
