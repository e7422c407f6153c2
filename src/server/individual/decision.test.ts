import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureAll, createSession, eventsOf, hostedPath } from './routes/hosted.testkit';
import { createHarness, type Harness } from '../testing/harness';
import { settleDecisions } from './decision';

let h: Harness;
beforeAll(async () => { h = await createHarness({ MEDIA_URL_TTL_SECONDS: '600', WEBHOOK_MEDIA_URL_TTL_SECONDS: '200000' }); });
afterAll(async () => {
  await settleDecisions();
  await h.close();
});

const expOf = (url: string) => Number(new URL(url).searchParams.get('exp'));

describe('media URLs of decision webhooks', () => {
  it('live for WEBHOOK_MEDIA_URL_TTL_SECONDS, while the record keeps MEDIA_URL_TTL_SECONDS', async () => {
    const { apiKey } = await h.createKey();
    const id = await createSession(h, apiKey);
    await captureAll(h, id, 'NATIONAL_ID', 'NGA');
    expect((await h.request('POST', hostedPath(id, '/submit'))).status).toBe(200);
    await settleDecisions();
    const now = Math.floor(h.clock.now().getTime() / 1000);

    const decision = (await eventsOf(h, id)).find((e) => e.type === 'verification.successful')!.data;
    for (const field of ['userSelfie', 'userIdFront', 'userIdBack']) expect(expOf(decision[field] as string), field).toBe(now + 200_000);

    const record = (await h.request('GET', `/api/v1/verifications/${id}`, { key: apiKey })).body.data;
    for (const url of [record.selfie.url, record.doc.url.front, record.doc.url.back]) expect(expOf(url)).toBe(now + 600);
  });
});
