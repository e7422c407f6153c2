import { describe, expect, it } from 'vitest';
import { aamvaPayload, LICENCE_SPECIMEN, type LicenceData } from '../../../test-support/cards/licence';
import { parseAamva, type AamvaDocument } from './aamva';

/**
 * The example of the AAMVA DL/ID Card Design Standard 2020, Annex D (version 10, Virginia's IIN),
 * as the standard prints it (quoted by benhovinga/aamva_barcode_library's README and tests).
 */
const CDS_2020_EXAMPLE =
  '@\n\x1e\rANSI 636000100102DL00410278ZV03190008DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\nDDFN\nDADJOHN\nDDGN\nDCUJR\nDCAD\n' +
  'DCBK\nDCDPH\nDBD06062019\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\nDAJVA\n' +
  'DAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062018\nDDC06062020\nDDD1\rZVZVA01\r';

/**
 * The example of the AAMVA DL/ID-2000 standard's annex (version 01: DAA full name, CCYYMMDD
 * dates, sex as a letter), as quoted by the same library's tests and by several other parsers'
 * test data (dlidparser, aamva-parser).
 */
const DLID_2000_EXAMPLE =
  '@\n\x1e\rANSI 6360000102DL00390187ZV02260032DLDAQ0123456789ABC\nDAAPUBLIC,JOHN,Q\nDAG123 MAIN STREET\nDAIANYTOWN\nDAJVA\n' +
  'DAK123459999  \nDARDM  \nDAS          \nDAT     \nDAU509\nDAW175\nDAYBL \nDAZBR \nDBA20011201\nDBB19761123\nDBCM\nDBD19961201\r' +
  'ZVZVAJURISDICTIONDEFINEDELEMENT\r';

/** A made-up Ontarian (Canadian dates and postal code). */
const ONTARIO: LicenceData = {
  docNumber: 'H1234-56789-01234', lastName: 'LOVELACE', firstName: 'ADA', middleName: 'AUGUSTA', dob: '1985-03-04',
  expiryDate: '2029-03-04', issueDate: '2024-03-20', sex: 'F', street: '12 KING ST W', city: 'TORONTO',
  jurisdiction: 'ON', postalCode: 'M5H 1A1', country: 'CAN', discriminator: 'AB1234567',
};

function document(text: string): AamvaDocument {
  const parsed = parseAamva(text);
  if (!parsed.ok) throw new Error(`expected a document, got ${parsed.error}: ${parsed.detail}`);
  return parsed.document;
}

const errorOf = (text: string) => {
  const parsed = parseAamva(text);
  return parsed.ok ? 'ok' : parsed.error;
};

/**
 * The payload with element `id` set to `value` (null: removed with its separator). Offsets of
 * later subfiles go stale when the length changes, as the parser tolerates.
 */
function edit(payload: string, id: string, value: string | null): string {
  const re = new RegExp(`(DL|ID|\\n)${id}[^\\n\\r]*(\\n?)`);
  if (!re.test(payload)) throw new Error(`no ${id} in the payload`);
  return payload.replace(re, (_, before: string, after: string) => (value === null ? (before === '\n' ? after : before) : `${before}${id}${value}${after}`));
}

/** A payload of the given subfiles (each "TYPE" + elements + CR), the header's offsets computed. */
function assemble(version: number, iin: string, subfiles: string[]): string {
  let offset = (version === 1 ? 19 : 21) + 10 * subfiles.length;
  const designators = subfiles.map((s) => {
    const d = `${s.slice(0, 2)}${String(offset).padStart(4, '0')}${String(s.length).padStart(4, '0')}`;
    offset += s.length;
    return d;
  });
  const v = String(version).padStart(2, '0');
  return `@\n\x1e\rANSI ${iin}${v}${version === 1 ? '' : '00'}${String(subfiles.length).padStart(2, '0')}${designators.join('')}${subfiles.join('')}`;
}

/** The fields a LicenceData says, as the parser should give them back. */
function expectData(d: AamvaDocument, data: LicenceData, version: number): void {
  expect({
    docNumber: d.docNumber, lastName: d.lastName, firstName: d.firstName, middleName: d.middleName, dob: d.dob,
    expiryDate: d.expiryDate, issueDate: d.issueDate, sex: d.sex, jurisdiction: d.jurisdiction, country: d.country,
    discriminator: d.discriminator, subfile: d.subfile, address: d.address,
  }).toEqual({
    docNumber: data.docNumber, lastName: data.lastName, firstName: data.firstName, middleName: data.middleName, dob: data.dob,
    expiryDate: data.expiryDate, issueDate: data.issueDate, sex: data.sex, jurisdiction: data.jurisdiction, country: data.country,
    discriminator: version === 1 ? '' : data.discriminator, subfile: data.subfile ?? 'DL',
    address: { street: data.street, street2: '', city: data.city, region: data.jurisdiction, postalCode: data.postalCode },
  });
  expect(d.version).toBe(version);
  expect(d.problems).toEqual([]);
}

/** A seeded xorshift generator, so a failing garbage input can be reproduced. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 0x100000000;
  };
}

describe('parseAamva: the standards\' own examples', () => {
  it('reads the CDS 2020 (version 10) example', () => {
    const d = document(CDS_2020_EXAMPLE);
    expect(d).toMatchObject({
      version: 10, jurisdictionVersion: 1, iin: '636000', jurisdiction: 'VA', country: 'USA', subfile: 'DL',
      docType: 'DRIVERS_LICENSE', docNumber: 'T64235789', lastName: 'SAMPLE', firstName: 'MICHAEL', middleName: 'JOHN',
      dob: '1986-06-06', expiryDate: '2024-12-10', issueDate: '2019-06-06', sex: 'M', discriminator: '2424244747474786102204',
      address: { street: '2300 WEST BROAD STREET', street2: '', city: 'RICHMOND', region: 'VA', postalCode: '23269' },
      truncated: { lastName: false, firstName: false, middleName: false }, problems: [],
    });
    expect(d.elements).toMatchObject({ DCU: 'JR', DAK: '232690000', DAU: '068 in', DDA: 'F', DDD: '1' });
    // The jurisdiction's subfile (ZV) is not part of the DL subfile's elements.
    expect(Object.keys(d.elements).some((id) => id.startsWith('Z'))).toBe(false);
  });

  it('reads the DL/ID-2000 (version 01) example: DAA full name, CCYYMMDD dates, sex as a letter', () => {
    const d = document(DLID_2000_EXAMPLE);
    expect(d).toMatchObject({
      version: 1, jurisdictionVersion: 0, iin: '636000', jurisdiction: 'VA', country: 'USA',
      docNumber: '0123456789ABC', lastName: 'PUBLIC', firstName: 'JOHN', middleName: 'Q',
      dob: '1976-11-23', expiryDate: '2001-12-01', issueDate: '1996-12-01', sex: 'M', discriminator: '',
      address: { street: '123 MAIN STREET', street2: '', city: 'ANYTOWN', region: 'VA', postalCode: '12345-9999' },
      problems: [],
    });
    // Values are trimmed: the fixed-length fields of 2000 were space-padded.
    expect(d.elements).toMatchObject({ DAR: 'DM', DAS: '', DAT: '', DAY: 'BL' });
  });
});

describe('parseAamva: every version, as the licence maker writes it', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])('version %i, California', (version) => {
    const d = document(aamvaPayload(LICENCE_SPECIMEN, { version }));
    expectData(d, LICENCE_SPECIMEN, version);
    expect(d.iin).toBe('636014');
    expect(d.jurisdictionVersion).toBe(0);
  });

  it.each([1, 3, 4, 8, 10])('version %i, Ontario (CCYYMMDD dates, postal code kept)', (version) => {
    expectData(document(aamvaPayload(ONTARIO, { version })), ONTARIO, version);
  });

  it('an ID card subfile is a NATIONAL_ID', () => {
    const data = { ...LICENCE_SPECIMEN, subfile: 'ID' as const };
    for (const version of [1, 3, 10]) {
      const d = document(aamvaPayload(data, { version }));
      expectData(d, data, version);
      expect(d.docType).toBe('NATIONAL_ID');
    }
  });

  it('takes the DL subfile when a payload has both DL and ID', () => {
    const dl = aamvaPayload(LICENCE_SPECIMEN).match(/DLDAQ[^\r]*\r/)![0];
    const id = aamvaPayload({ ...LICENCE_SPECIMEN, subfile: 'ID', docNumber: 'I7654321' }).match(/IDDAQ[^\r]*\r/)![0];
    for (const subfiles of [[dl, id], [id, dl]]) {
      const d = document(assemble(10, '636014', subfiles));
      expect({ subfile: d.subfile, docNumber: d.docNumber, docType: d.docType }).toEqual({ subfile: 'DL', docNumber: 'D1234567', docType: 'DRIVERS_LICENSE' });
    }
  });
});

describe('parseAamva: dates', () => {
  it('reads US dates as MMDDCCYY and Canadian ones as CCYYMMDD', () => {
    expect(document(aamvaPayload(LICENCE_SPECIMEN)).elements.DBB).toBe('12091976');
    expect(document(aamvaPayload(ONTARIO)).elements.DBB).toBe('19850304');
    expect(document(aamvaPayload(ONTARIO)).dob).toBe('1985-03-04');
  });

  it('takes a date in the other order (the two never both give a real day) and says so from version 04', () => {
    const d = document(edit(aamvaPayload(LICENCE_SPECIMEN), 'DBB', '19761209'));
    expect(d.dob).toBe('1976-12-09');
    expect(d.problems).toEqual(['DBB: date "19761209" is CCYYMMDD, the standard has MMDDCCYY for this country']);
    // Before 2009 jurisdictions used both orders: no finding.
    expect(document(edit(aamvaPayload(ONTARIO, { version: 2 }), 'DBB', '03041985')).problems).toEqual([]);
  });

  it('accepts an unambiguous date when the country is unknown', () => {
    let payload = edit(aamvaPayload(LICENCE_SPECIMEN, { iin: '999999' }), 'DCG', null);
    payload = edit(payload, 'DAJ', 'XX');
    const d = document(payload);
    expect(d.country).toBeNull();
    expect(d.jurisdiction).toBe('XX');
    expect(d.dob).toBe('1976-12-09');
    expect(d.problems).toEqual(['IIN: unknown issuer "999999"']);
    expect(document(edit(payload, 'DBB', '19761209')).dob).toBe('1976-12-09');
  });

  it('leaves an impossible date empty, with a problem', () => {
    const at = (id: string, value: string) => document(edit(aamvaPayload(LICENCE_SPECIMEN), id, value));
    expect(at('DBA', '13452030')).toMatchObject({ expiryDate: '', problems: ['DBA: unparseable date "13452030"'] });
    expect(at('DBB', '02301990')).toMatchObject({ dob: '', problems: ['DBB: unparseable date "02301990"'] });
    expect(at('DBB', '02291989').dob).toBe('');
    expect(at('DBB', '02291988').dob).toBe('1988-02-29');
    expect(at('DBD', '01011850')).toMatchObject({ issueDate: '', problems: ['DBD: unparseable date "01011850"'] });
    expect(at('DBD', 'JAN 2024')).toMatchObject({ issueDate: '', problems: ['DBD: unparseable date "JAN 2024"'] });
    // No value is no finding.
    expect(at('DBD', '00000000')).toMatchObject({ issueDate: '', problems: [] });
    expect(at('DBD', '')).toMatchObject({ issueDate: '', problems: [] });
    // A stray character after the 8 digits (seen on New Hampshire cards) is ignored.
    expect(at('DBD', '01152024M').issueDate).toBe('2024-01-15');
  });
});

describe('parseAamva: names', () => {
  it('reads the truncation flags: true only for T', () => {
    const d = document(aamvaPayload(LICENCE_SPECIMEN, { truncated: { lastName: true, middleName: true } }));
    expect(d.truncated).toEqual({ lastName: true, firstName: false, middleName: true });
    expect(document(edit(aamvaPayload(LICENCE_SPECIMEN), 'DDE', 'U')).truncated.lastName).toBe(false);
    const odd = document(edit(aamvaPayload(LICENCE_SPECIMEN), 'DDF', 'Y'));
    expect(odd.truncated.firstName).toBe(false);
    expect(odd.problems).toEqual(['DDF: unknown truncation flag "Y"']);
    // Versions before 04 have no flags.
    expect(document(aamvaPayload(LICENCE_SPECIMEN, { version: 3, truncated: { lastName: true } })).truncated.lastName).toBe(false);
  });

  it('splits DCT given names (versions 02, 03), comma- or space-separated', () => {
    const v3 = aamvaPayload(LICENCE_SPECIMEN, { version: 3 });
    expect(v3).toContain('\nDCTGRACE,BREWSTER\n');
    expect(document(edit(v3, 'DCT', 'JAMES ROBERT R'))).toMatchObject({ firstName: 'JAMES', middleName: 'ROBERT R' });
    expect(document(edit(v3, 'DCT', 'MARY,ANN                  '))).toMatchObject({ firstName: 'MARY', middleName: 'ANN' });
    expect(document(edit(v3, 'DCT', 'GRACE'))).toMatchObject({ firstName: 'GRACE', middleName: '' });
    expect(document(edit(v3, 'DCT', 'GRACE,NONE'))).toMatchObject({ firstName: 'GRACE', middleName: '' });
    // A family name with a trailing comma, as Ontario writes it.
    expect(document(edit(v3, 'DCS', 'TESTER,                   ')).lastName).toBe('TESTER');
  });

  it('splits the DAA full name of version 01', () => {
    const v1 = aamvaPayload(LICENCE_SPECIMEN, { version: 1 });
    expect(v1).toContain('\nDAAHOPPER,GRACE,BREWSTER\n');
    expect(document(edit(v1, 'DAA', 'PUBLIC,JOHN'))).toMatchObject({ lastName: 'PUBLIC', firstName: 'JOHN', middleName: '' });
    expect(document(edit(v1, 'DAA', 'PUBLIC,JOHN,QUINCY,ADAMS'))).toMatchObject({ lastName: 'PUBLIC', firstName: 'JOHN', middleName: 'QUINCY ADAMS' });
    // Colorado's order: given, middle, family.
    const colorado = { ...LICENCE_SPECIMEN, jurisdiction: 'CO' };
    expect(document(edit(aamvaPayload(colorado, { version: 1 }), 'DAA', 'JOHN,Q,PUBLIC'))).toMatchObject({ lastName: 'PUBLIC', firstName: 'JOHN', middleName: 'Q' });
    // Without commas: read as printed (given names first), with a problem.
    const spaced = document(edit(v1, 'DAA', 'GRACE B HOPPER'));
    expect(spaced).toMatchObject({ lastName: 'HOPPER', firstName: 'GRACE', middleName: 'B' });
    expect(spaced.problems).toEqual(['DAA: full name "GRACE B HOPPER" without commas, read as given names then family name']);
    // DAB / DAC / DAD, when a version 01 payload has them, win over DAA.
    const split = edit(edit(v1, 'DAA', 'HOPPER,GRACE\nDABHOPPER-SMITH\nDACGRACIE'), 'DAG', '123 MAIN ST');
    expect(document(split)).toMatchObject({ lastName: 'HOPPER-SMITH', firstName: 'GRACIE', middleName: '' });
  });

  it('reads NONE and unavl middle names as none, and several middle names as one string', () => {
    const none = { ...LICENCE_SPECIMEN, middleName: '' };
    expect(aamvaPayload(none)).toContain('\nDADNONE\n');
    expectData(document(aamvaPayload(none)), none, 10);
    const v10 = aamvaPayload(LICENCE_SPECIMEN);
    expect(document(edit(v10, 'DAD', 'unavl')).middleName).toBe('');
    expect(document(edit(v10, 'DAD', 'UNAVAIL')).middleName).toBe('');
    expect(document(edit(v10, 'DAD', '')).middleName).toBe('');
    expect(document(edit(v10, 'DAD', 'JOHN,BOB')).middleName).toBe('JOHN BOB');
  });
});

describe('parseAamva: what scanners do to the separators', () => {
  const payload = aamvaPayload(LICENCE_SPECIMEN);
  const expectSpecimen = (text: string) => expectData(document(text), LICENCE_SPECIMEN, 10);

  it('CR LF for every CR and LF (the offsets then point short)', () => expectSpecimen(aamvaPayload(LICENCE_SPECIMEN, { mangle: 'crlf' })));
  it('CR and LF swapped', () => expectSpecimen(aamvaPayload(LICENCE_SPECIMEN, { mangle: 'swap' })));
  it('every separator an LF', () => expectSpecimen(payload.replaceAll('\r', '\n').replaceAll('\x1e', '\n')));
  it('the record separator dropped', () => expectSpecimen(payload.replace('\x1e', '')));
  it('all control characters before the file type dropped', () => expectSpecimen(payload.replace('@\n\x1e\r', '@')));
  it('spaces around the separators', () => expectSpecimen(payload.replace(/\n/g, ' \n  ')));
  it('a byte-order mark and a scanner prefix before the payload', () => expectSpecimen(`\uFEFF]L2${payload}`));
  it('trailing bytes after the last subfile', () => expectSpecimen(`${payload}\r\n\\928\\111\\100\r\n`));
  it('ZXing escapes (text mode HRI / Escaped)', () => {
    expectSpecimen(payload.replace(/\n/g, '<LF>').replace(/\r/g, '<CR>').replaceAll('\x1e', '<RS>'));
  });
  it('a printable separator declared in the header (piped)', () => {
    expectSpecimen(payload.replace(/[\n\r]/g, '|').replace('\x1e', '^^'));
  });

  it('finds a subfile whose designator points elsewhere (Ontario has written offset 0000)', () => {
    const wrong = payload.replace(/DL\d{8}/, 'DL00000367');
    expectSpecimen(wrong);
    // And one whose designator is not there at all.
    expectSpecimen(payload.replace(/DL\d{8}ZC\d{8}/, 'ZC00000000'));
  });

  it('reads a pre-standard payload: file type AAMVA, version 00, an untyped subfile after the designators', () => {
    const body = 'DAQ025995434\nDAAMOTORIST,MICHAEL,G\nDAG12 MAIN AVE\nDAIWEST HAVEN\nDAJCT\nDAK06516      \nDBA20230204\nDBB19610204\nDBC1\nDBD20161114\r';
    const d = document(`@\n\x1e\rAAMVA6360060001DL0029${String(body.length).padStart(4, '0')}${body}`);
    expect(d).toMatchObject({
      version: 0, iin: '636006', jurisdiction: 'CT', country: 'USA', docNumber: '025995434', lastName: 'MOTORIST', firstName: 'MICHAEL',
      middleName: 'G', dob: '1961-02-04', expiryDate: '2023-02-04', sex: 'M', problems: [],
    });
    expect(d.address.postalCode).toBe('06516');
  });
});

describe('parseAamva: other fields', () => {
  const v10 = aamvaPayload(LICENCE_SPECIMEN);

  it('writes US ZIP+4 as 12345-6789 and drops an unused +4', () => {
    const zip = (value: string) => document(edit(v10, 'DAK', value)).address.postalCode;
    expect(zip('958140000  ')).toBe('95814');
    expect(zip('958141234  ')).toBe('95814-1234');
    expect(zip('95814')).toBe('95814');
    expect(zip('95814-1234')).toBe('95814-1234');
    expect(zip('0210800000')).toBe('02108');
    expect(document(edit(aamvaPayload(ONTARIO), 'DAK', 'm5h  1a1   ')).address.postalCode).toBe('M5H 1A1');
  });

  it('reads the sex codes', () => {
    const sex = (value: string) => document(edit(v10, 'DBC', value));
    expect(['1', '2', '9', 'M', 'F', 'X'].map((v) => sex(v).sex)).toEqual(['M', 'F', 'X', 'M', 'F', 'X']);
    expect(sex('0')).toMatchObject({ sex: '', problems: ['DBC: unknown sex "0"'] });
  });

  it('takes the country from DCG, else the IIN, else DAJ', () => {
    const unknown = document(edit(v10, 'DCG', 'XXX'));
    expect(unknown).toMatchObject({ country: 'USA', problems: ['DCG: unknown country "XXX"'] });
    expect(document(edit(v10, 'DCG', null)).country).toBe('USA');
    const quebec = document(edit(edit(aamvaPayload(ONTARIO, { iin: '604428' }), 'DCG', null), 'DAJ', 'QC'));
    expect(quebec).toMatchObject({ country: 'CAN', jurisdiction: 'QC', iin: '604428', problems: [] });
    const byRegion = document(edit(edit(aamvaPayload(ONTARIO, { iin: '123456' }), 'DCG', null), 'DAJ', 'BC'));
    expect(byRegion).toMatchObject({ country: 'CAN', jurisdiction: 'BC', problems: ['IIN: unknown issuer "123456"'] });
  });

  it('takes the jurisdiction from DAJ, else from the IIN, and notes when they differ', () => {
    expect(document(edit(v10, 'DAJ', '')).jurisdiction).toBe('CA');
    const moved = document(edit(v10, 'DAJ', 'NV'));
    expect(moved).toMatchObject({ jurisdiction: 'NV', problems: ['DAJ: "NV" but the IIN 636014 is CA\'s'] });
  });

  it('knows the IINs of every US state, DC and the Canadian provinces it was told of', () => {
    const cases: [string, string, 'USA' | 'CAN'][] = [
      ['636014', 'CA', 'USA'], ['636015', 'TX', 'USA'], ['636001', 'NY', 'USA'], ['636020', 'CO', 'USA'], ['636043', 'DC', 'USA'],
      ['604431', 'PR', 'USA'], ['636012', 'ON', 'CAN'], ['636028', 'BC', 'CAN'], ['604428', 'QC', 'CAN'], ['604434', 'NT', 'CAN'],
    ];
    for (const [iin, code, country] of cases) {
      const d = document(edit(edit(aamvaPayload(LICENCE_SPECIMEN, { iin }), 'DCG', null), 'DAJ', ''));
      expect({ iin, jurisdiction: d.jurisdiction, country: d.country }).toEqual({ iin, jurisdiction: code, country });
    }
  });
});

describe('parseAamva: what is not a usable payload', () => {
  it('not AAMVA', () => {
    for (const text of ['', '   ', 'https://example.com/verify?session=123', 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'ANSI C89']) {
      expect(errorOf(text), JSON.stringify(text)).toBe('not_aamva');
    }
  });

  it('a bad header', () => {
    expect(errorOf('@\n\x1e\rANSI 636')).toBe('bad_header');
    expect(errorOf('@\n\x1d\rANSI 63601410')).toBe('bad_header');
    expect(errorOf('@\n\x1e\rANSX 636014100002DL00410213')).toBe('bad_header');
  });

  it('a version newer than 10', () => {
    const parsed = parseAamva(aamvaPayload(LICENCE_SPECIMEN).replace('ANSI 63601410', 'ANSI 63601411'));
    expect(parsed).toEqual({ ok: false, error: 'unsupported_version', detail: expect.stringContaining('11') });
  });

  it('no DL or ID subfile', () => {
    expect(errorOf(assemble(10, '636014', ['ZCZCASPECIMEN\r']))).toBe('no_subfile');
    expect(errorOf('@\n\x1e\rANSI 636014100001DL00310100')).toBe('no_subfile');
  });

  it('no document number, or no name', () => {
    const v10 = aamvaPayload(LICENCE_SPECIMEN, { version: 3 });
    expect(parseAamva(edit(v10, 'DAQ', null))).toMatchObject({ ok: false, error: 'missing_elements', detail: expect.stringContaining('DAQ') });
    expect(errorOf(edit(v10, 'DAQ', '   '))).toBe('missing_elements');
    expect(errorOf(edit(edit(v10, 'DCS', null), 'DCT', null))).toBe('missing_elements');
    // One name is enough.
    expect(document(edit(v10, 'DCT', null))).toMatchObject({ lastName: 'HOPPER', firstName: '' });
  });

  it('never throws: random text, random bytes, every prefix of a payload', () => {
    const next = random(417);
    const alphabet = '@\n\x1e\r ANSIDLZC0123456789QWERTYUIOPASDFGHJKLXCVBNM,<>|';
    for (let i = 0; i < 400; i++) {
      const length = Math.floor(next() * 300);
      const text = Array.from({ length }, () => (i % 2 ? String.fromCharCode(Math.floor(next() * 256)) : alphabet[Math.floor(next() * alphabet.length)]!)).join('');
      expect(() => parseAamva(text)).not.toThrow();
      expect(parseAamva(text).ok).toBe(false);
    }
    const payload = aamvaPayload(LICENCE_SPECIMEN);
    for (let n = 0; n <= payload.length; n++) expect(() => parseAamva(payload.slice(0, n))).not.toThrow();
    expect(() => parseAamva(undefined as unknown as string)).not.toThrow();
  });
});

describe('parseAamva on control pictures', () => {
  it('reads a payload whose control characters came back as Unicode control pictures', () => {
    const pictured = [...aamvaPayload(LICENCE_SPECIMEN)].map((c) => (['\n', '\r', '\u001e'].includes(c) ? String.fromCharCode(0x2400 + c.charCodeAt(0)) : c)).join('');
    const r = parseAamva(pictured);
    expect(r.ok && r.document.docNumber).toBe(LICENCE_SPECIMEN.docNumber);
  });
});
