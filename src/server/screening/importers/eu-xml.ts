// The EU consolidated list of persons, groups and entities subject to financial sanctions, in the
// Financial Sanctions Files "export" XML (xmlFullSanctionsList_1_1): sanctionEntity elements whose
// facts are attributes — nameAlias (wholeName, firstName, lastName, gender, nameLanguage, strong),
// birthdate, citizenship (countryIso2Code), identification, address, regulation (programme).

import { countryCodeToAlpha3, countryNameToAlpha3 } from '../countries';
import type { ImportParse, ListedEntity, ListedIdentifier, ListedKind } from '../listed-entity';
import {
  addDate, addIdentifier, addName, addUnique, attr, circaDate, failAt, isoDate, many, parseXml, rangeDate,
  shortenRemarks, tagLines, text, type XmlNode,
} from './importer-kit';

function kindOf(code: string): ListedKind {
  if (code === 'person') return 'person';
  if (code === 'enterprise') return 'organization';
  return 'other';
}

/** EU identificationTypeCode / description → ours (passport, id, regnumber, tin, swiftbic, imo…). */
function idType(node: XmlNode): ListedIdentifier['type'] {
  const t = `${attr(node, 'identificationTypeCode')} ${attr(node, 'identificationTypeDescription')}`.toLowerCase();
  if (/passport/.test(t)) return 'passport';
  if (/\bimo\b/.test(t)) return 'imo';
  if (/swift|\bbic\b/.test(t)) return 'swift';
  if (/\btin\b|tax|fiscal/.test(t)) return 'tax_id';
  if (/regnumber|registration/.test(t)) return 'registration';
  if (/^id\b|national|identity|identification card/.test(t)) return 'national_id';
  return 'other';
}

function country(node: XmlNode): string | undefined {
  const iso = attr(node, 'countryIso2Code');
  return (iso && iso !== '00' ? countryCodeToAlpha3(iso) : undefined) ?? countryNameToAlpha3(attr(node, 'countryDescription'));
}

function readEntity(node: XmlNode, line: number): ListedEntity | ImportParse {
  const key = attr(node, 'logicalId');
  if (!key) return failAt(line, 'sanctionEntity without logicalId');
  const subject = many(node.subjectType)[0];
  const e: ListedEntity = {
    key, kind: kindOf(attr(subject, 'code')), names: [], countries: [], birthDates: [], identifiers: [], programs: [],
  };
  // The EU lists the same name once per language; a name marked strong="false" is a weak alias.
  const aliases = many(node.nameAlias);
  aliases.forEach((a, i) => {
    const quality = i === 0 ? 'primary' : attr(a, 'strong') === 'false' ? 'weak' : 'strong';
    const whole = attr(a, 'wholeName') || [attr(a, 'firstName'), attr(a, 'middleName'), attr(a, 'lastName')].filter(Boolean).join(' ');
    const given = [attr(a, 'firstName'), attr(a, 'middleName')].filter(Boolean).join(' ');
    addName(e.names, { full: whole, given, family: attr(a, 'lastName'), quality });
    const g = attr(a, 'gender').toUpperCase();
    if (!e.gender && (g === 'M' || g === 'F')) e.gender = g === 'M' ? 'male' : 'female';
  });
  if (e.names.length === 0) return failAt(line, `logicalId ${key} has no name`);
  for (const c of many(node.citizenship)) addUnique(e.countries, country(c));
  if (e.kind !== 'person') for (const a of many(node.address)) addUnique(e.countries, country(a));
  for (const b of many(node.birthdate)) {
    const from = Number(attr(b, 'yearRangeFrom'));
    const to = Number(attr(b, 'yearRangeTo'));
    const year = Number(attr(b, 'year'));
    const full = isoDate(attr(b, 'birthdate'));
    const month = Number(attr(b, 'monthOfYear'));
    const date = full ?? (year && month ? isoDate(`${year}-${String(month).padStart(2, '0')}`) : year ? String(year) : undefined);
    if (from && to) addDate(e.birthDates, rangeDate(from, to));
    else if (date && attr(b, 'circa') === 'true') addDate(e.birthDates, { ...circaDate(Number(date.slice(0, 4))), date });
    else if (date) addDate(e.birthDates, { date });
  }
  for (const d of many(node.identification)) {
    const value = attr(d, 'number') || attr(d, 'latinNumber');
    if (!value) continue;
    const c = country(d);
    addIdentifier(e.identifiers, c ? { type: idType(d), value, country: c } : { type: idType(d), value });
  }
  for (const r of many(node.regulation)) addUnique(e.programs, attr(r, 'programme'));
  const designated = isoDate(attr(node, 'designationDate'))
    ?? many(node.regulation).map((r) => isoDate(attr(r, 'publicationDate'))).filter(Boolean).sort()[0];
  if (designated) e.listedOn = designated;
  const remarks = shortenRemarks(many(node.remark).map((r) => text(r)).filter(Boolean).join(' '));
  if (remarks) e.remarks = remarks;
  return e;
}

/**
 * Reads the EU FSF export XML (key = sanctionEntity logicalId, programmes = regulation programme,
 * publishedAt = generationDate). The first nameAlias is taken as the primary name. Fails with the
 * line of the damage: XML not well-formed, no export root, no logicalId, no name, logicalId twice.
 */
export function importEuXml(xml: string): ImportParse {
  const parsed = parseXml(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.doc.export as XmlNode | undefined;
  if (!root || typeof root !== 'object') return failAt(1, 'not an EU financial sanctions export (no export root element)');
  const nodes = many(root.sanctionEntity);
  const lines = tagLines(xml, 'sanctionEntity');
  const entities: ListedEntity[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < nodes.length; i++) {
    const line = lines[i] ?? 1;
    const e = readEntity(nodes[i]!, line);
    if ('ok' in e) return e;
    if (seen.has(e.key)) return failAt(line, `logicalId ${e.key} is listed twice`);
    seen.add(e.key);
    entities.push(e);
  }
  const generated = attr(root, 'generationDate');
  return generated ? { ok: true, entities, publishedAt: generated } : { ok: true, entities };
}
