import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualSummarySchema } from '../../../contract/individual';
import { individualStatusCodes, type IndividualStatus } from '../../../contract/statuses';
import { verifications } from '../../db/schema';
import { createHarness, type Harness } from '../../testing/harness';
import type { VerificationId } from '../../../contract/ids';
import { testVerificationId } from '../../testing/test-ids';

describe('customer API v1: cancel and delete', () => {
  let h: Harness;
  let key: string;
  let other: string;
  beforeAll(async () => {
    h = await createHarness();
    key = (await h.createKey()).apiKey;
    other = (await h.createKey()).apiKey;
  });
  afterAll(async () => { await h.close(); });

  const create = async (status?: IndividualStatus) => {
    const res = await h.request('POST', '/api/v1/verifications', { key, body: { vendorData: 'vd', meta: { m: 1 } } });
    const id = testVerificationId(res.body.data.verificationId);
    if (status) await h.ctx.db.update(verifications).set({ status, statusCode: individualStatusCodes[status] }).where(eq(verifications.id, id));
    return id;
  };
  const row = async (id: VerificationId) => (await h.ctx.db.select().from(verifications).where(eq(verifications.id, id)))[0]!;

  describe('PATCH /v1/verifications/{id}/cancel', () => {
    it.each(['not started', 'started', 'completed'] as const)('cancels a %s session and answers the summary', async (status) => {
      const id = await create(status === 'not started' ? undefined : status);
      h.clock.advance(5000);
      const res = await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: true, message: 'Verification cancelled successfully', code: 200 });
      const d = individualSummarySchema.strict().parse(res.body.data);
      expect(d).toMatchObject({
        id, status: 'cancelled', statusCode: 5000, reason: 'Cancelled by the customer', vendorData: 'vd',
        userMeta: { m: 1 }, verificationMethod: 'auto', updatedAt: h.clock.now().toISOString(),
      });
      expect(Object.keys(res.body.data).sort()).toEqual(
        ['createdAt', 'id', 'reason', 'status', 'statusCode', 'updatedAt', 'userMeta', 'vendorData', 'verificationMethod'],
      );
      expect((await row(id)).status).toBe('cancelled');
      const fetched = await h.request('GET', `/api/v1/verifications/${id}`, { key });
      expect(fetched.body.data).toMatchObject({ status: 'cancelled', statusCode: 5000 });
    });

    it.each(['successful', 'failed', 'abandoned', 'cancelled'] as const)('refuses to cancel a %s session with 400', async (status) => {
      const id = await create(status);
      const res = await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        status: false, code: 400, data: null, message: 'Verification cannot change from its current status', error: { status },
      });
      expect((await row(id)).status).toBe(status);
    });

    it("answers 400 not found for unknown, another key's and deleted records", async () => {
      const id = await create();
      const msg = 'Verification not found or has been deleted';
      expect((await h.request('PATCH', '/api/v1/verifications/nope/cancel', { key })).body.message).toBe(msg);
      const foreign = await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key: other });
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toBe(msg);
      expect((await row(id)).status).toBe('not started');
      await h.request('DELETE', `/api/v1/verifications/${id}`, { key });
      const deleted = await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key });
      expect(deleted.status).toBe(400);
      expect(deleted.body.message).toBe(msg);
    });
  });

  describe('DELETE /v1/verifications/{id}', () => {
    it('soft-deletes without data and without a status change', async () => {
      const id = await create('started');
      const before = await row(id);
      h.clock.advance(1000);
      const res = await h.request('DELETE', `/api/v1/verifications/${id}`, { key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: true, message: 'Verification deleted', code: 200 });
      const after = await row(id);
      expect(after.deletedAt?.toISOString()).toBe(h.clock.now().toISOString());
      expect(after.status).toBe('started');
      expect(after.updatedAt).toEqual(before.updatedAt);
    });

    it("answers 400 when already deleted, unknown or another key's", async () => {
      const id = await create();
      expect((await h.request('DELETE', `/api/v1/verifications/${id}`, { key: other })).status).toBe(400);
      expect((await row(id)).deletedAt).toBeNull();
      expect((await h.request('DELETE', `/api/v1/verifications/${id}`, { key })).status).toBe(200);
      const again = await h.request('DELETE', `/api/v1/verifications/${id}`, { key });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ status: false, message: 'Verification not found or has been deleted', code: 400 });
      expect((await h.request('DELETE', '/api/v1/verifications/ffffffffffffffffffffffffffffffff', { key })).status).toBe(400);
    });
  });

  describe("a company representative's liveness verification", () => {
    it('can be fetched but is not listed, cancelled or deleted through the individual API', async () => {
      const id = await create('started');
      await h.ctx.db.update(verifications).set({ companyVerificationId: 'company-internal-id' }).where(eq(verifications.id, id));
      const got = await h.request('GET', `/api/v1/verifications/${id}`, { key });
      expect(got.status).toBe(200);
      expect(got.body.data.id).toBe(id);
      const list = await h.request('GET', '/api/v1/verifications?limit=100', { key });
      expect(list.body.data.map((r: { id: string }) => r.id)).not.toContain(id);
      const cancel = await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key });
      expect(cancel.status).toBe(400);
      expect(cancel.body.message).toBe('Verification not found or has been deleted');
      expect((await h.request('DELETE', `/api/v1/verifications/${id}`, { key })).status).toBe(400);
      expect(await row(id)).toMatchObject({ status: 'started', deletedAt: null });
    });
  });
});
