import { describe, expect, it } from 'vitest';
import { redactWebhookPayload } from './redact-payload';

describe('redactWebhookPayload', () => {
  it('keeps ids, event, status and times; leaves out docInfo, links, names and customer data', () => {
    const body = {
      event: 'verification.successful',
      data: {
        verificationId: 'a'.repeat(32), vendorData: 'customer-42 jane@example.com', status: 'successful', statusCode: 2,
        docInfo: { firstName: 'JANE', lastName: 'DOE', dob: '1990-01-01', docNumber: 'X1234567', nested: { deeper: 'JANE' } },
        userSelfie: 'https://idv.test/api/v1/media/abc?sig=1', userIdFront: 'https://idv.test/m/front', userIdBack: '',
        liveness: { status: 'passed', score: 0.9 },
        reason: 'Name JANE DOE does not match', occurredAt: '2026-12-02T10:00:00.000Z',
      },
    };
    const out = redactWebhookPayload(body);
    expect(out).toEqual({
      event: 'verification.successful',
      data: { verificationId: 'a'.repeat(32), status: 'successful', statusCode: 2, occurredAt: '2026-12-02T10:00:00.000Z' },
      omitted: ['docInfo', 'liveness', 'reason', 'userIdBack', 'userIdFront', 'userSelfie', 'vendorData'],
    });
    const text = JSON.stringify(out);
    for (const secret of ['JANE', 'DOE', '1990', 'X1234567', 'https://', 'jane@example.com']) expect(text).not.toContain(secret);
  });

  it('never passes a link or a nested value even under a kept name', () => {
    const out = redactWebhookPayload({ event: 'x', data: { status: 'https://evil.test/a', message: { firstName: 'JANE' }, campaignId: 'cmp_1' } });
    expect(out.data).toEqual({ campaignId: 'cmp_1' });
    expect(out.omitted).toEqual(['message', 'status']);
  });

  it('answers an empty shape for a body that is not an object', () => {
    expect(redactWebhookPayload('not json')).toEqual({ event: null, data: {}, omitted: [] });
    expect(redactWebhookPayload(null)).toEqual({ event: null, data: {}, omitted: [] });
    expect(redactWebhookPayload({ event: 'e', data: [1], extra: 'JANE' })).toEqual({ event: 'e', data: {}, omitted: ['extra'] });
  });
});
