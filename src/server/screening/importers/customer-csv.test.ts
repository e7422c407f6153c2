import { describe, expect, it } from 'vitest';
import { importCustomerCsv } from './customer-csv';

const HEADER = 'id,name,aliases,kind,birth_date,countries,identifiers,notes';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');

describe('customer list CSV importer', () => {
  it('reads every column', () => {
    const r = importCustomerCsv(csv(
      'C-17,"DOE, Jane",Jane Smith;J. Doe;Jane Smith,person,1980-04,gb;IRL,passport:123456789;tax_id:99-1,refused 2024',
      'C-18,Acme Trading LLC,,organization,,AE,registration:CN-123,',
      'C-19,Solo,,,1975,,,',
    ));
    expect(r).toEqual({ ok: true, entities: [
      {
        key: 'C-17', kind: 'person',
        names: [{ full: 'DOE, Jane', quality: 'primary' }, { full: 'Jane Smith', quality: 'strong' }, { full: 'J. Doe', quality: 'strong' }],
        countries: ['GBR', 'IRL'], birthDates: [{ date: '1980-04' }],
        identifiers: [{ type: 'passport', value: '123456789' }, { type: 'tax_id', value: '99-1' }],
        programs: [], remarks: 'refused 2024',
      },
      {
        key: 'C-18', kind: 'organization', names: [{ full: 'Acme Trading LLC', quality: 'primary' }],
        countries: ['ARE'], birthDates: [], identifiers: [{ type: 'registration', value: 'CN-123' }], programs: [],
      },
      { key: 'C-19', kind: 'person', names: [{ full: 'Solo', quality: 'primary' }], countries: [], birthDates: [{ date: '1975' }], identifiers: [], programs: [] },
    ] });
  });

  it('accepts the columns in any order', () => {
    const r = importCustomerCsv('name,id,notes,identifiers,countries,birth_date,kind,aliases\nX,1,,,,,,\n');
    expect(r.ok && r.entities[0]!.key).toBe('1');
  });

  it.each([
    ['a wrong birth date', 'C-1,A,,,1980-13-01,,,', 2, 'line 2: birth_date must be YYYY, YYYY-MM or YYYY-MM-DD'],
    ['an unknown country code', 'C-1,A,,,,Iran,,', 2, 'line 2: countries: "Iran" is not an ISO 3166-1 alpha-2 or alpha-3 code'],
    ['a bad identifier', 'C-1,A,,,,,ssn:1,', 2, 'line 2: identifiers: "ssn:1" must be type:value with type one of passport, national_id, registration, tax_id, imo, swift, other'],
    ['an unknown kind', 'C-1,A,,vessel,,,,', 2, 'line 2: kind must be person or organization'],
    ['a missing id', ',A,,,,,,', 2, 'line 2: id is required'],
    ['a missing name', 'C-1,,,,,,,', 2, 'line 2: name is required'],
    ['a missing field', 'C-1,A,,,,,', 2, 'line 2: expected 8 fields, found 7'],
  ])('names the line of %s', (_what, row, line, error) => {
    expect(importCustomerCsv(csv(row))).toEqual({ ok: false, line, error });
  });

  it('names the line of a duplicate id, after multi-line notes', () => {
    const r = importCustomerCsv(csv('C-1,A,,,,,,"two\nlines"', 'C-2,B,,,,,,', 'C-1,C,,,,,,'));
    expect(r).toEqual({ ok: false, line: 5, error: 'line 5: id C-1 is used twice' });
  });

  it('names the line of an unbalanced quote', () => {
    expect(importCustomerCsv(csv('C-1,A,,,,,,', 'C-2,"B,,,,,,'))).toMatchObject({ ok: false, line: 3 });
  });

  it('rejects a wrong header', () => {
    expect(importCustomerCsv('id,full_name\n1,A\n')).toMatchObject({ ok: false, line: 1, error: expect.stringMatching(/missing name, aliases.*unknown full_name/) });
    expect(importCustomerCsv('')).toMatchObject({ ok: false, line: 1 });
  });
});
