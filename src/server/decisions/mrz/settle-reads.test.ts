import { describe, expect, it } from 'vitest';
import { parseMrz } from './parse-mrz';
import { fitByFillers, settle, substitutions } from './settle-reads';

const today = new Date('2026-01-01T00:00:00Z');
// ICAO 9303's specimen TD3 (Utopia) and a TD1, both valid as printed.
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const swap = (lines: string[], line: number, column: number, ch: string) => lines.map((l, i) => (i === line ? l.slice(0, column) + ch + l.slice(column + 1) : l));

describe('settle', () => {
  it('takes the other engine\'s read when every check of it holds', () => {
    const first = parseMrz(swap(TD3, 1, 14, '9'), today)!;
    expect(first.valid).toBe(false);
    const settled = settle(first, TD3.join('\n'), today);
    expect(settled?.valid).toBe(true);
    expect(settled?.lines).toEqual(TD3);
  });

  it('mixes the two reads where each misread a different digit', () => {
    // Tesseract misread the birth date, the other engine the expiry date: neither is valid alone.
    const first = parseMrz(swap(TD1, 1, 3, '9'), today)!;
    const other = swap(TD1, 1, 10, '7');
    expect(first.valid).toBe(false);
    expect(parseMrz(other, today)!.valid).toBe(false);
    expect(settle(first, other.join('\n'), today)?.lines).toEqual(TD1);
  });

  it('settles nothing when both reads have the same character wrong, or differ too much', () => {
    const wrong = swap(TD3, 1, 14, '9');
    expect(settle(parseMrz(wrong, today)!, wrong.join('\n'), today)).toBeNull();
    expect(settle(parseMrz(wrong, today)!, 'P<UTO\n12345', today)).toBeNull();
    // Nine characters apart: guessing among 512 mixes could make a valid read by chance.
    let far = TD3;
    for (const c of [0, 1, 2, 3, 4, 5, 6, 7, 8]) far = swap(far, 1, c, far[1]![c] === '1' ? '2' : '1');
    expect(settle(parseMrz(wrong, today)!, far.join('\n'), today)).toBeNull();
  });

  it('never changes the names, which no check digit covers', () => {
    const first = parseMrz(swap(swap(TD3, 1, 14, '9'), 0, 7, 'X'), today)!;
    const settled = settle(first, TD3.join('\n'), today);
    // The other engine's read is valid by itself and taken whole: its names are its own.
    expect(settled?.lines[0]).toBe(TD3[0]);
    // Mixed: the first read's names stay (the visual zone judges them).
    const otherWrongExpiry = swap(TD3, 1, 21, '5');
    const mixed = settle(first, otherWrongExpiry.join('\n'), today);
    expect(mixed?.lines[0]).toBe(first.lines[0]);
    expect(mixed?.valid).toBe(true);
  });
});

describe('fitByFillers', () => {
  it('grows or shrinks the longest run of fillers to the line\'s length', () => {
    expect(fitByFillers('P<CANMARTIN<<SARAH<<<<<<<<<<<<<<<<', 44)).toBe('P<CANMARTIN<<SARAH<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(fitByFillers('7408122F1204159UTO<<<<<<<<<<<<<<6', 30)).toBe(TD1[1]);
    expect(fitByFillers(TD1[1]!, 30)).toBe(TD1[1]);
  });

  it('gives up on a line without fillers or far off its length', () => {
    expect(fitByFillers('L898902C36UTO7408122F120415', 44)).toBeNull();
    expect(fitByFillers('P<UTO<<A', 44)).toBeNull();
  });

  it('settles a read from another engine\'s line whose fillers were miscounted', () => {
    const first = parseMrz(swap(TD1, 1, 3, '9'), today)!;
    const other = [TD1[0], '7408122F1204159UTO<<<<<<<6', TD1[2]].join('\n');
    expect(settle(first, other, today)?.lines).toEqual(TD1);
  });
});

describe('substitutions', () => {
  it('aligns the two reads so a miscounted filler run or a dropped letter is no candidate', () => {
    // The Canadian specimen: tesseract read D for 0, PP-OCR read CAN as 02 (one letter fewer).
    const tess = 'ZE00D509<9CAN8501019F2301147<<<<<<<<<<<<<<08';
    const pp = 'ZE000509<9028501019F2301147<<<<<<<<<<<<<<08';
    const subs = substitutions(tess, pp);
    expect(subs).toContainEqual({ column: 4, ch: '0' });
    expect(subs.length).toBeLessThanOrEqual(3);
    expect(substitutions('ABC<<<<D', 'ABC<<D')).toEqual([]);
  });

  it('settles the Canadian read: the one mix whose checks hold', () => {
    const truth = ['P<CANMARTIN<<SARAH<<<<<<<<<<<<<<<<<<<<<<<<<<', 'ZE000509<9CAN8501019F2301147<<<<<<<<<<<<<<08'];
    const first = parseMrz([truth[0]!, 'ZE00D509<9CAN8501019F2301147<<<<<<<<<<<<<<08'], today)!;
    expect(first.valid).toBe(false);
    const other = 'P<CANMARTIN<<SARAH<<<<<<<<<<<<<<<<<<\nMachine Readable Zone (MRZ)\nZE000509<9028501019F2301147<<<<<<<<<<<<<<08';
    expect(settle(first, other, today)?.lines).toEqual(truth);
  });
});
