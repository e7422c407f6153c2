import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../db/schema';
import { eq } from 'drizzle-orm';
import { submittedCompany } from '../company/company.testkit';
import { createHarness, type Harness } from '../testing/harness';
import { asMember, signedInMember, type SignedIn } from './dashboard.testkit';

// Roles hold on every read, not only on the actions: a developer sees no case, no list and no
// image; a reviewer sees no key or webhook; a dashboard image link dies with its member.
let h: Harness;
let reviewer: SignedIn;
let developer: SignedIn;
let individualId: string;
let companyId: string;

beforeAll(async () => {
  h = await createHarness();
  const key = await h.createKey({ name: 'acme live', mode: 'live' });
  individualId = (await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: { vendorData: 'dan' } })).body.data.verificationId;
  companyId = (await submittedCompany(h.ctx, { apiKeyId: key.id, vendorData: 'acme-co' })).publicId;
  reviewer = await signedInMember(h, 'rev@acme.test', 'reviewer');
  developer = await signedInMember(h, 'dev@acme.test', 'developer');
});
afterAll(async () => { await h.close(); });

const mediaPath = (url: string) => { const u = new URL(url); return u.pathname + u.search; };

describe('role enforcement on dashboard reads', () => {
  it('refuses a developer every verification read: list, individual case, company case', async () => {
    for (const path of ['/verifications', '/verifications?family=company', `/verifications/individual/${individualId}`, `/verifications/company/${companyId}`]) {
      const res = await asMember(h, developer, 'GET', path);
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect((await asMember(h, reviewer, 'GET', `/verifications/company/${companyId}`)).status).toBe(200);
  });

  it('refuses a reviewer keys, webhooks and campaigns settings', async () => {
    for (const path of ['/keys', '/webhooks', '/campaigns']) expect((await asMember(h, reviewer, 'GET', path)).status, path).toBe(403);
  });

  it('a dashboard image link stops working when its member loses review or is removed', async () => {
    const extra = await signedInMember(h, 'rev2@acme.test', 'reviewer');
    const view = await asMember(h, extra, 'GET', `/verifications/company/${companyId}`);
    const url = mediaPath(view.body.data.liveness.selfie.url);
    expect((await h.request('GET', url)).status).toBe(200);
    await h.ctx.db.update(members).set({ role: 'developer' }).where(eq(members.id, extra.me.member.id));
    expect((await h.request('GET', url)).status).toBe(403);
    await h.ctx.db.update(members).set({ role: 'reviewer', removedAt: h.clock.now() }).where(eq(members.id, extra.me.member.id));
    expect((await h.request('GET', url)).status).toBe(404);
    // A link signed for one member cannot be re-pointed at another by editing the URL.
    const forged = url.replace(/m=[^&]+/, `m=${reviewer.me.member.id}`);
    expect((await h.request('GET', forged)).status).toBe(404);
  });
});
