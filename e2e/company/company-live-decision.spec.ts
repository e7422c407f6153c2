import { expect, test } from '@playwright/test';
import { idv } from '../support/idv-cli';
import { customerCall } from '../support/service';
import { bodyOf, createCompany, fillAndSubmitViaHostedApi, isEvent, keyWithReceiver, listedRecord } from './company-support';

test('a live key\'s company verification is decided by the operator with idv', async () => {
  const { apiKey, receiver } = await keyWithReceiver('live', { selfieUpload: true });
  try {
    const created = await createCompany(apiKey, { vendorData: 'live-merchant' });
    await fillAndSubmitViaHostedApi(created);
    await receiver.waitFor(isEvent('company_verification.submitted'));

    // The customer cannot decide its own live verification: only the operator can.
    const selfReview = await customerCall(apiKey, 'POST', `/test/company-verifications/${created.verificationId}/review`);
    expect(selfReview.status).toBe(400);
    expect((await listedRecord(apiKey, created.verificationId)).status).toBe('submitted');

    expect(await idv('company', 'review', created.verificationId)).toContain('under review');
    const underReview = await receiver.waitFor(isEvent('company_verification.under_review'));
    expect(await idv('company', 'decide', created.verificationId, 'successful', '--reason', 'ok')).toContain('successful');
    const successful = await receiver.waitFor(isEvent('company_verification.successful'));

    expect(underReview).toMatchObject({ path: '/events', verified: true });
    expect(successful).toMatchObject({ path: '/decision', verified: true });
    expect(bodyOf(successful).data).toMatchObject({
      companyVerificationId: created.processId, verificationId: created.verificationId, vendorData: 'live-merchant',
      status: 'successful', reason: 'ok',
      companyProfile: { business: { legalName: 'Harbour Logistics Ltd' } },
    });
    const record = await listedRecord(apiKey, created.verificationId);
    expect(record).toMatchObject({ status: 'successful', reason: 'ok' });
    expect(record.auditTrail.map((a) => a.actor)).toContain('operator');
  } finally {
    await receiver.close();
  }
});
