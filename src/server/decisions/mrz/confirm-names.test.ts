import { describe, expect, it } from 'vitest';
import { confirmNames, nameField } from './confirm-names';
import { parseMrz } from './parse-mrz';

const today = new Date('2026-11-25T00:00:00Z');
// ICAO 9303 specimens: a passport (TD3) and an ID card (TD1).
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const parse = (lines: string[]) => parseMrz(lines, today)!;
const text = (lines: string[]) => `UTOPIA\n${lines.join('\n')}\n`;

describe('confirmNames', () => {
  it('confirms names a second read agrees on, wherever the format keeps them', () => {
    expect(nameField(parse(TD3))).toBe('ERIKSSON<<ANNA<MARIA');
    expect(nameField(parse(TD1))).toBe('ERIKSSON<<ANNA<MARIA');
    expect(confirmNames(parse(TD3), [text(TD3)])).toEqual({ confirmed: true, how: 'second_read_agrees' });
    expect(confirmNames(parse(TD1), [text(TD1)])).toEqual({ confirmed: true, how: 'second_read_agrees' });
    // The second read's other lines need not parse, its spaces and dropped end fillers do not matter.
    expect(confirmNames(parse(TD3), [`P<UTO ERIKSSON<<ANNA<MARIA<<<<<<<<<<<\nXL898902C36UTO7408`]).confirmed).toBe(true);
  });

  it('does not confirm a surname one read got wrong, although every check digit holds', () => {
    const misread = [TD3[0]!.replace('ERIKSSON', 'ERIKSSDX'), TD3[1]!];
    expect(parse(misread).valid).toBe(true);
    expect(confirmNames(parse(misread), [text(TD3)])).toEqual({ confirmed: false, how: 'second_read_disagrees' });
    expect(confirmNames(parse(TD3), [text(misread)])).toEqual({ confirmed: false, how: 'second_read_disagrees' });
    // A given name with a letter dropped, or one more name part in the second read, count the same.
    expect(confirmNames(parse(TD1), [text([TD1[0]!, TD1[1]!, 'ERIKSSON<<ANA<MARIA<<<<<<<<<<<'])]).confirmed).toBe(false);
    expect(confirmNames(parse([TD1[0]!, TD1[1]!, 'ERIKSSON<<ANNA<<<<<<<<<<<<<<<<']), [text(TD1)]).confirmed).toBe(false);
    // Another state before the same name is not the same line.
    expect(confirmNames(parse(TD3), [text([TD3[0]!.replace('P<UTO', 'P<UTD'), TD3[1]!])]).confirmed).toBe(false);
    // The issuing state, on its own line on an ID card, must read the same too (no check digit covers it).
    expect(confirmNames(parse(TD1), [text(['I<UTD' + TD1[0]!.slice(5), TD1[1]!, TD1[2]!])]).confirmed).toBe(false);
    // One read agreeing does not outvote another that read a different name.
    expect(confirmNames(parse(TD3), [text(TD3), text(misread)])).toEqual({ confirmed: false, how: 'second_read_disagrees' });
  });

  it('does not confirm without a second read, or names of the wrong shape', () => {
    expect(confirmNames(parse(TD3), [])).toEqual({ confirmed: false, how: 'second_read_unreadable' });
    expect(confirmNames(parse(TD3), [null])).toEqual({ confirmed: false, how: 'second_read_unreadable' });
    // A blank read beside an agreeing one: confirmed.
    expect(confirmNames(parse(TD3), [null, text(TD3)]).confirmed).toBe(true);
    expect(confirmNames(parse(TD3), ['PASSPORT\n12 MAY 2030'])).toEqual({ confirmed: false, how: 'second_read_unreadable' });
    const stray = [`${TD3[0]!.slice(0, 40)}C<<<`, TD3[1]!];
    expect(confirmNames(parse(stray), [text(stray)])).toEqual({ confirmed: false, how: 'names_malformed' });
  });
});
