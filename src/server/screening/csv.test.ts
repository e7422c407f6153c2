import { describe, expect, it } from 'vitest';
import { readCsv } from './csv';

describe('readCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF, a BOM and OFAC’s trailing 0x1A', () => {
    const r = readCsv('\ufeffa,"b ""c""",d\r\n1,"x,y",\r\n\x1a');
    expect(r).toEqual({ ok: true, records: [
      { line: 1, fields: ['a', 'b "c"', 'd'] },
      { line: 2, fields: ['1', 'x,y', ''] },
    ] });
  });

  it('counts lines inside quoted fields so later records keep their real line', () => {
    const r = readCsv('a,"one\ntwo\nthree"\nb,c\n\nd,e\n');
    expect(r.ok && r.records.map((x) => x.line)).toEqual([1, 4, 6]);
  });

  it('names the line of a quoted field never closed', () => {
    expect(readCsv('a,b\nc,"d\ne,f\n')).toEqual({ ok: false, line: 2, error: 'line 2: a quoted field is never closed' });
  });

  it('names the line of text after a closing quote', () => {
    expect(readCsv('a,b\n"c"x,d\n')).toMatchObject({ ok: false, line: 2 });
  });
});
