import { describe, expect, it } from 'vitest';
import { compareFront, datesOn, type BarcodeFields } from './licence-front';

const barcode: BarcodeFields = {
  lastName: 'HOPPER', firstName: 'GRACE', dob: '1976-12-09', docNumber: 'D1234567', expiryDate: '2031-12-09',
  truncated: { lastName: false, firstName: false },
};
// What tesseract reads of a clean US licence front (layout of the AAMVA card design).
const FRONT = `CALIFORNIA DRIVER LICENSE
4d DL D1234567  CLASS C
1 HOPPER
2 GRACE BREWSTER
8 123 MAIN ST SACRAMENTO, CA 95814
3 DOB 12/09/1976  4b EXP 12/09/2031
15 SEX F  16 HGT 5-06  4a ISS 01/15/2024`;

describe('compareFront', () => {
  it('agrees field by field with a front that prints the barcode\'s data', () => {
    expect(compareFront(barcode, FRONT)).toEqual({
      readable: true, fields: { lastName: 'agrees', firstName: 'agrees', dob: 'agrees', docNumber: 'agrees', expiryDate: 'agrees' },
    });
  });

  it('names the fields a front of another person prints otherwise', () => {
    const other = FRONT.replace('HOPPER', 'SMITH').replace('GRACE', 'JANE').replace('12/09/1976', '03/04/1980');
    const c = compareFront(barcode, other);
    expect(c.readable).toBe(true);
    expect(c.fields).toMatchObject({ lastName: 'differs', firstName: 'differs', dob: 'differs', docNumber: 'agrees', expiryDate: 'agrees' });
  });

  it('judges a wholly different front as read (its labels and dates came out), not as unread', () => {
    const c = compareFront(barcode, '4d DL X9999999\n1 SMITH\n2 JANE\n3 DOB 03/04/1980 4b EXP 03/04/2029');
    expect(c.readable).toBe(true);
    expect(Object.values(c.fields)).toEqual(['differs', 'differs', 'differs', 'differs', 'differs']);
  });

  it('leaves every field unread when little of the front came out', () => {
    const c = compareFront(barcode, 'CALIF0RNIA ~~ ::');
    expect(c.readable).toBe(false);
    expect(Object.values(c.fields).every((v) => v === 'unread')).toBe(true);
  });

  it('never agrees on a name a letter away (a misread is not a confirmation)', () => {
    const c = compareFront(barcode, FRONT.replace('HOPPER', 'HOPPFR'));
    expect(c.fields.lastName).toBe('differs');
  });

  it('takes a truncated barcode name as the start of the printed one', () => {
    const c = compareFront({ ...barcode, lastName: 'WOLFESCHLEGELST', truncated: { lastName: true, firstName: false } }, FRONT.replace('HOPPER', 'WOLFESCHLEGELSTEINHAUSEN'));
    expect(c.fields.lastName).toBe('agrees');
    expect(compareFront({ ...barcode, lastName: 'WOLFESCHLEGELST' }, FRONT.replace('HOPPER', 'WOLFESCHLEGELSTEINHAUSEN')).fields.lastName).toBe('differs');
  });

  it('finds a number printed in groups and names with diacritics', () => {
    const c = compareFront({ ...barcode, lastName: 'MULLER', docNumber: '123456789' }, FRONT.replace('HOPPER', 'MÜLLER').replace('D1234567', '123 456 789'));
    expect(c.fields.lastName).toBe('agrees');
    expect(c.fields.docNumber).toBe('agrees');
  });

  it('has nothing to compare where the barcode leaves a field empty', () => {
    expect(compareFront({ ...barcode, expiryDate: '' }, FRONT).fields.expiryDate).toBe('unread');
  });
});

describe('datesOn', () => {
  it('reads US, Canadian and ISO dates, keeping both readings of an ambiguous one', () => {
    expect([...datesOn('DOB 12/09/1976')].sort()).toEqual(['1976-09-12', '1976-12-09']);
    expect([...datesOn('EXP 2031/12/09')]).toEqual(['2031-12-09']);
    expect([...datesOn('DOB 31.01.1970')]).toEqual(['1970-01-31']);
    expect([...datesOn('13/13/2020 02/30/2020 1234567890')]).toEqual([]);
  });
});

describe('compareFront on what tesseract really reads', () => {
  // The Latin model's read of the test licence's front (test-support/cards/licence.ts) at 1280×960: labels glued to numbers, DOB read 008.
  const READ = 'CALIFORNIA - DRIVER LICENSE - SPECIMEN\n4a0LD1234567\n1 HOPPER\n2 GRACE BREWSTER\n8 123 MAIN ST\nSACRAMENTO, CA 95814\n3008 12/09/1976\n15SEX F\n4bEXP 12/09/2031\n4a1ss01/15/2024\n50D 1234567890123';
  it('agrees on a number glued to its label, and tells another person\'s front from an unread one', () => {
    expect(compareFront(barcode, READ)).toEqual({ readable: true, fields: { lastName: 'agrees', firstName: 'agrees', dob: 'agrees', docNumber: 'agrees', expiryDate: 'agrees' } });
    const other = compareFront(barcode, READ.replace('HOPPER', 'SMITH').replace('GRACE BREWSTER', 'JANE').replace('12/09/1976', '03/04/1980').replace('D1234567', 'X7654321'));
    expect(other.readable).toBe(true);
    expect(other.fields).toEqual({ lastName: 'differs', firstName: 'differs', dob: 'differs', docNumber: 'differs', expiryDate: 'agrees' });
  });
});
