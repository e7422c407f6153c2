import { describe, expect, it } from 'vitest';
import { csvField, verificationsCsv } from './verification-export';

describe('the list export', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('writes a header and one row per case', () => {
    const csv = verificationsCsv([{ family: 'individual', id: 'v_1', status: 'completed', statusCode: 2001, vendorData: 'user,7', keyId: 'k', keyName: 'Live', keyMode: 'live', waitingForReview: true, name: 'Ada Obi', country: 'NGA', risk: 'medium', submittedAt: '2026-12-01T10:04:00.000Z', dueAt: '2026-12-02T10:04:00.000Z', assignee: { id: 'm_1', email: 'rev@example.com' }, awaitingSecondReview: false, createdAt: '2026-12-01T10:00:00.000Z', updatedAt: '2026-12-01T10:05:00.000Z' }]);
    expect(csv).toBe('family,id,status,statusCode,waitingForReview,name,country,risk,assignee,submittedAt,dueAt,vendorData,keyName,keyMode,createdAt,updatedAt\r\nindividual,v_1,completed,2001,true,Ada Obi,NGA,medium,rev@example.com,2026-12-01T10:04:00.000Z,2026-12-02T10:04:00.000Z,"user,7",Live,live,2026-12-01T10:00:00.000Z,2026-12-01T10:05:00.000Z\r\n');
  });
});
