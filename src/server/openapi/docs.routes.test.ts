import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../contract/common';
import { companyStatuses, individualStatuses } from '../../contract/statuses';
import { createHarness, type Harness } from '../testing/harness';

type Op = { tags?: string[]; security?: Record<string, unknown>[]; responses: Record<string, unknown>; parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[] };
type Doc = { paths: Record<string, Record<string, Op>>; components: Record<string, Record<string, unknown>> };

/** `METHOD /path` with every path parameter written `{}` (Hono's `:name` and `*`, OpenAPI's `{name}`). */
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:[^/]+|\*|\{[^}]+\}/g, '{}')}`;
const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ key: routeKey(method, path), path, method, op })));

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

  it('documents every route the app registers under /api, and nothing else', async () => {
    const doc = (await h.request('GET', '/api/openapi.json')).body as Doc;
    // Hono lists handlers and middleware; middleware (app.use) is registered as ALL.
    const registered = new Set(h.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
      .map((r) => routeKey(r.method, r.path.slice('/api'.length))));
    expect(registered.size).toBeGreaterThan(40);
    expect(registered).toContain('POST /v1/verifications');
    expect(registered).toContain('PUT /v1/hosted/verifications/{}/media/{}');
    const documented = new Set(operations(doc).map((o) => o.key));
    expect([...registered].filter((r) => !documented.has(r)), 'routes missing from openapi.json').toEqual([]);
    expect([...documented].filter((d) => !registered.has(d)), 'documented operations with no route').toEqual([]);
  });

  it('groups operations with tags and states the authentication of each', async () => {
    const doc = (await h.request('GET', '/api/openapi.json')).body as Doc & { tags: { name: string }[] };
    expect(doc.tags.map((t) => t.name)).toEqual(['customer', 'hosted', 'test helpers', 'admin', 'dashboard', 'service']);
    expect(doc.components.securitySchemes).toMatchObject({
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      hostedToken: { type: 'apiKey', in: 'header', name: 'x-hosted-token' },
      adminToken: { type: 'http', scheme: 'bearer' },
    });
    const expected = (path: string): [string, Record<string, unknown>[]] => {
      if (path.startsWith('/v1/hosted/company-verifications/')) return ['hosted', [{ hostedToken: [] }]];
      if (path.startsWith('/v1/hosted/')) return ['hosted', []];
      if (path.startsWith('/v1/test/')) return ['test helpers', [{ apiKey: [] }]];
      if (path.startsWith('/v1/')) return ['customer', [{ apiKey: [] }]];
      if (path.startsWith('/admin/')) return ['admin', [{ adminToken: [] }]];
      if (path === '/dashboard/auth/sign-in' || path === '/dashboard/auth/set-password' || path === '/dashboard/auth/forgot-password') return ['dashboard', []];
      // The second step of a sign-in: the pending cookie, not yet a session.
      if (path.startsWith('/dashboard/auth/second-factor')) return ['dashboard', []];
      if (path.startsWith('/dashboard/')) return ['dashboard', [{ memberSession: [] }]];
      return ['service', []];
    };
    for (const { key, path, op } of operations(doc)) {
      const [tag, security] = expected(path);
      expect(op.tags, key).toEqual([tag]);
      expect(op.security, key).toEqual(security);
      expect(op.responses, key).toHaveProperty('200');
    }
  });

  it('generates list query parameters from the contract', async () => {
    const doc = (await h.request('GET', '/api/openapi.json')).body as Doc;
    for (const [path, statuses] of [['/v1/verifications', individualStatuses], ['/v1/company-verifications', companyStatuses]] as const) {
      const params = doc.paths[path]!.get!.parameters!;
      expect(params.map((p) => [p.name, p.in, p.required])).toEqual([['page', 'query', false], ['limit', 'query', false], ['status', 'query', false]]);
      expect(params[0]!.schema).toEqual({ type: 'integer', minimum: 1, default: 1 });
      expect(params[1]!.schema).toEqual({ type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT });
      expect(params[2]!.schema).toEqual({ type: 'string', enum: [...statuses] });
    }
    expect(doc.paths['/admin/webhooks']!.get!.parameters!.map((p) => p.name).sort()).toEqual(['caseId', 'keyId', 'limit', 'page', 'state']);
  });

  it('documents the status codes beyond the spec where they happen', async () => {
    const doc = (await h.request('GET', '/api/openapi.json')).body as Doc;
    const codes = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses);
    expect(codes('/v1/verifications', 'post')).toEqual(expect.arrayContaining(['400', '401', '413', '500']));
    expect(codes('/v1/verifications/{id}', 'get')).toEqual(expect.arrayContaining(['400', '401', '500']));
    expect(codes('/v1/hosted/verifications/{processId}/media/{slot}', 'put')).toEqual(expect.arrayContaining(['400', '404', '409', '413', '415', '500']));
    expect(codes('/v1/hosted/company-verifications/{processId}/draft', 'patch')).toEqual(expect.arrayContaining(['401', '404', '409']));
    expect(doc.components.responses).toHaveProperty('UnknownPath');
    // A database out of reach is 503 (http/unhandled-error.ts) wherever the database is used.
    expect(JSON.stringify(doc.components.responses!.ServiceUnavailable)).toMatch(/database_unavailable.*Retry-After/);
    const withoutDatabase = ['GET /health', 'GET /livez', 'GET /openapi.json', 'GET /docs', 'GET /docs.css'];
    for (const { key, op } of operations(doc)) {
      // The readiness probe's 503 is its own (not_ready, naming the missing check).
      if (key === 'GET /readyz') { expect(JSON.stringify(op.responses['503'])).toContain('#/components/schemas/Error'); continue; }
      expect(op.responses['503'], key).toEqual(withoutDatabase.includes(key) ? undefined : { $ref: '#/components/responses/ServiceUnavailable' });
    }
    expect(JSON.stringify(doc.components.responses!.Unauthorized)).toContain('before the body size');
    // Every $ref points at something that exists.
    const refs = JSON.stringify(doc).match(/"#\/components\/[^"]+"/g) ?? [];
    for (const r of new Set(refs)) {
      const [, , group, name] = JSON.parse(r).split('/');
      expect(doc.components[group]?.[name], r).toBeDefined();
    }
  });

  it('shows reason inside docInfo of the decision event', async () => {
    const doc = (await h.request('GET', '/api/openapi.json')).body as Doc;
    const event = doc.components.schemas!.IndividualDecisionEvent as { properties: { docInfo: { properties: Record<string, unknown>; additionalProperties: unknown } } };
    expect(event.properties.docInfo.properties).toHaveProperty('reason');
    expect(event.properties.docInfo.additionalProperties).toBe(false);
  });
});
