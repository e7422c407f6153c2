import { describe, expect, it } from 'vitest';
import type { TextLine } from '../ocr/pp-ocr';
import { dateIn, readVizFields } from './viz-fields';

/** Lines as PP-OCR gives them, one per row, 40 px apart, left edges as given. */
const lines = (rows: [string, number?][]): TextLine[] => rows.map(([text, x = 300], i) => ({ text, score: 0.95, box: { x, y: 100 + i * 40, width: 300, height: 30 } }));

describe('readVizFields', () => {
  it('reads values printed under their bilingual labels (a European ID card front)', () => {
    const f = readVizFields(lines([
      ['REPUBLIQUE FRANCAISE CARTE NATIONALE D\'IDENTITE', 40], ['NOM / Surname'], ['MARTIN'], ['Prénoms / Given names'], ['Sarah Léa'],
      ['Sexe / Sex'], ['F'], ['Date de naissance / Date of birth'], ['01 01 1985'], ['N° du document / Document No'], ['X4RTBPFW4'],
      ['Date d\'expiration / Expiry date'], ['23.01.2031'],
    ]));
    expect(f).toMatchObject({ lastName: 'MARTIN', firstName: 'SARAH LEA', sex: 'F', dob: '1985-01-01', expiryDate: '2031-01-23', docNumber: 'X4RTBPFW4' });
    expect(f.found.sort()).toEqual(['dob', 'docNumber', 'expiryDate', 'firstName', 'lastName', 'sex']);
  });

  it('reads an AAMVA-numbered US licence front, month first', () => {
    const f = readVizFields(lines([['CALIFORNIA DRIVER LICENSE'], ['4d DLD1234567'], ['1 HOPPER'], ['2 GRACE BREWSTER'], ['3 D0B 12/09/1976'], ['4b EXP 12/09/2031'], ['15 SEXF']]), 'USA');
    expect(f).toMatchObject({ docNumber: 'D1234567', lastName: 'HOPPER', firstName: 'GRACE BREWSTER', expiryDate: '2031-12-09' });
  });

  it('finds nothing in text without labels', () => {
    expect(readVizFields(lines([['HELLO WORLD'], ['12/09/1976']])).found).toEqual([]);
  });
});

describe('dateIn', () => {
  it('reads month names, ISO, day-first and (US) month-first dates', () => {
    expect(dateIn('12 AUG/AOUT 1974', false)).toBe('1974-08-12');
    expect(dateIn('1974-08-12', false)).toBe('1974-08-12');
    expect(dateIn('02.03.1990', false)).toBe('1990-03-02');
    expect(dateIn('02/03/1990', true)).toBe('1990-02-03');
    expect(dateIn('31/02/1990', false)).toBe('');
  });
});
