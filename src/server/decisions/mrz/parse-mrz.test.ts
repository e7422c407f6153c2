import { describe, expect, it } from 'vitest';
import { docInfoSchema } from '../../../contract/document';
import { findMrzLines, mrzDate, parseMrz } from './parse-mrz';

const today = new Date('2026-11-25T00:00:00Z');
// ICAO Doc 9303 specimens (Utopia, "UTO"): part 4 (TD3), part 5 (TD1), part 6 (TD2).
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const TD2 = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];

/** ICAO 9303 check digit, written here from the spec so the tests do not lean on `mrz`'s own. */
function cd(field: string): string {
  const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...field].reduce((sum, c, i) => sum + value(c) * [7, 3, 1][i % 3]!, 0) % 10);
}

/** A TD3 passport built from fields, check digits computed by `cd`. */
function td3(o: { code?: string; state?: string; names: string; number: string; dob: string; sex: string; expiry: string }): string[] {
  const line1 = `${o.code ?? 'P<'}${o.state ?? 'UTO'}${o.names}`.padEnd(44, '<');
  const personal = '<'.repeat(14);
  const number = o.number.padEnd(9, '<');
  const body = `${number}${cd(number)}${o.state ?? 'UTO'}${o.dob}${cd(o.dob)}${o.sex}${o.expiry}${cd(o.expiry)}${personal}${cd(personal)}`;
  const composite = cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

describe('parseMrz', () => {
  it('reads the TD3 passport specimen with valid check digits', () => {
    const r = parseMrz(TD3, today)!;
    expect(r).toMatchObject({ format: 'TD3', valid: true, failedChecks: [], expired: true, lines: TD3 });
    expect(r.docInfo).toEqual({
      docType: 'PASSPORT', docNumber: 'L898902C3', issueDate: '', expiryDate: '2012-04-15', issuingState: 'UTO',
      firstName: 'ANNA', middleName: 'MARIA', lastName: 'ERIKSSON', dob: '1974-08-12', sex: 'F',
    });
    expect(docInfoSchema.safeParse(r.docInfo).success).toBe(true);
  });

  it('reads the TD1 ID card and TD2 specimens with valid check digits', () => {
    const expected = {
      docType: 'NATIONAL_ID', docNumber: 'D23145890', issueDate: '', expiryDate: '2012-04-15', issuingState: 'UTO',
      firstName: 'ANNA', middleName: 'MARIA', lastName: 'ERIKSSON', dob: '1974-08-12', sex: 'F',
    };
    expect(parseMrz(TD1, today)).toEqual({ format: 'TD1', lines: TD1, valid: true, failedChecks: [], withheld: [], expired: true, docInfo: expected });
    expect(parseMrz(TD2, today)).toEqual({ format: 'TD2', lines: TD2, valid: true, failedChecks: [], withheld: [], expired: true, docInfo: expected });
  });

  it('refuses a corrupted digit, naming the check that failed', () => {
    const number = parseMrz([TD1[0]!.replace('D23145890', 'D23145896'), TD1[1]!, TD1[2]!], today)!;
    expect(number.valid).toBe(false);
    expect(number.failedChecks).toContain('documentNumberCheckDigit');
    const dob = parseMrz([TD3[0]!, TD3[1]!.replace('7408122', '7408132')], today)!;
    expect(dob.valid).toBe(false);
    expect(dob.failedChecks).toEqual(expect.arrayContaining(['birthDateCheckDigit', 'compositeCheckDigit']));
  });

  it('keeps the fields whose own check digit holds when another fails, and says which it withheld', () => {
    const good = td3({ names: 'ERIKSSON<<ANNA<MARIA', number: 'L898902C3', dob: '740812', sex: 'F', expiry: '340415' });
    // The expiry misread (340415 -> 340416): its digit and the composite fail, number and birth date still hold.
    const expiry = parseMrz([good[0]!, good[1]!.replace('340415', '340416')], today)!;
    expect(expiry.valid).toBe(false);
    expect(expiry.failedChecks).toEqual(['expirationDateCheckDigit', 'compositeCheckDigit']);
    expect(expiry.withheld).toEqual(['expiryDate']);
    expect(expiry.docInfo).toMatchObject({ docNumber: 'L898902C3', dob: '1974-08-12', expiryDate: '', lastName: 'ERIKSSON', sex: 'F' });
    expect(expiry.expired).toBe(false);
    // The number misread: only it goes; the dates and names stay.
    const number = parseMrz([good[0]!, good[1]!.replace('L898902C3', 'L898902C8')], today)!;
    expect(number.withheld).toEqual(['docNumber']);
    expect(number.docInfo).toMatchObject({ docNumber: '', dob: '1974-08-12', expiryDate: '2034-04-15' });
    // Only the composite digit wrong: every field proved itself, none is withheld.
    const composite = parseMrz([good[0]!, `${good[1]!.slice(0, 43)}${(Number(good[1]!.at(-1)) + 1) % 10}`], today)!;
    expect(composite).toMatchObject({ valid: false, failedChecks: ['compositeCheckDigit'], withheld: [] });
    expect(composite.docInfo).toEqual(parseMrz(good, today)!.docInfo);
  });

  it('refuses an issuing state or nationality ICAO does not list (a misread letter no check digit sees)', () => {
    const nld = td3({ state: 'NLD', names: 'MEULENDIJK<<LOES', number: 'XA0000014', dob: '711019', sex: 'F', expiry: '340412' });
    expect(parseMrz(nld, today)).toMatchObject({ valid: true, docInfo: { issuingState: 'NLD' } });
    const misread = parseMrz([nld[0]!.replace('P<NLD', 'P<NLO'), nld[1]!], today)!;
    expect(misread).toMatchObject({ valid: false, failedChecks: ['issuingState'], withheld: ['issuingState'], docInfo: { issuingState: '', lastName: 'MEULENDIJK' } });
    const nationality = parseMrz([nld[0]!, nld[1]!.replace('NLD', 'NLO')], today)!;
    expect(nationality).toMatchObject({ valid: false, failedChecks: ['nationality'], docInfo: { issuingState: 'NLD', docNumber: 'XA0000014' } });
  });

  it('refuses a first passport line that lost its first character (no check digit covers it)', () => {
    const shifted = `${TD3[0]!.slice(1)}C`;
    const r = parseMrz([shifted, TD3[1]!], today)!;
    expect(r.valid).toBe(false);
    expect(r.failedChecks).toEqual(expect.arrayContaining(['documentCode', 'names']));
    const stray = parseMrz([`${TD3[0]!.slice(0, 40)}C<<<`, TD3[1]!], today)!;
    expect(stray.failedChecks).toEqual(['names']);
  });

  it('swaps back letters and digits where the field allows only one kind', () => {
    // O for 0 in the dates, 0 for O in the nationality and the name: what OCR confuses.
    const ocr = ['I<UTOD231458907<<<<<<<<<<<<<<<', '74O8122F12O4159UT0<<<<<<<<<<<6', 'ERIKSS0N<<ANNA<MARIA<<<<<<<<<<'];
    const r = parseMrz(ocr, today)!;
    expect(r).toMatchObject({ valid: true, lines: TD1, docInfo: { dob: '1974-08-12', lastName: 'ERIKSSON' } });
    // The document number may hold both: nothing is swapped there, the check digit refuses it.
    expect(parseMrz([TD1[0]!.replace('D2314', 'D23I4'), TD1[1]!, TD1[2]!], today)!.failedChecks).toContain('documentNumberCheckDigit');
  });

  it('tells an expired document from a valid one', () => {
    expect(parseMrz(TD1, today)!.expired).toBe(true);
    const future = td3({ names: 'ERIKSSON<<ANNA<MARIA', number: 'L898902C3', dob: '740812', sex: 'F', expiry: '340415' });
    const r = parseMrz(future, today)!;
    expect(r).toMatchObject({ valid: true, expired: false, docInfo: { expiryDate: '2034-04-15' } });
    // Expired from the day after the expiry date.
    const expiring = td3({ names: 'ERIKSSON<<ANNA', number: 'L898902C3', dob: '740812', sex: 'F', expiry: '261125' });
    expect(parseMrz(expiring, today)!.expired).toBe(false);
    expect(parseMrz(expiring, new Date('2026-11-26T00:00:00Z'))!.expired).toBe(true);
  });

  it('reads names, sex, long document numbers, residence permits and Germany\'s D', () => {
    const names = parseMrz(td3({ names: 'DE<LA<CRUZ<<MARIA<JOSE<ANA', number: 'X1234567', dob: '000229', sex: '<', expiry: '300101' }), today)!;
    expect(names).toMatchObject({ valid: true, docInfo: {
      lastName: 'DE LA CRUZ', firstName: 'MARIA', middleName: 'JOSE ANA', sex: 'X', dob: '2000-02-29', docNumber: 'X1234567',
    } });
    // A number longer than 9: `<` for its check digit, the rest and the check digit in the optional field.
    const long = ['I<UTOD23145890<1233<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<2', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    expect(parseMrz(long, today)).toMatchObject({ valid: true, docInfo: { docNumber: 'D23145890123' } });
    const permit = ['IR' + TD1[0]!.slice(2), TD1[1]!, TD1[2]!];
    expect(parseMrz(permit, today)).toMatchObject({ valid: true, docInfo: { docType: 'RESIDENCE_PERMIT' } });
    const de = ['IDD<<T220001293<<<<<<<<<<<<<<<', '6408125<2010315D<<<<<<<<<<<<<4', 'MUSTERMANN<<ERIKA<<<<<<<<<<<<<'];
    expect(parseMrz(de, today)).toMatchObject({ valid: true, docInfo: { docType: 'NATIONAL_ID', issuingState: 'DEU', sex: 'X', dob: '1964-08-12', lastName: 'MUSTERMANN', middleName: '' } });
    // A visa (V) is no identity document: its code fails and its type stays unknown.
    const visa = parseMrz(td3({ code: 'V<', names: 'ERIKSSON<<ANNA', number: 'L898902C3', dob: '740812', sex: 'F', expiry: '300101' }), today)!;
    expect(visa).toMatchObject({ valid: false, failedChecks: ['documentCode'], docInfo: { docType: '' } });
  });

  it('returns null for lines of the wrong shape', () => {
    expect(parseMrz([TD1[0]!, TD1[1]!], today)).toBeNull();
    expect(parseMrz([TD3[0]!, TD3[1]!.slice(0, 40)], today)).toBeNull();
    expect(parseMrz([], today)).toBeNull();
    // Two lines of 36 with digits where TD2 has names: the pre-2021 French ID card, not ICAO.
    expect(parseMrz(['IDFRAMARTIN<<<<<<<<<<<<<<<<<<<123456', '1234567890123MARIE<<<<<<<8008152F05'], today)).toBeNull();
  });
});

describe('mrzDate', () => {
  it('puts birth dates in the past and expiry dates up to 50 years ahead', () => {
    expect(mrzDate('991231', 'birth', today)).toBe('1999-12-31');
    expect(mrzDate('261124', 'birth', today)).toBe('2026-11-24');
    expect(mrzDate('261125', 'birth', today)).toBe('2026-11-25');
    expect(mrzDate('261126', 'birth', today)).toBe('1926-11-26');
    expect(mrzDate('500101', 'expiry', today)).toBe('2050-01-01');
    expect(mrzDate('761231', 'expiry', today)).toBe('2076-12-31');
    expect(mrzDate('770101', 'expiry', today)).toBe('1977-01-01');
    expect(mrzDate('990101', 'expiry', today)).toBe('1999-01-01');
  });

  it('refuses what is no calendar date, in either century', () => {
    expect(mrzDate('991332', 'expiry', today)).toBe('');
    expect(mrzDate('261399', 'birth', today)).toBe('');
    expect(mrzDate('290229', 'birth', today)).toBe('');
    expect(mrzDate('000229', 'birth', today)).toBe('2000-02-29');
    expect(mrzDate('74O812', 'birth', today)).toBe('');
  });
});

describe('findMrzLines', () => {
  it('picks the MRZ out of noisy OCR text', () => {
    // A filler dropped at the end of one line, two added to another, spaces, « and lower case.
    const text = `UTOPIA\nIDENTITY CARD\nERIKSSON ANNA\n${TD1[0]!.slice(0, 29)} \n${TD1[1]!.replace('<<<', '««<')}\n${TD1[2]!.toLowerCase()}<<\n\n`;
    expect(findMrzLines(text)).toEqual(TD1);
    expect(findMrzLines(`${TD3[0]}\n${TD3[1]}`)).toEqual(TD3);
    expect(findMrzLines(`${TD2[0]!.slice(0, 18)} ${TD2[0]!.slice(18)}\r\n${TD2[1]}<`)).toEqual(TD2);
  });

  it('does not make an MRZ out of other text', () => {
    expect(findMrzLines('no machine readable zone here\n12345')).toBeNull();
    // Only one line of the passport: a TD3 needs both.
    expect(findMrzLines(`PASSPORT\n${TD3[1]}\n`)).toBeNull();
    // Three characters too long, and not fillers: no line of the format.
    expect(findMrzLines(`${TD3[0]}\n${TD3[1]}XYZ`)).toBeNull();
  });
});
