// The one shape every list importer produces and the matcher reads: a listed person, company,
// vessel or aircraft as its publisher describes it, with nothing normalised yet (the matcher
// normalises; the importers keep the publisher's spelling so a reviewer sees what was listed).

/** What a listed entity is. `other`: a kind the publisher names but the matcher does not tell apart (screened against people and companies alike). */
export type ListedKind = 'person' | 'organization' | 'vessel' | 'aircraft' | 'other';

/** One name of an entity: the primary one or an alias, as published. */
export interface ListedName {
  /** The whole name as published, e.g. "BIN LADIN, Usama" or "Усама бен Ладен". */
  full: string;
  /** Name parts when the publisher gives them split (UN FIRST_NAME…, OFAC advanced, EU); otherwise absent. */
  given?: string;
  family?: string;
  /** primary = the listed name; strong/weak = alias quality as published (OFAC "weak a.k.a.", UN "Low"); fka = formerly known as. */
  quality: 'primary' | 'strong' | 'weak' | 'fka';
}

/** A date of birth: as exact as published. `YYYY-MM-DD`, `YYYY-MM` or `YYYY`; a range when the list says "circa"/"between". */
export interface ListedDate {
  date: string;
  /** When the publisher gives a range (UN BETWEEN, OFAC "circa 1960"): inclusive years. */
  fromYear?: number;
  toYear?: number;
}

/** A document or registration number as listed (passport, national id, registration, IMO, SWIFT/BIC…). */
export interface ListedIdentifier {
  /** Lower-case kind: passport, national_id, registration, tax_id, imo, swift, other. */
  type: 'passport' | 'national_id' | 'registration' | 'tax_id' | 'imo' | 'swift' | 'other';
  /** The number as published. */
  value: string;
  /** ISO 3166-1 alpha-3 of the issuing country when known. */
  country?: string;
}

/**
 * One entity of one list version. `key` is the publisher's stable id (OFAC ent_num, UN DATAID, EU
 * logicalId, UK unique id, OpenSanctions id, the customer's own id), unique within the list: the
 * import's diff (added, removed, changed) is computed on it.
 */
export interface ListedEntity {
  key: string;
  kind: ListedKind;
  names: ListedName[];
  /** ISO 3166-1 alpha-3, upper case (as docInfo and the company form): nationalities, citizenships, and for organisations the countries of registration/address. */
  countries: string[];
  birthDates: ListedDate[];
  gender?: 'male' | 'female';
  identifiers: ListedIdentifier[];
  /** Sanctions programmes / regimes as published (e.g. "SDGT", "QDi", "Russia"). */
  programs: string[];
  /** PEP lists set this (OpenSanctions `role.pep`): the signal raised is `pep_hit`, not `sanctions_hit`. */
  pep?: boolean;
  /** Listing date (YYYY-MM-DD) when published. */
  listedOn?: string;
  /** The publisher's free text, shortened to 2,000 characters. */
  remarks?: string;
}

/** An importer's answer: the entities of the file, or the first line that could not be read. */
export type ImportParse =
  | { ok: true; entities: ListedEntity[]; publishedAt?: string }
  | { ok: false; line: number; error: string };
