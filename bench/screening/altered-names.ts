import type { ListedEntity } from '../../src/server/screening/listed-entity';
import { seeded } from './common-names';

// The labelled recall set: queries made from real list entries, altered the ways a real record
// (a document read, a form typed by a representative) differs from the list's spelling. Each
// query is labelled with the entity it must find. What each alteration models:
// - exact: the listed spelling (primary or an alias), "LAST, First" written "First Last".
// - order: the parts in another order (documents put the family name first or last).
// - case: all lower or all upper case.
// - diacritics: accents removed, or added to a vowel (a form typed on a European keyboard).
// - missing_part: one middle part left out (documents and lists rarely hold the same parts).
// - initial: a given name reduced to its initial ("J. Smith").
// - typo: one edit in a part of 5 letters or more: substitution, deletion, transposition, insertion.
// - joined: two adjacent parts joined ("Abdul Rahman" → "Abdulrahman") or hyphenated.
// - split: a long part split in two, or a hyphen made a space.
// - transliteration: a common other romanization of one part (Mohammed/Muhammad, Yusuf/Yousef,
//   -ov/-off, -iy/-ii, ou/u, kh/h, ph/f, j/dj, sh/sch…).
// - legal_form: a company's legal form written another way (LTD/LIMITED, CO./COMPANY), or dropped.

export type Alteration = 'exact' | 'order' | 'case' | 'diacritics' | 'missing_part' | 'initial' | 'typo' | 'joined' | 'split' | 'transliteration' | 'legal_form';

/** One query of the recall set. */
export interface LabelledQuery {
  listId: string;
  entityKey: string;
  kind: 'person' | 'organization';
  alteration: Alteration;
  name: string;
  /** The entity's listed birth date, as a document would give it (half the person queries have none). */
  birthDate?: string;
  /** The listed spelling the query was made from. */
  from: string;
}

const ofacOrder = (full: string) => {
  const m = /^([^,]+),\s*(.+)$/.exec(full);
  return m ? `${m[2]} ${m[1]}` : full;
};
const parts = (s: string) => s.split(/\s+/).filter(Boolean);

// Other romanizations of the same sound (both ways); one is applied where the part allows it.
const VARIANTS: [RegExp, string][] = [
  [/^mohammed$/i, 'Muhammad'], [/^muhammad$/i, 'Mohammed'], [/^mohamed$/i, 'Mohammad'], [/^mohammad$/i, 'Mohamed'],
  [/^yusuf$/i, 'Yousef'], [/^yousef$/i, 'Yusuf'], [/^usama$/i, 'Osama'], [/^osama$/i, 'Usama'], [/^hussein$/i, 'Husayn'], [/^husayn$/i, 'Hussein'],
  [/ov$/i, 'off'], [/ev$/i, 'eff'], [/iy$/i, 'ii'], [/ii$/i, 'iy'], [/ou/i, 'u'], [/kh/i, 'h'], [/ph/i, 'f'], [/^j/i, 'Dj'], [/sh/i, 'sch'],
  [/ee/i, 'i'], [/oo/i, 'u'], [/y/i, 'i'], [/ck/i, 'k'], [/c(?=[aou])/i, 'k'], [/ei/i, 'ey'], [/ai/i, 'ay'],
];
const ACCENT: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ü', A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ü', n: 'ñ', c: 'ç' };
const LEGAL: [RegExp, string][] = [[/\bLTD\b\.?/i, 'LIMITED'], [/\bLIMITED\b/i, 'LTD'], [/\bCO\b\.?/i, 'COMPANY'], [/\bCOMPANY\b/i, 'CO.'], [/\bLLC\b/i, 'L.L.C.'], [/\bINC\b\.?/i, 'INCORPORATED'], [/\bCORP\b\.?/i, 'CORPORATION']];

/** Applies one alteration to a listed name; null when it does not apply to this name. */
export function alter(name: string, kind: 'person' | 'organization', a: Alteration, r: () => number): string | null {
  const base = kind === 'person' ? ofacOrder(name) : name;
  const p = parts(base);
  const pick = (xs: number[]) => xs[Math.floor(r() * xs.length)]!;
  switch (a) {
    case 'exact': return base;
    case 'order': return p.length >= 2 ? [...p.slice(1), p[0]!].join(' ') : null;
    case 'case': return r() < 0.5 ? base.toLowerCase() : base.toUpperCase();
    case 'diacritics': {
      const stripped = base.normalize('NFD').replace(/\p{M}/gu, '');
      if (stripped !== base) return stripped;
      const at = [...base].flatMap((c, i) => (ACCENT[c] ? [i] : []));
      if (!at.length) return null;
      const i = pick(at);
      return base.slice(0, i) + ACCENT[base[i]!] + base.slice(i + 1);
    }
    case 'missing_part': return kind === 'person' && p.length >= 3 ? p.filter((_, i) => i !== 1 + Math.floor(r() * (p.length - 2))).join(' ') : null;
    case 'initial': return kind === 'person' && p.length >= 2 && p[0]!.length >= 3 ? [`${p[0]![0]}.`, ...p.slice(1)].join(' ') : null;
    case 'typo': {
      const long = p.flatMap((w, i) => (w.length >= 5 ? [i] : []));
      if (!long.length) return null;
      const i = pick(long); const w = p[i]!; const at = 1 + Math.floor(r() * (w.length - 2));
      const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(r() * 26)]!;
      const kinds = [
        () => w.slice(0, at) + (w[at] === letter ? 'x' : letter) + w.slice(at + 1),
        () => w.slice(0, at) + w.slice(at + 1),
        () => w.slice(0, at) + w[at + 1]! + w[at]! + w.slice(at + 2),
        () => w.slice(0, at) + letter + w.slice(at),
      ];
      const next = kinds[Math.floor(r() * kinds.length)]!();
      if (next === w) return null;
      return p.map((x, j) => (j === i ? next : x)).join(' ');
    }
    case 'joined': {
      if (p.length < 2) return null;
      const i = Math.floor(r() * (p.length - 1));
      const glue = r() < 0.5 ? '' : '-';
      return [...p.slice(0, i), `${p[i]}${glue}${glue ? p[i + 1] : p[i + 1]!.toLowerCase()}`, ...p.slice(i + 2)].join(' ');
    }
    case 'split': {
      if (base.includes('-')) return base.replace('-', ' ');
      const long = p.flatMap((w, i) => (w.length >= 8 ? [i] : []));
      if (!long.length) return null;
      const i = pick(long); const w = p[i]!; const at = Math.floor(w.length / 2);
      return p.map((x, j) => (j === i ? `${w.slice(0, at)} ${w.slice(at)}` : x)).join(' ');
    }
    case 'transliteration': {
      const order = p.map((_, i) => i).sort(() => r() - 0.5);
      for (const i of order) {
        for (const [re, to] of VARIANTS) {
          if (!re.test(p[i]!)) continue;
          const next = p[i]!.replace(re, (m) => (m === m.toUpperCase() ? to.toUpperCase() : to));
          if (next.toLowerCase() !== p[i]!.toLowerCase()) return p.map((x, j) => (j === i ? next : x)).join(' ');
        }
      }
      return null;
    }
    case 'legal_form': {
      if (kind !== 'organization') return null;
      for (const [re, to] of LEGAL) if (re.test(base)) return r() < 0.3 ? base.replace(re, '').replace(/\s+/g, ' ').replace(/[\s,.]+$/, '').trim() : base.replace(re, to);
      return null;
    }
  }
}

const PERSON: Alteration[] = ['exact', 'order', 'case', 'diacritics', 'missing_part', 'initial', 'typo', 'joined', 'split', 'transliteration'];
const ORG: Alteration[] = ['exact', 'case', 'diacritics', 'typo', 'joined', 'split', 'transliteration', 'legal_form'];

/**
 * `perKind` queries per alteration, for people and for organisations, from entities drawn
 * (seeded) from the lists. Only Latin-script listed names are altered (the cross-script pairs
 * measure other scripts); names of one part are left out (nothing to align).
 */
export function labelledQueries(lists: { listId: string; entities: ListedEntity[] }[], perKind = 300, seed = 2028): LabelledQuery[] {
  const r = seeded(seed);
  const pool = lists.flatMap((l) => l.entities.map((e) => ({ listId: l.listId, e })))
    .filter(({ e }) => e.kind === 'person' || e.kind === 'organization');
  const out: LabelledQuery[] = [];
  for (const kind of ['person', 'organization'] as const) {
    const ofKind = pool.filter(({ e }) => e.kind === kind);
    for (const a of kind === 'person' ? PERSON : ORG) {
      let made = 0; let tries = 0;
      while (made < perKind && tries++ < perKind * 50) {
        const { listId, e } = ofKind[Math.floor(r() * ofKind.length)]!;
        const names = e.names.filter((n) => n.quality !== 'weak' && /^[\p{Script=Latin}\p{P}\p{Zs}\d]+$/u.test(n.full) && parts(n.full.replace(',', ' ')).length >= 2);
        if (!names.length) continue;
        const from = names[Math.floor(r() * names.length)]!.full;
        const name = alter(from, kind, a, r);
        if (!name) continue;
        const dob = kind === 'person' && r() < 0.5 ? e.birthDates.find((d) => d.date.length === 10)?.date : undefined;
        out.push({ listId, entityKey: e.key, kind, alteration: a, name, ...(dob ? { birthDate: dob } : {}), from });
        made++;
      }
    }
  }
  return out;
}
