// Screening a person or company against loaded lists: an in-memory index of every listed name
// (built once per set of list versions, from the database), candidate names found by trigrams
// of their tokens, each candidate scored by aligning tokens in any order. The score is a sum of
// named features (the name's likeness, then birth date, country, gender, identifiers) so a
// reviewer reads why it is what it is, and it is not capped: stronger evidence ranks higher.
import type { ListedEntity, ListedName } from './listed-entity';
import { canonGeneric, GENERIC_WORDS, genericVariant, normalizeIdentifier, normalizeName, romanKey, skeleton, type NameScript, type NormalName } from './normalize';
import { boundedLevenshtein, tokenSimilarity } from './similarity';

/** What a screening asks about: the names of one person or company and what qualifies them. */
export interface ScreeningQuery {
  kind: 'person' | 'organization';
  /** Every name the subject is known by (document names, legal and trading names). */
  names: string[];
  /** YYYY-MM-DD, YYYY-MM or YYYY. */
  birthDate?: string;
  /** ISO 3166-1 alpha-3 (nationality, issuing state, country of registration). */
  countries?: string[];
  gender?: 'male' | 'female';
  /** Passport, national id, registration number… as written; compared letters and digits only. */
  identifiers?: string[];
}

/** One reason in a score: what was compared and what it added (negative: what spoke against). */
export interface ScoreFeature {
  feature: 'name' | 'birth_date' | 'country' | 'gender' | 'identifier' | 'weak_alias' | 'common_name';
  value: number;
  detail: string;
}

/** One listed entity a query resembles, with the score and its features. */
export interface ScreeningHit {
  listId: string;
  entityKey: string;
  /** The entity's primary name, as published. */
  entityName: string;
  /** The listed name (primary or alias) that matched best, as published. */
  matchedName: string;
  /** The query's name that matched. */
  queryName: string;
  /** Sum of the features' values; ≥ the threshold to be a hit. Not capped at 1. */
  score: number;
  features: ScoreFeature[];
  signal: 'sanctions_hit' | 'pep_hit';
  /** The listed entity's content digest when the index was given one ('' otherwise). */
  entityDigest: string;
}

/** A list's entities as the index takes them. */
export interface IndexedList {
  listId: string;
  /** PEP lists raise `pep_hit`; an entity flagged `pep` raises it on any list. */
  pep: boolean;
  entities: ListedEntity[];
  /** Each entity's content digest (parallel to `entities`), carried into its hits. */
  digests?: string[];
}

/**
 * Default threshold: calibrated by `npm run bench` (screening) for recall ≥ 99 % on the altered
 * real entries and ≤ 1 false hit per 1,000 real common names; the figures are in docs/screening.md.
 */
export const DEFAULT_THRESHOLD = 0.85;
/** A name less alike than this is never a hit, whatever else agrees (a matching number with a foreign name is a data error). */
const NAME_FLOOR = 0.72;
/** With a listed identifier, a name at least this alike (one part of two) is enough. */
const ID_NAME_FLOOR = 0.4;
/** Candidate tokens below this likeness are not followed. */
const TOKEN_MIN = 0.78;
/** Generic words (LTD, TRADING) weigh this fraction of a rare word. */
const GENERIC_WEIGHT = 0.15;

interface NameRow {
  entity: number;
  raw: string;
  quality: ListedName['quality'];
  tokens: Int32Array;
  generic: string[];
  joined: string;
}
interface EntityRow {
  listId: string;
  digest: string;
  entity: ListedEntity;
  signal: ScreeningHit['signal'];
  kind: 'person' | 'organization' | 'other';
}

/** The searchable form of a set of lists. Built by buildScreeningIndex; immutable. */
export interface ScreeningIndex {
  entities: EntityRow[];
  names: NameRow[];
  tokens: string[];
  tokenIds: Map<string, number>;
  weights: Float64Array;
  postings: number[][];
  /** Trigram → token ids, sorted by token length. */
  trigrams: Map<string, Int32Array>;
  tokenLengths: Uint8Array;
  skeletons: Map<string, number[]>;
  /** Romanization key → token ids ("khan" and "han" share one). */
  romanKeys: Map<string, number[]>;
  identifiers: Map<string, number[]>;
  /** A name's tokens joined → its rows: "xi jinping" is found by "xi jin ping", "abdulrahman" by "abdul rahman". */
  joinedNames: Map<string, number[]>;
  /** The same for the joined consonants, for queries in scripts without vowels. */
  joinedSkeletons: Map<string, number[]>;
  /** Each entity's name rows. */
  entityNames: number[][];
  maxWeight: number;
  /** Reused counters (a query runs to its end synchronously; they are back to zero after it). */
  scratch: { tokenCounts: Int32Array; nameHits: Int32Array; nameSeen: Int32Array; stamp: number };
}

const trigramsOf = (t: string): string[] => {
  const p = ` ${t} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= p.length; i++) out.push(p.slice(i, i + 3));
  return out;
};
const kindOf = (e: ListedEntity): EntityRow['kind'] => (e.kind === 'person' ? 'person' : e.kind === 'other' ? 'other' : 'organization');

/** Builds the index of every name and alias of the lists (about 0.5 s for OFAC SDN + UN). */
export function buildScreeningIndex(lists: IndexedList[]): ScreeningIndex {
  const entities: EntityRow[] = [];
  const names: NameRow[] = [];
  const tokens: string[] = [];
  const tokenIds = new Map<string, number>();
  const postings: number[][] = [];
  const identifiers = new Map<string, number[]>();
  const idOf = (t: string): number => {
    let id = tokenIds.get(t);
    if (id === undefined) { id = tokens.length; tokens.push(t); tokenIds.set(t, id); postings.push([]); }
    return id;
  };
  for (const list of lists) {
    for (const [at, entity] of list.entities.entries()) {
      const e = entities.length;
      const kind = kindOf(entity);
      entities.push({ listId: list.listId, digest: list.digests?.[at] ?? '', entity, signal: list.pep || entity.pep ? 'pep_hit' : 'sanctions_hit', kind });
      const seen = new Set<string>();
      for (const n of entity.names) {
        const norm = normalizeName(n.full, kind === 'person' ? 'person' : 'organization');
        // A name and its alias differing in legal form only are both kept ("SYRISS" and "SYRISS GROUP LIMITED").
        const key = `${norm.tokens.join(' ')}|${norm.generic.join(' ')}`;
        if (!norm.tokens.length || seen.has(key)) continue;
        seen.add(key);
        const ids = Int32Array.from(norm.tokens.map(idOf));
        const row = names.length;
        names.push({ entity: e, raw: n.full, quality: n.quality, tokens: ids, generic: norm.generic, joined: norm.tokens.join('') });
        for (const id of new Set(ids)) postings[id]!.push(row);
      }
      for (const idf of entity.identifiers) {
        const v = normalizeIdentifier(idf.value);
        if (v.length < 5) continue;
        const at = identifiers.get(v);
        if (at) at.push(e); else identifiers.set(v, [e]);
      }
    }
  }
  // Rare tokens weigh more: a shared "Mohammed" says less than a shared "Ladin".
  const weights = new Float64Array(tokens.length);
  let maxWeight = 1;
  for (let i = 0; i < tokens.length; i++) {
    weights[i] = Math.max(1, Math.log((names.length + 1) / (postings[i]!.length + 0.5)));
    if (weights[i]! > maxWeight) maxWeight = weights[i]!;
  }
  const grams = new Map<string, number[]>();
  const skeletons = new Map<string, number[]>();
  const romanKeys = new Map<string, number[]>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    for (const g of new Set(trigramsOf(t))) {
      const at = grams.get(g);
      if (at) at.push(i); else grams.set(g, [i]);
    }
    const sk = skeleton(t);
    if (sk) { const at = skeletons.get(sk); if (at) at.push(i); else skeletons.set(sk, [i]); }
    const rk = romanKey(t);
    if (rk.length >= 2) { const at = romanKeys.get(rk); if (at) at.push(i); else romanKeys.set(rk, [i]); }
  }
  const tokenLengths = Uint8Array.from(tokens.map((t) => Math.min(255, t.length)));
  const trigrams = new Map<string, Int32Array>();
  for (const [g, ids] of grams) trigrams.set(g, Int32Array.from(ids.sort((a, b) => tokenLengths[a]! - tokenLengths[b]! || a - b)));
  const joinedNames = new Map<string, number[]>();
  const joinedSkeletons = new Map<string, number[]>();
  names.forEach((n, r) => {
    // The parts joined in the listed order and in the reverse one ("rifqi taufik" ~ "taufikrifqi").
    const reversed = [...n.tokens].reverse().map((id) => tokens[id]!).join('');
    for (const j of new Set([n.joined, reversed])) {
      const at = joinedNames.get(j);
      if (at) at.push(r); else joinedNames.set(j, [r]);
    }
    const sk = skeleton(n.joined);
    if (sk.length >= 3) { const s2 = joinedSkeletons.get(sk); if (s2) s2.push(r); else joinedSkeletons.set(sk, [r]); }
  });
  const entityNames: number[][] = entities.map(() => []);
  names.forEach((n, r) => entityNames[n.entity]!.push(r));
  const scratch = { tokenCounts: new Int32Array(tokens.length), nameHits: new Int32Array(names.length), nameSeen: new Int32Array(names.length), stamp: 0 };
  return { entities, names, tokens, tokenIds, weights, postings, trigrams, tokenLengths, skeletons, romanKeys, identifiers, joinedNames, joinedSkeletons, entityNames, maxWeight, scratch };
}

// Scripts that leave vowels out: their tokens are compared on consonants too.
const CONSONANTAL: ReadonlySet<NameScript> = new Set(['arabic', 'hebrew', 'thai', 'hangul']);
/** Below this summed weight of matched listed parts (a share of the rarest part's weight), a match is made of common parts only. */
const COMMON_EVIDENCE = 1;
/** Two parts joined must spell the other side's one part nearly exactly. */
const JOIN_MIN = 0.9;
/** A consonant skeleton equal on both sides: as good as a spelling variant, short of exact. */
const SKELETON_SIMILARITY = 0.9;
/** What a name's likeness loses when the listed name's rarest part is not in the query (RAREST_MARGIN: rarer by this factor than every matched part). */
const RAREST_MISSED = 0.05;
const RAREST_MARGIN = 1.2;
/** Two spellings of one sound in Latin (romanKey equal: "khan"/"han", "zhou"/"zhu"): short of equal. */
const ROMAN_SIMILARITY = 0.9;
/** An initial ("J.") standing for a name that begins with it. */
const INITIAL_SIMILARITY = 0.8;

interface QueryToken { text: string; similar: Map<number, number>; weight: number }

/** First position in `ids` (sorted by length) whose token is at least `min` letters long. */
function lowerBound(ids: Int32Array, lengths: Uint8Array, min: number): number {
  let lo = 0; let hi = ids.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (lengths[ids[mid]!]! < min) lo = mid + 1; else hi = mid; }
  return lo;
}

/** The index tokens like a query token (similarity ≥ TOKEN_MIN), found through shared trigrams. */
function similarTokens(index: ScreeningIndex, t: string, script: NameScript): Map<number, number> {
  const out = new Map<number, number>();
  const exact = index.tokenIds.get(t);
  if (exact !== undefined) out.set(exact, 1);
  if (t.length < 2) return out;
  const rk = romanKey(t);
  for (const id of (rk.length >= 2 ? index.romanKeys.get(rk) : undefined) ?? []) if (!out.has(id)) out.set(id, ROMAN_SIMILARITY);
  if (t.length <= 3 && !CONSONANTAL.has(script)) return out;
  const grams = trigramsOf(t);
  const counts = index.scratch.tokenCounts;
  const touched: number[] = [];
  const len = t.length;
  for (const g of new Set(grams)) {
    const ids = index.trigrams.get(g);
    if (!ids) continue;
    // Postings are sorted by token length: only tokens within 4 letters of this one can be alike.
    for (let k = lowerBound(ids, index.tokenLengths, len - 4); k < ids.length; k++) {
      const id = ids[k]!;
      if (index.tokenLengths[id]! > len + 4) break;
      if (counts[id] === 0) touched.push(id);
      counts[id]!++;
    }
  }
  const need = Math.max(1, Math.floor(grams.length * 0.3));
  for (const id of touched) {
    const c = counts[id]!;
    counts[id] = 0;
    // Tokens more than 4 letters apart in length are never TOKEN_MIN alike (tokenSimilarity's edit bound).
    if (c < need || out.has(id)) continue;
    const s = tokenSimilarity(t, index.tokens[id]!);
    if (s >= TOKEN_MIN) out.set(id, s);
  }
  if (CONSONANTAL.has(script)) {
    const sk = skeleton(t);
    for (const id of (sk.length >= 1 ? index.skeletons.get(sk) : undefined) ?? []) {
      if ((out.get(id) ?? 0) < SKELETON_SIMILARITY) out.set(id, SKELETON_SIMILARITY);
    }
  }
  return out;
}

interface NameMatch {
  score: number; matched: number; detail: string;
  /** Sum of the weights of the listed parts matched. */
  evidence: number;
  /** Every listed part matched and the same generic words on both sides: the whole listed name. */
  whole: boolean;
}

/** Aligns the query's tokens with a listed name's, in any order; answers the name's likeness 0..1. */
function scoreName(index: ScreeningIndex, q: QueryToken[], qJoined: string, qGeneric: string[], name: NameRow, script: NameScript): NameMatch {
  const pairs: { i: number; j: number; s: number }[] = [];
  for (let i = 0; i < q.length; i++) {
    const qt = q[i]!;
    for (let j = 0; j < name.tokens.length; j++) {
      const id = name.tokens[j]!;
      let s = qt.similar.get(id) ?? 0;
      const lt = index.tokens[id]!;
      if (!s && (qt.text.length === 1 || lt.length === 1) && qt.text[0] === lt[0]) s = INITIAL_SIMILARITY;
      if (s) pairs.push({ i, j, s });
    }
  }
  pairs.sort((a, b) => b.s - a.s);
  const qUsed = new Uint8Array(q.length);
  const cUsed = new Uint8Array(name.tokens.length);
  let sum = 0; let qTotal = 0; let cTotal = 0; let matched = 0; let initials = 0; let evidence = 0;
  for (const p of pairs) {
    if (qUsed[p.i] || cUsed[p.j]) continue;
    qUsed[p.i] = 1; cUsed[p.j] = 1; matched++;
    if (p.s === INITIAL_SIMILARITY) initials++;
    const w = index.weights[name.tokens[p.j]!]!;
    sum += p.s * w; qTotal += w; evidence += w;
  }
  // Joined and split parts: two adjacent query parts spelling one listed part ("abdul rahman" ~
  // "abdulrahman"), or one query part spelling two adjacent listed ones.
  for (let i = 0; i + 1 < q.length; i++) {
    if (qUsed[i] || qUsed[i + 1]) continue;
    const joined = q[i]!.text + q[i + 1]!.text;
    for (let j = 0; j < name.tokens.length; j++) {
      if (cUsed[j]) continue;
      const s = tokenSimilarity(joined, index.tokens[name.tokens[j]!]!);
      if (s < JOIN_MIN) continue;
      qUsed[i] = 1; qUsed[i + 1] = 1; cUsed[j] = 1; matched += 2;
      const w = index.weights[name.tokens[j]!]!;
      sum += s * w; qTotal += w; evidence += w;
      break;
    }
  }
  for (let i = 0; i < q.length; i++) {
    if (qUsed[i]) continue;
    for (let j = 0; j + 1 < name.tokens.length; j++) {
      if (cUsed[j] || cUsed[j + 1]) continue;
      const s = tokenSimilarity(q[i]!.text, index.tokens[name.tokens[j]!]! + index.tokens[name.tokens[j + 1]!]!);
      if (s < JOIN_MIN) continue;
      qUsed[i] = 1; cUsed[j] = 1; cUsed[j + 1] = 1; matched++;
      const w = index.weights[name.tokens[j]!]! + index.weights[name.tokens[j + 1]!]!;
      sum += s * w; qTotal += w; evidence += w;
      break;
    }
  }
  // An unmatched query token weighs what its nearest listed token weighs (a token the lists never use: the most).
  for (let i = 0; i < q.length; i++) if (!qUsed[i]) qTotal += q[i]!.weight;
  for (let j = 0; j < name.tokens.length; j++) cTotal += index.weights[name.tokens[j]!]!;
  let qSum = sum; let cSum = sum;
  // Generic words weigh little; both sides having the same ones is a small agreement.
  const gShared = qGeneric.filter((g) => name.generic.includes(g)).length;
  const gQ = qGeneric.length - gShared; const gC = name.generic.length - gShared;
  const gw = GENERIC_WEIGHT * index.maxWeight;
  qSum += gShared * gw; cSum += gShared * gw;
  qTotal += (gShared + gQ) * gw; cTotal += (gShared + gC) * gw;
  const sq = qTotal ? qSum / qTotal : 0;
  const sc = cTotal ? cSum / cTotal : 0;
  let score = 0.75 * Math.max(sq, sc) + 0.25 * Math.min(sq, sc);
  const qMatched = qUsed.reduce((n, u) => n + u, 0);
  const cMatched = cUsed.reduce((n, u) => n + u, 0);
  let detail = `${qMatched} of ${q.length} query parts matched ${cMatched} of ${name.tokens.length} listed parts${initials ? ` (${initials} by initial)` : ''}`;
  // The listed name's rarest part missing from the query: what is left is what many names share
  // ("Ali Ahmed" in "SALEH, Ahmed Ali"). A middle name left out is usually not the rarest part.
  let rarestMissed = -1; let rarestMatched = 0;
  for (let j = 0; j < name.tokens.length; j++) {
    const w = index.weights[name.tokens[j]!]!;
    if (cUsed[j]) rarestMatched = Math.max(rarestMatched, w); else if (rarestMissed < 0 || w > index.weights[name.tokens[rarestMissed]!]!) rarestMissed = j;
  }
  if (rarestMissed >= 0 && index.weights[name.tokens[rarestMissed]!]! > rarestMatched * RAREST_MARGIN) {
    score -= RAREST_MISSED;
    detail += `; its rarest part "${index.tokens[name.tokens[rarestMissed]!]}" is not in the query`;
  }
  // Joined or split names ("abdulrahman" / "abdul rahman", "xi jinping" / "xi jin ping"): the whole spelling.
  if (qJoined.length >= 6 && name.joined.length >= 6 && Math.abs(qJoined.length - name.joined.length) <= 2) {
    const reversed = [...name.tokens].reverse().map((id) => index.tokens[id]!).join('');
    const d = Math.min(boundedLevenshtein(qJoined, name.joined, 2), boundedLevenshtein(qJoined, reversed, 2));
    const joinedScore = d === 0 ? 0.98 : d === 1 && qJoined.length >= 8 ? 0.93 : d === 2 && qJoined.length >= 12 ? 0.88 : 0;
    if (joinedScore > score) { score = joinedScore; detail = `the whole name spelled alike${d ? ` (${d} letter${d > 1 ? 's' : ''} differ)` : ''}, parts joined or split`; }
  }
  if (CONSONANTAL.has(script) && score < SKELETON_SIMILARITY) {
    const sq2 = skeleton(qJoined);
    const sc2 = skeleton(name.joined);
    if (sq2.length >= 3 && sq2 === sc2) { score = SKELETON_SIMILARITY * 0.98; detail = 'the same consonants (a script without written vowels)'; }
  }
  // A whole-name likeness (joined parts, the same consonants) stands on every listed part.
  if (score >= 0.97 || detail.startsWith('the ')) evidence = Math.max(evidence, [...name.tokens].reduce((t, id) => t + index.weights[id]!, 0));
  return { score, matched, detail, evidence, whole: cMatched === name.tokens.length && gQ === 0 && gC === 0 };
}

/** The query's tokens with the listed tokens like each, and the weight of each. */
function queryTokens(index: ScreeningIndex, tokens: string[], script: NameScript): QueryToken[] {
  return tokens.map((text) => {
    const similar = similarTokens(index, text, script);
    let weight = index.maxWeight; let bestSim = 0;
    for (const [id, s] of similar) if (s > bestSim) { bestSim = s; weight = index.weights[id]!; }
    return { text, similar, weight };
  });
}

const yearOf = (d: string): number => Number(d.slice(0, 4));

/**
 * Birth-date agreement, the strongest thing besides the name a document and a list share. An
 * equal day adds most; a listed month or year (the list knows no more) agreeing adds less; a
 * year inside a listed circa or span a little. A listed day that is another day of the same
 * year, or a year one apart, speaks a little against (two people of one name born the same
 * year are not rare; a one-year slip in a list is); two years or more apart speaks strongly
 * against. With several listed dates the best one counts.
 */
function birthDateFeature(query: string | undefined, listed: ListedEntity['birthDates']): ScoreFeature | null {
  if (!query || !listed.length) return null;
  let best: ScoreFeature | null = null;
  const qy = yearOf(query);
  for (const d of listed) {
    let f: ScoreFeature;
    const span = d.fromYear !== undefined && d.toYear !== undefined;
    const inSpan = span && qy >= d.fromYear! && qy <= d.toYear!;
    const ly = yearOf(d.date);
    if (d.date.length === 10 && query.length === 10) {
      f = d.date === query ? { feature: 'birth_date', value: 0.12, detail: `born ${query}, as listed` }
        : ly === qy ? { feature: 'birth_date', value: -0.05, detail: `born ${query}, listed ${d.date} (the same year, another day)` }
        : Math.abs(ly - qy) === 1 ? { feature: 'birth_date', value: -0.08, detail: `born ${query}, listed ${d.date} (one year apart)` }
        : { feature: 'birth_date', value: -0.2, detail: `born ${query}, listed ${d.date}` };
    } else if (d.date.length === 7 && query.length >= 7 && query.startsWith(d.date)) f = { feature: 'birth_date', value: 0.08, detail: `born ${query.slice(0, 7)}, as listed (${d.date})` };
    else if (!span && ly === qy && d.date.length === 4) f = { feature: 'birth_date', value: 0.05, detail: `born ${qy}, as listed (${d.date})` };
    else if (inSpan) f = { feature: 'birth_date', value: 0.02, detail: `born ${qy}, listed ${d.fromYear}–${d.toYear}` };
    else if (ly === qy) f = { feature: 'birth_date', value: 0, detail: `born ${query}, listed ${d.date}` };
    else if (Math.abs(ly - qy) === 1 || (span && (qy === d.fromYear! - 1 || qy === d.toYear! + 1))) f = { feature: 'birth_date', value: -0.08, detail: `born ${qy}, listed ${span ? `${d.fromYear}–${d.toYear}` : d.date} (one year apart)` };
    else f = { feature: 'birth_date', value: -0.2, detail: `born ${query}, listed ${span ? `${d.fromYear}–${d.toYear}` : d.date}` };
    if (!best || f.value > best.value) best = f;
  }
  return best;
}

/**
 * Other readings of a name whose parts were joined or split where the lists' were not: a part
 * the lists do not know that two parts they know spell ("karimhassan" → "karim hassan",
 * "lagoongroup" → "lagoon" + generic "group"), and two adjacent parts, not both known, that
 * one known part spells ("inves tment" → "investment"). At most one of each, the longest known
 * halves first: each reading is screened like the name itself and the best match kept.
 */
function resegmented(index: ScreeningIndex, norm: NormalName, kind: ScreeningQuery['kind']): NormalName[] {
  const known = (t: string) => index.tokenIds.has(t);
  const genericOf = (t: string): string | undefined => (kind !== 'organization' || t.length < 2 ? undefined : GENERIC_WORDS.has(t) ? canonGeneric(t) : genericVariant(t) && canonGeneric(genericVariant(t)!));
  const generic = (t: string) => genericOf(t) !== undefined;
  const out: NormalName[] = [];
  const tokens = norm.tokens;
  for (let i = 0; i < tokens.length && out.length < 2; i++) {
    const t = tokens[i]!;
    if (t.length < 5 || known(t)) continue;
    let split: [string, string] | null = null; let bestLen = 0;
    for (let k = 2; k <= t.length - 2; k++) {
      const a = t.slice(0, k); const b = t.slice(k);
      const ka = known(a) || generic(a); const kb = known(b) || generic(b);
      if (!ka || !kb) continue;
      const len = Math.min(a.length, b.length);
      if (len > bestLen) { bestLen = len; split = [a, b]; }
    }
    if (!split) continue;
    const parts = split.filter((p) => !generic(p));
    out.push({ ...norm, tokens: [...tokens.slice(0, i), ...parts, ...tokens.slice(i + 1)], generic: [...norm.generic, ...split.flatMap((p) => genericOf(p) ?? [])] });
  }
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!; const b = tokens[i + 1]!;
    if (known(a) && known(b)) continue;
    const j = a + b;
    if (known(j)) { out.push({ ...norm, tokens: [...tokens.slice(0, i), j, ...tokens.slice(i + 2)] }); break; }
    if (generic(j)) { out.push({ ...norm, tokens: [...tokens.slice(0, i), ...tokens.slice(i + 2)], generic: [...norm.generic, genericOf(j)!] }); break; }
  }
  return out;
}

/** Screens one subject: every listed entity whose score reaches the threshold, best first (at most `limit`). */
export function screenQuery(index: ScreeningIndex, query: ScreeningQuery, opts: { threshold?: number; limit?: number; nameFloor?: number } = {}): ScreeningHit[] {
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  // Measuring how alike two names are (the cross-script bench) asks below the floor a hit needs.
  const floor = opts.nameFloor ?? NAME_FLOOR;
  const best = new Map<number, { name: NameRow; match: NameMatch; queryName: string }>();
  for (const queryName of query.names) {
    const first = normalizeName(queryName, query.kind);
    for (const norm of [first, ...resegmented(index, first, query.kind)]) {
    if (!norm.tokens.length) continue;
    const q = queryTokens(index, norm.tokens, norm.script);
    const qJoined = norm.tokens.join('');
    // Candidate names: those sharing enough of the query's tokens (two, or one for a one-part query).
    const hits = index.scratch.nameHits;
    const seenBy = index.scratch.nameSeen;
    const touched: number[] = [];
    const longTokens = q.filter((t) => t.text.length >= 2).length;
    const need = Math.min(2, Math.max(1, longTokens));
    q.forEach((t) => {
      const stamp = ++index.scratch.stamp;
      for (const id of t.similar.keys()) {
        for (const r of index.postings[id]!) {
          if (seenBy[r] === stamp) continue;
          seenBy[r] = stamp;
          if (hits[r] === 0) touched.push(r);
          hits[r]!++;
        }
      }
    });
    // A joined or split name ("abdulrahman" / "abdul rahman") may share no whole token: the joined spelling finds it.
    const joinedRows = new Set([...(index.joinedNames.get(qJoined) ?? []), ...(CONSONANTAL.has(norm.script) ? index.joinedSkeletons.get(skeleton(qJoined)) ?? [] : [])]);
    for (const r of joinedRows) if (hits[r] === 0) { touched.push(r); hits[r] = need; }
    for (const r of touched) {
      const c = hits[r]!;
      hits[r] = 0;
      const name = index.names[r]!;
      const row = index.entities[name.entity]!;
      // A listed name of one part (a company's one distinctive word) needs that part only.
      if (c < Math.min(need, name.tokens.length) && !joinedRows.has(r)) continue;
      if ((query.kind === 'person') !== (row.kind === 'person') && row.kind !== 'other') continue;
      const match = scoreName(index, q, qJoined, norm.generic, name, norm.script);
      if (match.score < floor) continue;
      const prev = best.get(name.entity);
      if (!prev || match.score > prev.match.score) best.set(name.entity, { name, match, queryName });
    }
    }
  }
  const queryIds = (query.identifiers ?? []).map(normalizeIdentifier).filter((v) => v.length >= 5);
  // A listed document or registration number decides with any name not foreign to it: score that entity's names too.
  for (const v of queryIds) {
    for (const e of index.identifiers.get(v) ?? []) {
      if (best.has(e)) continue;
      for (const queryName of query.names) {
        const norm = normalizeName(queryName, query.kind);
        if (!norm.tokens.length) continue;
        const q = queryTokens(index, norm.tokens, norm.script);
        for (const name of index.entityNames[e]!.map((r) => index.names[r]!)) {
          const match = scoreName(index, q, norm.tokens.join(''), norm.generic, name, norm.script);
          const prev = best.get(e);
          if (!prev || match.score > prev.match.score) best.set(e, { name, match, queryName });
        }
      }
    }
  }
  const out: ScreeningHit[] = [];
  for (const [e, b] of best) {
    const row = index.entities[e]!;
    const features: ScoreFeature[] = [{ feature: 'name', value: round(b.match.score), detail: `"${b.queryName}" ~ "${b.name.raw}": ${b.match.detail}` }];
    // Parts the lists use over and over (Ali, Ahmad, Muhammad, Maria) say little when nothing rarer
    // matches, even spelled exactly as listed ("Omar Ali" ~ "Ali Omar"); a company's whole listed
    // name, legal form and all, is its name however common its word.
    const wholeCompany = row.kind !== 'person' && b.match.whole;
    if (b.match.evidence < COMMON_EVIDENCE * index.maxWeight && (b.match.score < 0.97 || row.kind === 'person') && !wholeCompany) features.push({ feature: 'common_name', value: -0.1, detail: 'only parts the lists share with many other names matched' });
    if (b.name.quality === 'weak') features.push({ feature: 'weak_alias', value: -0.05, detail: 'a weak alias as published (a name many people share)' });
    const dob = query.kind === 'person' ? birthDateFeature(query.birthDate, row.entity.birthDates) : null;
    if (dob) features.push(dob);
    const countries = query.countries ?? [];
    if (countries.length && row.entity.countries.length) {
      const shared = countries.filter((c) => row.entity.countries.includes(c));
      features.push(shared.length
        ? { feature: 'country', value: 0.03, detail: `${shared.join(', ')}, as listed` }
        : { feature: 'country', value: -0.05, detail: `${countries.join(', ')}; listed ${row.entity.countries.join(', ')}` });
    }
    if (query.gender && row.entity.gender && query.gender !== row.entity.gender) features.push({ feature: 'gender', value: -0.15, detail: `${query.gender}; listed ${row.entity.gender}` });
    const idHit = row.entity.identifiers.find((i) => queryIds.includes(normalizeIdentifier(i.value)));
    if (idHit) features.push({ feature: 'identifier', value: 1, detail: `${idHit.type} ${idHit.value} is listed for this entity` });
    const score = round(features.reduce((s, f) => s + f.value, 0));
    if (score < threshold || (b.match.score < floor && !idHit) || b.match.score < Math.min(floor, ID_NAME_FLOOR)) continue;
    out.push({
      listId: row.listId, entityKey: row.entity.key, entityName: row.entity.names[0]?.full ?? b.name.raw, matchedName: b.name.raw,
      queryName: b.queryName, score, features, signal: row.signal, entityDigest: row.digest,
    });
  }
  out.sort((a, b) => b.score - a.score || a.entityKey.localeCompare(b.entityKey));
  return out.slice(0, opts.limit ?? 10);
}

const round = (v: number): number => Math.round(v * 1000) / 1000;
