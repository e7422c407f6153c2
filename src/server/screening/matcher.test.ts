import { describe, expect, it } from 'vitest';
import type { ListedEntity } from './listed-entity';
import { buildScreeningIndex, DEFAULT_THRESHOLD, screenQuery } from './matcher';
import { genericVariant, normalizeName, romanKey, skeleton, toLatin } from './normalize';

// The matcher's plumbing and its rules, on small hand-written lists. Its accuracy is measured on
// the real lists (npm run bench: screening), not here.
const person = (key: string, names: string[], extra: Partial<ListedEntity> = {}): ListedEntity => ({
  key, kind: 'person', names: names.map((full, i) => ({ full, quality: i ? 'strong' : 'primary' })), countries: [], birthDates: [], identifiers: [], programs: [], ...extra,
});
const company = (key: string, names: string[]): ListedEntity => ({ ...person(key, names), kind: 'organization' });
const index = buildScreeningIndex([
  {
    listId: 'sdn', pep: false, entities: [
      person('1', ['BIN LADIN, Usama bin Muhammad bin Awad', 'Usama bin Laden'], { birthDates: [{ date: '1957-03-10' }], countries: ['SAU'], gender: 'male' }),
      person('2', ['MÜLLER-LÜDENSCHEIDT, Jean-Pierre'], { identifiers: [{ type: 'passport', value: 'C01X 00T47' }] }),
      person('3', ['ABDULRAHMAN, Ali Hassan'], { birthDates: [{ date: '1970', fromYear: 1969, toYear: 1971 }] }),
      company('4', ['GOLDEN STAR TRADING CO., LTD.']),
      company('5', ['TRADING COMPANY LIMITED']),
    ],
  },
  { listId: 'pep', pep: true, entities: [person('p1', ['Dmitry Anatolyevich Medvedev'])] },
]);
const top = (q: Parameters<typeof screenQuery>[1]) => screenQuery(index, q)[0];

describe('normalisation', () => {
  it('takes every script to one Latin spelling and sets legal forms apart', () => {
    expect(toLatin('Müller Ñandú Øre')).toBe('muller nandu ore');
    expect(normalizeName('Дмитрий Медведев', 'person').tokens).toEqual(['dmitriy', 'medvedev']);
    expect(normalizeName('习近平', 'person').tokens).toEqual(['xi', 'jin', 'ping']);
    expect(normalizeName('김정은', 'person').tokens).toEqual(['kim', 'jong', 'un']);
    expect(normalizeName("O'Neil", 'person').tokens).toEqual(['oneil']);
    expect(normalizeName('Golden Star Trading Co., Ltd.', 'organization')).toMatchObject({ tokens: ['golden', 'star'], generic: ['trade', 'co', 'ltd'] });
    // Legal forms however written: one spelling, dotted or not, misspelt or romanized otherwise.
    expect(normalizeName('Avuar L.L.C.', 'organization').generic).toEqual(['llc']);
    expect(normalizeName('Joza Industries Corporation', 'organization').generic).toEqual(normalizeName('Joza Industrial Corp.', 'organization').generic);
    expect(['interwnational', 'limtied', 'compani', 'korp', 'grup', 'ko'].map(genericVariant)).toEqual(['international', 'limited', 'company', 'corp', 'group', 'co']);
    expect(genericVariant('golden')).toBeUndefined();
    expect(skeleton('mohammed')).toBe(skeleton('mhmd'));
    expect(skeleton('yusuf')).toBe('ysf');
    // Romanizations of one sound share a key; other names do not.
    for (const [a, b] of [['khan', 'han'], ['zhou', 'zhu'], ['lay', 'lai'], ['hussein', 'husayn'], ['qadeer', 'kadir'], ['noor', 'nur']] as const) expect(romanKey(a), `${a}/${b}`).toBe(romanKey(b));
    expect(romanKey('hasan')).not.toBe(romanKey('husain'));
  });
});

describe('matching', () => {
  it('finds a name in another order, with missing middle names, another spelling and no diacritics', () => {
    for (const q of ['Usama bin Laden', 'Osama bin Ladin', 'usama BIN LADIN', 'Jean Pierre Muller Ludenscheidt', 'Muller-Ludenscheidt Jean-Pierre', 'Ali Hassan Abdul Rahman']) {
      expect(top({ kind: 'person', names: [q] }), q).toBeTruthy();
    }
    expect(top({ kind: 'person', names: ['J. P. Müller-Lüdenscheidt'] })?.entityKey).toBe('2');
  });

  it('scores as a sum of named features that is not capped: a birth date, a country and a document raise it, another birth year lowers it', () => {
    const name = top({ kind: 'person', names: ['Usama bin Laden'] })!;
    const more = top({ kind: 'person', names: ['Usama bin Laden'], birthDate: '1957-03-10', countries: ['SAU'] })!;
    expect(more.score).toBeGreaterThan(name.score);
    expect(more.features.map((f) => f.feature)).toEqual(['name', 'birth_date', 'country']);
    expect(more.score).toBeCloseTo(more.features.reduce((s, f) => s + f.value, 0), 5);
    expect(more.score).toBeGreaterThan(1);
    expect(screenQuery(index, { kind: 'person', names: ['Usama bin Laden'], birthDate: '1990-01-01' })).toEqual([]);
    const doc = top({ kind: 'person', names: ['Jean Muller'], identifiers: ['C01X00T47'] })!;
    expect(doc.features.find((f) => f.feature === 'identifier')).toMatchObject({ value: 1 });
    expect(doc.score).toBeGreaterThan(1.4);
  });

  it('a birth year inside a listed range counts; gender that differs lowers the score', () => {
    const inRange = top({ kind: 'person', names: ['Ali Hassan Abdulrahman'], birthDate: '1971-05-01' })!;
    expect(inRange.features.find((f) => f.feature === 'birth_date')!.value).toBeGreaterThan(0);
    const female = screenQuery(index, { kind: 'person', names: ['Usama bin Laden'], gender: 'female' }, { threshold: 0 })[0]!;
    expect(female.features.find((f) => f.feature === 'gender')!.value).toBeLessThan(0);
  });

  it('generic words never match on their own; a company matches on its distinctive words', () => {
    expect(screenQuery(index, { kind: 'organization', names: ['Trading Company Ltd'] })).toEqual([]);
    expect(screenQuery(index, { kind: 'organization', names: ['General Trading LLC'] })).toEqual([]);
    expect(top({ kind: 'organization', names: ['Golden Star Trading Limited'] })?.entityKey).toBe('4');
    // A person is not screened against companies.
    expect(screenQuery(index, { kind: 'person', names: ['Golden Star'] })).toEqual([]);
  });

  it('a PEP list raises pep_hit; other scripts are found', () => {
    expect(top({ kind: 'person', names: ['Дмитрий Медведев'] })).toMatchObject({ entityKey: 'p1', signal: 'pep_hit' });
    expect(top({ kind: 'person', names: ['أسامة بن لادن'] })?.entityKey).toBe('1');
  });

  it('parts joined or split where the list has them apart or together are found', () => {
    expect(top({ kind: 'person', names: ['Alihassan ABDULRAHMAN'] })?.entityKey).toBe('3');
    expect(top({ kind: 'organization', names: ['GOLDEN STARtrading LTD'] })?.entityKey).toBe('4');
    expect(top({ kind: 'organization', names: ['GOLDEN STAR TRA DING CO'] })?.entityKey).toBe('4');
  });

  it('the listed name\'s rarest part missing and a listed day that is another day both speak against', () => {
    // Ali and Hassan as common in this list as in the real ones; Abdulrahman once.
    const common = buildScreeningIndex([{ listId: 'x', pep: false, entities: [
      person('3', ['ABDULRAHMAN, Ali Hassan']),
      ...['OMAR', 'SAID', 'KARIM', 'NASSER', 'YUSUF', 'HAMID', 'SALEH', 'MAHMOUD', 'AZIZ', 'RASHID'].map((n, i) => person(`c${i}`, [`${n}, Ali Hassan`])),
    ] }]);
    const whole = screenQuery(common, { kind: 'person', names: ['Ali Hassan Abdulrahman'] }, { threshold: 0 })[0]!;
    const noRarest = screenQuery(common, { kind: 'person', names: ['Ali Hassan'] }, { threshold: 0 }).find((h) => h.entityKey === '3')!;
    expect(noRarest.features[0]!.detail).toContain('rarest part "abdulrahman" is not in the query');
    expect(noRarest.score).toBeLessThan(whole.score);
    const otherDay = screenQuery(index, { kind: 'person', names: ['Usama bin Laden'], birthDate: '1957-09-01' }, { threshold: 0 })[0]!;
    expect(otherDay.features.find((f) => f.feature === 'birth_date')).toMatchObject({ value: -0.05 });
  });

  it('unrelated and merely similar names are no hits at the default threshold', () => {
    for (const q of ['John Smith', 'Usman Khan', 'Ali Baba', 'Laden Cargo']) {
      expect(screenQuery(index, { kind: 'person', names: [q] }), q).toEqual([]);
    }
    expect(DEFAULT_THRESHOLD).toBeGreaterThan(0.8);
  });
});
