import { describe, expect, it, vi } from 'vitest';
import { XhrNetworkError, type XhrUploadRequest } from '../../../api/xhr-upload';
import { CompanyApiError } from './api-error';
import { createCompanyApi } from './company-api';

const uploaded = { id: 'd1', kind: 'proof_of_address', fileName: 'bill.pdf', contentType: 'application/pdf', size: 3, uploadedAt: '2030-01-01T00:00:00.000Z' };
const file = new File(['pdf'], 'bill é.pdf', { type: 'application/pdf' });

function api(upload: (req: XhrUploadRequest) => Promise<{ status: number; json: unknown }>, fetchFn?: typeof fetch) {
  return createCompanyApi({ processId: 'p/1', hostedToken: 'tok', upload: vi.fn(upload), fetchFn: fetchFn ?? (async () => new Response(null, { status: 500 })) });
}

describe('company API: document upload', () => {
  it('PUTs the file with the token and its name in headers, reports progress to the end, and reads the document', async () => {
    const sent: XhrUploadRequest[] = [];
    const progress: number[] = [];
    const client = api(async (req) => {
      sent.push(req);
      req.onProgress?.(0.5);
      return { status: 201, json: { status: true, message: 'ok', data: uploaded, code: 201 } };
    });
    await expect(client.uploadDocument('proof_of_address', file, (f) => progress.push(f))).resolves.toEqual(uploaded);
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/hosted/company-verifications/p%2F1/documents/proof_of_address',
      headers: { 'x-hosted-token': 'tok', accept: 'application/json', 'content-type': 'application/pdf', 'x-file-name': 'bill%20%C3%A9.pdf' },
      body: file,
    });
    expect(sent[0]?.timeoutMs).toBeUndefined();
    expect(progress).toEqual([0.5, 1]);
  });

  it("turns a refusal into the envelope's error code, after completing the progress", async () => {
    const progress: number[] = [];
    const client = api(async () => ({ status: 415, json: { status: false, message: 'no', error: { code: 'unsupported_media_type' }, code: 415 } }));
    await expect(client.uploadDocument('proof_of_address', file, (f) => progress.push(f)))
      .rejects.toMatchObject({ code: 'unsupported_media_type', httpStatus: 415 });
    expect(progress).toEqual([1]);
  });

  it('turns no answer at all (offline, aborted) into a retryable network error', async () => {
    for (const reason of ['network', 'aborted'] as const) {
      const error = await api(async () => { throw new XhrNetworkError(reason); }).uploadDocument('k', file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CompanyApiError);
      expect(error).toMatchObject({ code: 'network', httpStatus: 0, retryable: true });
    }
  });
});

describe('company API: JSON requests', () => {
  it("reads a refusal's envelope, and a proxy's page as a server error", async () => {
    const answers = [
      new Response(JSON.stringify({ status: false, message: 'gone', error: { code: 'expired' }, code: 410 }), { status: 410 }),
      new Response('<html>Bad gateway</html>', { status: 502 }),
    ];
    const client = api(async () => ({ status: 200, json: null }), (async () => answers.shift()!) as typeof fetch);
    await expect(client.load()).rejects.toMatchObject({ code: 'expired', httpStatus: 410 });
    await expect(client.load()).rejects.toMatchObject({ code: 'server', httpStatus: 502 });
  });
});
