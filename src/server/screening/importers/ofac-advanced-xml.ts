// OFAC's SDN_ADVANCED.XML (the "advanced" schema of the Sanctions List Service): everything is a
// reference into ReferenceValueSets, Locations and IDRegDocuments. Names come as typed parts (Last
// Name, First Name…) per script, so non-Latin names arrive as names of their own; birth dates are
// DatePeriods (a day, a month, a year, "circa", a span); documents hang off the identity by id.

import { countryCodeToAlpha3, countryNameToAlpha3 } from '../countries';
import type { ImportParse, ListedDate, ListedEntity, ListedKind, ListedName } from '../listed-entity';
import {
  addDate, addIdentifier, addName, addUnique, attr, circaDate, failAt, isoDate, many, ofacIdentifierType, parseXml,
  rangeDate, shortenRemarks, tagLines, text, type XmlNode,
} from './importer-kit';

/** ID → text of one ReferenceValueSets list (e.g. AliasTypeValues/AliasType). */
function refMap(sets: XmlNode | undefined, list: string, item: string): Map<string, XmlNode> {
  const out = new Map<string, XmlNode>();
  for (const n of many((sets?.[list] as XmlNode | undefined)?.[item])) out.set(attr(n, 'ID'), n);
  return out;
}

interface Refs {
  aliasTypes: Map<string, XmlNode>;
  countries: Map<string, XmlNode>;
  details: Map<string, XmlNode>;
  features: Map<string, XmlNode>;
  docTypes: Map<string, XmlNode>;
  namePartTypes: Map<string, XmlNode>;
  partySubTypes: Map<string, XmlNode>;
  partyTypes: Map<string, XmlNode>;
  sanctionsTypes: Map<string, XmlNode>;
  /** Location ID → alpha-3 of its country. */
  locationCountry: Map<string, string>;
}

/** Alpha-3 of a CountryValues entry: its ISO2 attribute when present, else its name. */
function countryOf(refs: Refs, countryId: string): string | undefined {
  const c = refs.countries.get(countryId);
  if (!c) return undefined;
  return countryCodeToAlpha3(attr(c, 'ISO2')) ?? countryNameToAlpha3(text(c));
}

function kindOf(refs: Refs, subTypeId: string): ListedKind | undefined {
  const sub = refs.partySubTypes.get(subTypeId);
  if (!sub) return undefined;
  const subName = text(sub).toLowerCase();
  if (subName === 'vessel') return 'vessel';
  if (subName === 'aircraft') return 'aircraft';
  const type = text(refs.partyTypes.get(attr(sub, 'PartyTypeID'))).toLowerCase();
  if (type === 'individual') return 'person';
  if (type === 'entity') return 'organization';
  return 'other';
}

function ymd(node: unknown): { y: number; m: number; d: number } | undefined {
  const n = node as XmlNode | undefined;
  const y = Number(text(n?.Year));
  if (!y) return undefined;
  return { y, m: Number(text(n?.Month)) || 1, d: Number(text(n?.Day)) || 1 };
}
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * A DatePeriod as a ListedDate: the earliest day is Start/From, the latest End/To. One day → that
 * day; a whole month → YYYY-MM; a whole year → YYYY; several years → a range; Approximate → circa.
 */
function periodDate(period: XmlNode): ListedDate | undefined {
  const start = period.Start as XmlNode | undefined;
  const end = period.End as XmlNode | undefined;
  const a = ymd(start?.From) ?? ymd(start?.To);
  const b = ymd(end?.To) ?? ymd(end?.From) ?? a;
  if (!a || !b) return undefined;
  const approximate = attr(start, 'Approximate') === 'true' || attr(end, 'Approximate') === 'true';
  let date: string | undefined;
  if (a.y !== b.y) return rangeDate(a.y, b.y);
  if (a.m === b.m && a.d === b.d) date = isoDate(`${a.y}-${pad(a.m)}-${pad(a.d)}`);
  else if (a.m === b.m && a.d === 1 && b.d === lastDay(b.y, b.m)) date = `${a.y}-${pad(a.m)}`;
  else date = String(a.y);
  if (!date) return undefined;
  return approximate ? { ...circaDate(a.y), date } : { date };
}

/** The names of one Identity: each Alias, each DocumentedName (one per script) as its own name. */
function readNames(identity: XmlNode, refs: Refs, e: ListedEntity): void {
  const partType = new Map<string, string>();
  for (const master of many((identity.NamePartGroups as XmlNode | undefined)?.MasterNamePartGroup)) {
    for (const g of many(master.NamePartGroup)) partType.set(attr(g, 'ID'), text(refs.namePartTypes.get(attr(g, 'NamePartTypeID'))));
  }
  // Primary alias first so its names stay primary when an alias repeats them.
  const aliases = many(identity.Alias).sort((x, y) => Number(attr(y, 'Primary') === 'true') - Number(attr(x, 'Primary') === 'true'));
  for (const alias of aliases) {
    const aliasType = text(refs.aliasTypes.get(attr(alias, 'AliasTypeID'))).toUpperCase();
    const quality: ListedName['quality'] = attr(alias, 'Primary') === 'true'
      ? 'primary'
      : attr(alias, 'LowQuality') === 'true' ? 'weak' : aliasType === 'F.K.A.' ? 'fka' : 'strong';
    for (const dn of many(alias.DocumentedName)) {
      const parts = many(dn.DocumentedNamePart).map((p) => {
        const v = p.NamePartValue as XmlNode | string;
        return { value: text(v), type: partType.get(attr(typeof v === 'object' ? v : undefined, 'NamePartGroupID')) ?? '' };
      }).filter((p) => p.value);
      if (parts.length === 0) continue;
      const name: ListedName = { full: parts.map((p) => p.value).join(' '), quality };
      const family = parts.filter((p) => /last name|patronymic|matronymic|maiden/i.test(p.type)).map((p) => p.value);
      const given = parts.filter((p) => /first name|middle name/i.test(p.type)).map((p) => p.value);
      if (family.length) name.family = family.join(' ');
      if (given.length) name.given = given.join(' ');
      addName(e.names, name);
    }
  }
}

function readFeatures(profile: XmlNode, refs: Refs, e: ListedEntity): void {
  for (const f of many(profile.Feature)) {
    const type = text(refs.features.get(attr(f, 'FeatureTypeID'))).toLowerCase();
    for (const v of many(f.FeatureVersion)) {
      if (type === 'birthdate') {
        for (const p of many(v.DatePeriod)) addDate(e.birthDates, periodDate(p));
      } else if (type === 'nationality country' || type === 'citizenship country' || type === 'nationality' || type === 'citizenship'
        || type === 'vessel flag' || (type === 'location' && e.kind !== 'person')) {
        for (const loc of many(v.VersionLocation)) addUnique(e.countries, refs.locationCountry.get(attr(loc, 'LocationID')));
        for (const d of many(v.VersionDetail)) if (!many(v.VersionLocation).length) addUnique(e.countries, countryNameToAlpha3(text(d)));
      } else if (type === 'gender') {
        for (const d of many(v.VersionDetail)) {
          const g = (text(d) || text(refs.details.get(attr(d, 'DetailReferenceID')))).toLowerCase();
          if (g === 'male' || g === 'female') e.gender = g;
        }
      }
    }
  }
}

/**
 * Reads SDN_ADVANCED.XML into listed entities (key = DistinctParty FixedRef, the legacy ent_num;
 * programmes = SanctionsMeasure comments of type Program; publishedAt = DateOfIssue). Fails with
 * the line of the damage: XML not well-formed, no Sanctions root, a party without FixedRef, a
 * party without a name, a FixedRef twice.
 */
export function importOfacAdvancedXml(xml: string): ImportParse {
  const parsed = parseXml(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.doc.Sanctions as XmlNode | undefined;
  if (!root || typeof root !== 'object') return failAt(1, 'not an OFAC advanced XML file (no Sanctions root element)');
  const sets = root.ReferenceValueSets as XmlNode | undefined;
  const refs: Refs = {
    aliasTypes: refMap(sets, 'AliasTypeValues', 'AliasType'),
    countries: refMap(sets, 'CountryValues', 'Country'),
    details: refMap(sets, 'DetailReferenceValues', 'DetailReference'),
    features: refMap(sets, 'FeatureTypeValues', 'FeatureType'),
    docTypes: refMap(sets, 'IDRegDocTypeValues', 'IDRegDocType'),
    namePartTypes: refMap(sets, 'NamePartTypeValues', 'NamePartType'),
    partySubTypes: refMap(sets, 'PartySubTypeValues', 'PartySubType'),
    partyTypes: refMap(sets, 'PartyTypeValues', 'PartyType'),
    sanctionsTypes: refMap(sets, 'SanctionsTypeValues', 'SanctionsType'),
    locationCountry: new Map(),
  };
  for (const loc of many((root.Locations as XmlNode | undefined)?.Location)) {
    const c = many(loc.LocationCountry)[0];
    const alpha3 = c ? countryOf(refs, attr(c, 'CountryID')) : undefined;
    if (alpha3) refs.locationCountry.set(attr(loc, 'ID'), alpha3);
  }

  const entities: ListedEntity[] = [];
  const byProfile = new Map<string, ListedEntity>();
  const byIdentity = new Map<string, ListedEntity>();
  const seen = new Set<string>();
  const parties = many((root.DistinctParties as XmlNode | undefined)?.DistinctParty);
  const lines = tagLines(xml, 'DistinctParty');
  for (let i = 0; i < parties.length; i++) {
    const party = parties[i]!;
    const line = lines[i] ?? 1;
    const key = attr(party, 'FixedRef');
    if (!key) return failAt(line, 'DistinctParty without FixedRef');
    if (seen.has(key)) return failAt(line, `FixedRef ${key} is listed twice`);
    seen.add(key);
    const profile = many(party.Profile)[0];
    const kind = profile ? kindOf(refs, attr(profile, 'PartySubTypeID')) : undefined;
    if (!profile || !kind) return failAt(line, `FixedRef ${key}: no Profile with a known PartySubTypeID`);
    const e: ListedEntity = { key, kind, names: [], countries: [], birthDates: [], identifiers: [], programs: [] };
    for (const identity of many(profile.Identity)) {
      readNames(identity, refs, e);
      byIdentity.set(attr(identity, 'ID'), e);
    }
    if (e.names.length === 0) return failAt(line, `FixedRef ${key} has no name`);
    readFeatures(profile, refs, e);
    const remarks = shortenRemarks(text(party.Comment));
    if (remarks) e.remarks = remarks;
    byProfile.set(attr(profile, 'ID'), e);
    entities.push(e);
  }

  for (const doc of many((root.IDRegDocuments as XmlNode | undefined)?.IDRegDocument)) {
    const e = byIdentity.get(attr(doc, 'IdentityID'));
    const raw = text(doc.IDRegistrationNo);
    if (!e || !raw) continue;
    const label = text(refs.docTypes.get(attr(doc, 'IDRegDocTypeID')));
    const imo = /^IMO (\d{7})$/.exec(raw);
    const type = imo || /IMO/.test(label) ? 'imo' : ofacIdentifierType(label) ?? 'other';
    const country = countryOf(refs, attr(doc, 'IssuedBy-CountryID'));
    addIdentifier(e.identifiers, country ? { type, value: imo ? imo[1]! : raw, country } : { type, value: imo ? imo[1]! : raw });
  }

  for (const entry of many((root.SanctionsEntries as XmlNode | undefined)?.SanctionsEntry)) {
    const e = byProfile.get(attr(entry, 'ProfileID'));
    if (!e) continue;
    for (const m of many(entry.SanctionsMeasure)) {
      if (text(refs.sanctionsTypes.get(attr(m, 'SanctionsTypeID'))).toLowerCase() === 'program') addUnique(e.programs, text(m.Comment));
    }
    for (const ev of many(entry.EntryEvent)) {
      const d = ymd(ev.Date);
      if (d && !e.listedOn) e.listedOn = isoDate(`${d.y}-${pad(d.m)}-${pad(d.d)}`);
      if (!e.listedOn) delete e.listedOn;
    }
  }

  const issued = ymd(root.DateOfIssue);
  const publishedAt = issued ? isoDate(`${issued.y}-${pad(issued.m)}-${pad(issued.d)}`) : undefined;
  return publishedAt ? { ok: true, entities, publishedAt } : { ok: true, entities };
}
