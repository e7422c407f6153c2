import { describe, expect, it } from 'vitest';
import { findMrzLines, mrzDate, parseMrz } from './parse-mrz';

const today = new Date('2026-11-25T00:00:00Z');
// ICAO Doc 9303 specimens (Utopia, "UTO").
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
/** The e2e card's MRZ: the same layout with an expiry years ahead (e2e/support/id-card.ts). */
const CARD = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7612091F3112098UTO<<<<<<<<<<<2', 'HOPPER<<GRACE<<<<<<<<<<<<<<<<<'];

describe('parseMrz', () => {
  it('reads the TD3 passport specimen with valid check digits', () => {
    const r = parseMrz(TD3, today)!;
    expect(r).toMatchObject({ format: 'TD3', valid: true, failedChecks: [], expired: true });
    expect(r.docInfo).toEqual({
      docType: 'PASSPORT', docNumber: 'L898902C3', issueDate: '', expiryDate: '2012-04-15', issuingState: 'UTO',
      firstName: 'ANNA', middleName: 'MARIA', lastName: 'ERIKSSON', dob: '1974-08-12', sex: 'F',
    });
  });

  it('reads the TD1 ID card specimen with valid check digits', () => {
    const r = parseMrz(TD1, today)!;
    expect(r).toMatchObject({ format: 'TD1', valid: true, expired: true });
    expect(r.docInfo).toMatchObject({ docType: 'NATIONAL_ID', docNumber: 'D23145890', lastName: 'ERIKSSON', firstName: 'ANNA', dob: '1974-08-12' });
  });

  it('refuses a corrupted digit, naming the check that failed', () => {
    const corrupted = [TD1[0]!.replace('D23145890', 'D23145896'), TD1[1]!, TD1[2]!];
    const r = parseMrz(corrupted, today)!;
    expect(r.valid).toBe(false);
    expect(r.failedChecks).toContain('documentNumberCheckDigit');
    const dob = parseMrz([TD3[0]!, TD3[1]!.replace('7408122', '7408132')], today)!;
    expect(dob.valid).toBe(false);
    expect(dob.failedChecks).toContain('birthDateCheckDigit');
  });

  it('tells an expired document from a valid one', () => {
    expect(parseMrz(TD1, today)!.expired).toBe(true);
    const card = parseMrz(CARD, today)!;
    expect(card).toMatchObject({ valid: true, expired: false, docInfo: { expiryDate: '2031-12-09', dob: '1976-12-09', lastName: 'HOPPER', firstName: 'GRACE' } });
    // The day after the expiry date it is expired.
    expect(parseMrz(CARD, new Date('2031-12-10T00:00:00Z'))!.expired).toBe(true);
    expect(parseMrz(CARD, new Date('2031-12-09T00:00:00Z'))!.expired).toBe(false);
  });

  it('maps Germany\'s D and refuses lines of the wrong shape', () => {
    const de = ['IDD<<T220001293<<<<<<<<<<<<<<<', '6408125<2010315D<<<<<<<<<<<<<4', 'MUSTERMANN<<ERIKA<<<<<<<<<<<<<'];
    expect(parseMrz(de, today)).toMatchObject({ valid: true, docInfo: { issuingState: 'DEU', sex: 'X', dob: '1964-08-12' } });
    expect(parseMrz([TD1[0]!, TD1[1]!], today)).toBeNull();
    expect(parseMrz([TD3[0]!, TD3[1]!.slice(0, 40)], today)).toBeNull();
  });
});

describe('mrzDate', () => {
  it('puts birth dates in the past and expiry dates up to 50 years ahead', () => {
    expect(mrzDate('991231', 'birth', today)).toBe('1999-12-31');
    expect(mrzDate('261124', 'birth', today)).toBe('2026-11-24');
    expect(mrzDate('261126', 'birth', today)).toBe('1926-11-26');
    expect(mrzDate('500101', 'expiry', today)).toBe('2050-01-01');
    expect(mrzDate('990101', 'expiry', today)).toBe('1999-01-01');
    expect(mrzDate('991332', 'expiry', today)).toBe('');
  });
});

describe('findMrzLines', () => {
  it('picks the MRZ out of noisy OCR text', () => {
    // A filler dropped at the end of one line, two added to another, spaces and lowercase from the OCR.
    const text = `SPECIMEN\nHOPPER GRACE\n${CARD[0]!.slice(0, 29)} \n${CARD[1]}\n${CARD[2]!.toLowerCase()}<<\n`;
    expect(findMrzLines(text)).toEqual(CARD);
    expect(findMrzLines(`${TD3[0]}\n${TD3[1]}`)).toEqual(TD3);
    expect(findMrzLines('no machine readable zone here\n12345')).toBeNull();
  });
});
