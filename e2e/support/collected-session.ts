import { expect } from '@playwright/test';
import { E2E_BASE } from './env';
import { makeIdCardBackFrame } from '../../test-support/cards/id-card-back';
import { customerCall } from './service';

/**
 * A session filled by the customer's own server with what its app captured (customer-collected
 * media): document, card front and back, selfie, liveness frames, then submit. Answers its id.
 * The back is the test card's own back (it carries no portrait, so it is the same for every
 * face): the service refuses the front sent again as the back.
 */
export async function collectedSession(apiKey: string, card: Buffer, frames: Buffer[], vendorData = 'app-1'): Promise<string> {
  const created = await customerCall<{ verificationId: string }>(apiKey, 'POST', '/verifications', { vendorData });
  const id = created.body.data.verificationId;
  const call = async (method: string, path: string, body: BodyInit, type?: string) => {
    const res = await fetch(`${E2E_BASE}/api/v1/verifications/${id}${path}`, { method, headers: { 'x-api-key': apiKey, ...(type ? { 'content-type': type } : {}) }, body });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  };
  await call('PUT', '/document', JSON.stringify({ type: 'NATIONAL_ID', issuingState: 'UTO' }), 'application/json');
  await call('PUT', '/media/document-front', new Uint8Array(card), 'image/jpeg');
  await call('PUT', '/media/document-back', new Uint8Array(await makeIdCardBackFrame({ width: 640, height: 480 }, { cardShare: 0.8 })), 'image/jpeg');
  await call('PUT', '/media/selfie', new Uint8Array(frames[0]!), 'image/jpeg');
  const form = new FormData();
  form.set('labels', JSON.stringify(['neutral', 'turn-right', 'blink']));
  for (const f of frames) form.append('frames', new Blob([new Uint8Array(f)], { type: 'image/jpeg' }), 'frame.jpg');
  await call('POST', '/liveness', form);
  const submitted = await fetch(`${E2E_BASE}/api/v1/verifications/${id}/submit`, { method: 'POST', headers: { 'x-api-key': apiKey } });
  expect(submitted.status).toBe(200);
  return id;
}
