// The UN Security Council Consolidated List as the UN publishes it (XML, root CONSOLIDATED_LIST,
// schema sc-sanctions.xsd): INDIVIDUALS/INDIVIDUAL and ENTITIES/ENTITY, names in FIRST_NAME …
// FOURTH_NAME, the original-script name in NAME_ORIGINAL_SCRIPT, aliases with a quality, dates of
// birth typed EXACT / APPROXIMATELY / BETWEEN. Most national lists start from this one.

import { countryNameToAlpha3 } from '../countries';
import type { ImportParse, ListedEntity, ListedIdentifier, ListedName } from '../listed-entity';
import {
  addDate, addIdentifier, addName, addUnique, attr, circaDate, failAt, isoDate, many, parseXml, rangeDate,
  shortenRemarks, tagLines, text, type XmlNode,
} from './importer-kit';

/** UN alias QUALITY → ours: individuals say Good/Low, entities say a.k.a./f.k.a. */
function aliasQuality(q: string): ListedName['quality'] {
  const v = q.trim().toLowerCase();
  if (v === 'low') return 'weak';
  if (v === 'f.k.a.') return 'fka';
  return 'strong';
}

function documentType(node: XmlNode): ListedIdentifier['type'] {
  const t = `${text(node.TYPE_OF_DOCUMENT)} ${text(node.TYPE_OF_DOCUMENT2)}`.toLowerCase();
  if (/passport|passeport|pasaporte/.test(t)) return 'passport';
  if (/national identi|identity card|identification card|id card|tazkira|national id/.test(t)) return 'national_id';
  return 'other';
}

/** One INDIVIDUAL_DATE_OF_BIRTH: EXACT (DATE or YEAR), APPROXIMATELY (YEAR → circa), BETWEEN (FROM_YEAR…TO_YEAR). */
function readBirthDate(node: XmlNode, e: ListedEntity): void {
  const type = text(node.TYPE_OF_DATE).toUpperCase();
  const date = isoDate(text(node.DATE).slice(0, 10));
  const year = /^\d{4}$/.test(text(node.YEAR)) ? Number(text(node.YEAR)) : undefined;
  if (type === 'BETWEEN') {
    const from = Number(text(node.FROM_YEAR));
    const to = Number(text(node.TO_YEAR));
    if (from && to) addDate(e.birthDates, rangeDate(from, to));
    return;
  }
  if (type === 'APPROXIMATELY') {
    const y = year ?? (date ? Number(date.slice(0, 4)) : undefined);
    if (y) addDate(e.birthDates, { ...circaDate(y), date: date ?? String(y) });
    return;
  }
  if (date) addDate(e.birthDates, { date });
  else if (year) addDate(e.birthDates, { date: String(year) });
}

function readEntry(node: XmlNode, individual: boolean, line: number): ListedEntity | ImportParse {
  const key = text(node.DATAID);
  if (!key) return failAt(line, `${individual ? 'INDIVIDUAL' : 'ENTITY'} without a DATAID`);
  const e: ListedEntity = {
    key, kind: individual ? 'person' : 'organization', names: [], countries: [], birthDates: [], identifiers: [], programs: [],
  };
  const parts = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((k) => text(node[k])).filter(Boolean);
  if (parts.length === 0) return failAt(line, `DATAID ${key} has no name`);
  // The UN does not say which part is the family name: the first is taken as given, the rest as family.
  const primary: ListedName = { full: parts.join(' '), quality: 'primary' };
  if (individual && parts.length > 1) {
    primary.given = parts[0];
    primary.family = parts.slice(1).join(' ');
  }
  addName(e.names, primary);
  // The original-script name is the listed name itself, written in its own script.
  addName(e.names, { full: text(node.NAME_ORIGINAL_SCRIPT), quality: 'primary' });
  for (const alias of many(node[individual ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS'])) {
    addName(e.names, { full: text(alias.ALIAS_NAME), quality: aliasQuality(text(alias.QUALITY)) });
  }
  addUnique(e.programs, text(node.UN_LIST_TYPE));
  if (individual) {
    for (const n of many(node.NATIONALITY)) for (const v of many(n.VALUE)) addUnique(e.countries, countryNameToAlpha3(text(v)));
    for (const d of many(node.INDIVIDUAL_DATE_OF_BIRTH)) readBirthDate(d, e);
    for (const d of many(node.INDIVIDUAL_DOCUMENT)) {
      const value = text(d.NUMBER);
      if (!value) continue;
      const id: ListedIdentifier = { type: documentType(d), value };
      const country = countryNameToAlpha3(text(d.ISSUING_COUNTRY) || text(d.COUNTRY_OF_ISSUE));
      if (country) id.country = country;
      addIdentifier(e.identifiers, id);
    }
    const gender = text(node.GENDER).toLowerCase();
    if (gender === 'male' || gender === 'female') e.gender = gender;
  } else {
    for (const a of many(node.ENTITY_ADDRESS)) addUnique(e.countries, countryNameToAlpha3(text(a.COUNTRY)));
  }
  const listedOn = isoDate(text(node.LISTED_ON).slice(0, 10));
  if (listedOn) e.listedOn = listedOn;
  const remarks = shortenRemarks(text(node.COMMENTS1));
  if (remarks) e.remarks = remarks;
  return e;
}

/**
 * Reads the UN consolidated list XML (key = DATAID, programmes = UN_LIST_TYPE, publishedAt =
 * dateGenerated as published). Fails with the line of the damage: XML that is not well-formed
 * (a truncated download), another root element, an entry without DATAID or name, a DATAID twice.
 */
export function importUnXml(xml: string): ImportParse {
  const parsed = parseXml(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.doc.CONSOLIDATED_LIST as XmlNode | undefined;
  if (!root || typeof root !== 'object') return failAt(1, 'not a UN consolidated list (no CONSOLIDATED_LIST root element)');
  const entities: ListedEntity[] = [];
  const seen = new Set<string>();
  for (const individual of [true, false]) {
    const group = root[individual ? 'INDIVIDUALS' : 'ENTITIES'] as XmlNode | undefined;
    const nodes = many(group?.[individual ? 'INDIVIDUAL' : 'ENTITY']);
    const lines = tagLines(xml, individual ? 'INDIVIDUAL' : 'ENTITY');
    for (let i = 0; i < nodes.length; i++) {
      const line = lines[i] ?? 1;
      const e = readEntry(nodes[i]!, individual, line);
      if ('ok' in e) return e;
      if (seen.has(e.key)) return failAt(line, `DATAID ${e.key} is listed twice`);
      seen.add(e.key);
      entities.push(e);
    }
  }
  const generated = attr(root, 'dateGenerated');
  return generated ? { ok: true, entities, publishedAt: generated } : { ok: true, entities };
}
