import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, type SignedIn } from '../dashboard/dashboard.testkit';
import { insertCompany } from '../company/company.testkit';
import { createHarness, type Harness } from '../testing/harness';

// Every documented route, fed hostile ids, queries and bodies with valid credentials: no answer
// is a 5xx, and every answer is the envelope. (A NUL in a path id used to answer 500.)
let h: Harness;
let apiKey: string;
let member: SignedIn;
let processId: string;
let companyId: string;
let hostedToken: string;
type Op = { method: string; path: string };
let ops: Op[] = [];

const HOSTILE_IDS = [
  '%00', 'a%00b', '%0d%0aX-Injected:%201', '%FF%FE', '%E0%A4%A', '%', '%ED%A0%80', 'x'.repeat(5000),
  '..%2F..%2Fetc%2Fpasswd', "'%20OR%201%3D1%20--", '%F0%9F%98%80', 'null', '[]', '-1', '1e999',
];
const HOSTILE_QUERIES = [`?q=${'y'.repeat(20_000)}`, '?page=%00', '?limit=-5&page=1e999', '?q=%00', '?status=%FF', '?from=9999-99-99', '?to=2026-02-30', '?from=0000-00-00', `?q=${'z'.repeat(5000)}`, '?family=__proto__', '?waiting=%E0%A4%A'];
const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const HOSTILE_BODIES: Array<{ raw: string; type?: string }> = [
  { raw: '{"vendorData":"a\\u0000b","name":"x\\u0000"}' },
  { raw: '{"vendorData":"\\ud800","reason":"\\udfff\\ud800"}' },
  { raw: deep },
  { raw: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}' },
  { raw: '{"limit":1e400,"page":-0,"share":"NaN"}' },
  { raw: '[1,2,3]' },
  { raw: '"just a string"' },
  { raw: '{"unterminated":' },
  { raw: '\u0000\u0001\u0002' },
  { raw: '{"a":1}', type: 'text/plain' },
  { raw: '<xml/>', type: 'application/xml' },
  { raw: '--x\r\nContent-Disposition: form-data; name="frames"\r\n\r\nnope\r\n--x--', type: 'multipart/form-data; boundary=x' },
];

function headersFor(path: string, method: string): Record<string, string> {
  if (path.startsWith('/api/admin')) return { authorization: `Bearer ${h.ctx.adminToken}` };
  if (path.startsWith('/api/dashboard')) return { cookie: member.cookie, ...(method === 'GET' ? {} : { 'x-csrf-token': member.csrf }) };
  if (path.startsWith('/api/v1/hosted/company')) return { 'x-hosted-token': hostedToken };
  if (path.startsWith('/api/v1/hosted')) return {};
  return { 'x-api-key': apiKey };
}

/** The documented path with each `{param}` replaced: the real ids, or one hostile value. */
function fill(path: string, hostile?: string): string {
  return `/api${path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (hostile !== undefined) return hostile;
    if (path.includes('company')) return name === 'processId' ? companyId : companyId;
    return processId;
  })}`;
}

async function expectEnvelope(method: string, url: string, init: { headers?: Record<string, string>; raw?: string }) {
  const res = await h.request(method, url, { headers: init.headers, ...(init.raw !== undefined ? { raw: init.raw } : {}) });
  const where = `${method} ${url.slice(0, 120)} ${init.raw?.slice(0, 40) ?? ''}`;
  expect(res.status, where).toBeLessThan(500);
  if (res.status >= 400) expect(res.body, where).toMatchObject({ status: false, code: res.status });
}

beforeAll(async () => {
  h = await createHarness();
  const key = await h.createKey({ name: 'fuzz' });
  apiKey = key.apiKey;
  member = await signedInMember(h, 'owner@fuzz.test', 'owner');
  processId = (await h.request('POST', '/api/v1/verifications', { key: apiKey, body: { vendorData: 'fuzz' } })).body.data.verificationId;
  const company = await insertCompany(h.ctx, { apiKeyId: key.id });
  companyId = company.id;
  hostedToken = company.token;
  const doc = (await h.request('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods)
    .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
    // Sign-out and removing members would end the session the rest of the run uses.
    .filter((m) => !path.includes('sign-out') && !(m === 'delete' && path.includes('team')))
    .map((m) => ({ method: m.toUpperCase(), path })));
}, 60_000);
afterAll(async () => { await h.close(); });

describe('hostile input over every documented route', () => {
  it('finds the routes', () => {
    expect(ops.length).toBeGreaterThan(60);
  });

  it('hostile path ids answer 4xx in the envelope', async () => {
    for (const op of ops.filter((o) => o.path.includes('{'))) {
      for (const id of HOSTILE_IDS) await expectEnvelope(op.method, fill(op.path, id), { headers: headersFor(fill(op.path), op.method) });
    }
  }, 240_000);

  it('hostile queries and bodies answer in the envelope, never 5xx', async () => {
    for (const op of ops) {
      const url = fill(op.path);
      const headers = headersFor(url, op.method);
      if (op.method === 'GET') {
        for (const q of HOSTILE_QUERIES) await expectEnvelope('GET', `${url}${q}`, { headers });
        continue;
      }
      for (const b of HOSTILE_BODIES) await expectEnvelope(op.method, url, { headers: { ...headers, 'content-type': b.type ?? 'application/json' }, raw: b.raw });
    }
  }, 240_000);

  it('a NUL id on the customer API is a 400 that changes nothing', async () => {
    const id = (await h.request('POST', '/api/v1/verifications', { key: apiKey, body: { vendorData: 'nul' } })).body.data.verificationId;
    for (const [method, path] of [['GET', '/api/v1/verifications/%00'], ['PATCH', '/api/v1/verifications/%00/cancel'], ['DELETE', '/api/v1/verifications/%00']] as const) {
      const res = await h.request(method, path, { key: apiKey });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: false, code: 400, error: { code: 'invalid_url' } });
    }
    expect((await h.request('GET', `/api/v1/verifications/${id}`, { key: apiKey })).body.data.status).toBe('not started');
  });
});
