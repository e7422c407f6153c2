import { describe, expect, it } from 'vitest';
import { confirmNames, nameField } from './confirm-names';
import { parseMrz } from './parse-mrz';

const today = new Date('2026-11-25T00:00:00Z');
// ICAO 9303 specimens: a passport (TD3) and an ID card (TD1).
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const parse = (lines: string[]) => parseMrz(lines, today)!;

describe('confirmNames', () => {
  it('confirms names two reads agree on, wherever the format keeps them', () => {
    expect(nameField(parse(TD3))).toBe('ERIKSSON<<ANNA<MARIA');
    expect(nameField(parse(TD1))).toBe('ERIKSSON<<ANNA<MARIA');
    expect(confirmNames(parse(TD3), parse(TD3))).toEqual({ confirmed: true, how: 'second_read_agrees' });
    expect(confirmNames(parse(TD1), parse(TD1))).toEqual({ confirmed: true, how: 'second_read_agrees' });
  });

  it('does not confirm a surname one read got wrong, although every check digit holds', () => {
    const misread = parse([TD3[0]!.replace('ERIKSSON', 'ERIKSSDX'), TD3[1]!]);
    expect(misread.valid).toBe(true);
    expect(confirmNames(misread, parse(TD3))).toEqual({ confirmed: false, how: 'second_read_disagrees' });
    expect(confirmNames(parse(TD3), misread)).toEqual({ confirmed: false, how: 'second_read_disagrees' });
    // A given name with a letter dropped counts the same.
    const dropped = parse([TD1[0]!, TD1[1]!, 'ERIKSSON<<ANA<MARIA<<<<<<<<<<<']);
    expect(confirmNames(parse(TD1), dropped).confirmed).toBe(false);
  });

  it('does not confirm without a second read, or names of the wrong shape', () => {
    expect(confirmNames(parse(TD3), null)).toEqual({ confirmed: false, how: 'second_read_unreadable' });
    expect(confirmNames(parse(TD3), parse(TD1))).toEqual({ confirmed: false, how: 'second_read_unreadable' });
    const stray = parse([`${TD3[0]!.slice(0, 40)}C<<<`, TD3[1]!]);
    expect(confirmNames(stray, stray)).toEqual({ confirmed: false, how: 'names_malformed' });
  });
});
