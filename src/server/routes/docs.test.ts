import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';

describe('OpenAPI and docs', () => {
  let h: Harness;
  beforeAll(async () => { h = await createHarness(); });
  afterAll(async () => { await h.close(); });

  it('publishes every customer endpoint of the spec with the base URL', async () => {
    const res = await h.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.servers[0].url).toBe('http://idv.test/api');
    const paths = res.body.paths;
    expect(Object.keys(paths['/v1/verifications']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/v1/verifications/{id}']).sort()).toEqual(['delete', 'get']);
    expect(paths['/v1/verifications/{id}/cancel'].patch).toBeDefined();
    expect(Object.keys(paths['/v1/company-verifications']).sort()).toEqual(['get', 'post']);
  });

  it('derives record schemas from the contract (every spec field present)', async () => {
    const { body } = await h.request('GET', '/api/openapi.json');
    const rec = body.components.schemas.IndividualRecord;
    for (const f of ['id', 'status', 'statusCode', 'reason', 'vendorData', 'userMeta', 'verificationMethod', 'selfie', 'doc', 'docInfo', 'createdAt', 'updatedAt']) {
      expect(rec.required).toContain(f);
    }
    const company = body.components.schemas.CompanyRecord;
    for (const f of ['businessProfile', 'authorityProfile', 'progress', 'auditTrail', 'customQuestionAnswers', 'campaignVersion']) {
      expect(company.properties).toHaveProperty(f);
    }
  });

  it('renders readable docs without inline scripts or styles', async () => {
    const res = await h.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.body).toContain('/v1/company-verifications');
    expect(res.body).not.toMatch(/<script|<style/);
  });
});
