import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_BASE } from '../support/env';
import { customerCall } from '../support/service';
import { bodyOf, createCompany, fillAndSubmitViaHostedApi, isEvent, keyWithReceiver, listedRecord } from './company-support';

const run = promisify(execFile);

/** The operator's CLI against the e2e server (async: the receiver in this process keeps answering). */
async function idv(...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'src/server/cli/idv.ts', '--url', E2E_BASE, ...args], {
    env: { ...process.env, IDV_ADMIN_TOKEN: E2E_ADMIN_TOKEN }, encoding: 'utf8', timeout: 30_000,
  });
  return stdout;
}

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
