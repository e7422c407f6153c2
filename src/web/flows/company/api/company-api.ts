// Typed client of the hosted company API. The hostedToken travels only in a header, never in a
// URL the app builds (so it stays out of server logs of the API paths).
import type { z } from 'zod';
import { FILE_NAME_HEADER, HOSTED_TOKEN_HEADER } from '../../../../contract/company-constants';
import type {
  HostedCompanySession, livenessSelfieResponseSchema, saveDraftResponseSchema, startLivenessResponseSchema,
  submitCompanyResponseSchema, SaveDraftBody, UploadedDocument,
} from '../../../../contract/hosted-company';
import { takeEarly } from '../../../api/early-fetch';
import { readAnswer, successOrThrow, type HttpAnswer } from '../../../api/http-answer';
import { checkedData, type JsonSchema } from '../../../api/json-check';
import wire from './company-wire-schemas.json';
import type * as Schemas from './company-api-schemas';
import { CompanyApiError, errorFromResponse } from './api-error';
import { xhrUpload, XhrNetworkError } from '../../../api/xhr-upload';
import type { LivenessChallenge } from '../../../../contract/liveness-session';
import type { LivenessResult } from '../../../../contract/liveness';

export type SaveDraftResponse = z.infer<typeof saveDraftResponseSchema>;
export type StartLivenessResponse = z.infer<typeof startLivenessResponseSchema>;
export type LivenessSelfieResponse = z.infer<typeof livenessSelfieResponseSchema>;
export type SubmitCompanyResponse = z.infer<typeof submitCompanyResponseSchema>;

export interface CompanyApi {
  load(): Promise<HostedCompanySession>;
  saveDraft(body: SaveDraftBody): Promise<SaveDraftResponse>;
  uploadDocument(kind: string, file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedDocument>;
  deleteDocument(kind: string, documentId: string): Promise<void>;
  startLiveness(): Promise<StartLivenessResponse>;
  /** A picked selfie (only where the key allows it): the step ends `not_live`. */
  uploadSelfie(image: Blob): Promise<LivenessSelfieResponse>;
  /** A liveness challenge for the representative (the same check as the individual selfie). */
  /** `previousFailure`: why the device refused the try before (kept in the trace of failed tries). */
  livenessChallenge(previousFailure?: string): Promise<LivenessChallenge>;
  /** The neutral selfie, the evidence frames and the device's verdict, in one multipart request. */
  submitLiveness(body: { result: LivenessResult; selfie: Blob; frames: Blob[] }): Promise<LivenessSelfieResponse>;
  submit(): Promise<SubmitCompanyResponse>;
}

export interface CompanyApiConfig {
  processId: string;
  hostedToken: string;
  /** Where the API lives; `/api` when app and API share the origin. */
  apiBase?: string;
  fetchFn?: typeof fetch;
  upload?: typeof xhrUpload;
}

/** The zod schemas of the later answers (loaded with the first call that needs them). */
let schemasLoad: Promise<typeof Schemas> | null = null;
export function loadCompanyApiSchemas(): Promise<typeof Schemas> {
  schemasLoad ??= import('./company-api-schemas');
  schemasLoad.catch(() => { schemasLoad = null; });
  return schemasLoad;
}

/** The session, checked against the contract's JSON Schema (no zod before the welcome screen). */
function parseSession(httpStatus: number, body: unknown): HostedCompanySession {
  const session = checkedData<HostedCompanySession>(wire.sessionEnvelope as JsonSchema, body);
  if (!session) throw new CompanyApiError('server', httpStatus);
  return session;
}

/** Envelope `data` parsed with the contract schema; a body that does not fit is a server error. */
async function parseData<T>(pick: (schemas: typeof Schemas) => z.ZodType<T>, httpStatus: number, body: unknown): Promise<T> {
  const schema = pick(await loadCompanyApiSchemas());
  const data = body && typeof body === 'object' ? (body as Record<string, unknown>).data : undefined;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new CompanyApiError('server', httpStatus);
  return parsed.data;
}

export function createCompanyApi(config: CompanyApiConfig): CompanyApi {
  const fetchFn = config.fetchFn ?? ((input, init) => fetch(input, init));
  const upload = config.upload ?? xhrUpload;
  const base = `${(config.apiBase ?? '/api').replace(/\/$/, '')}/v1/hosted/company-verifications/${encodeURIComponent(config.processId)}`;
  const tokenHeader = { [HOSTED_TOKEN_HEADER]: config.hostedToken };

  async function request(method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    let res: Response;
    try {
      const prefetched = method === 'GET' && path === '' && !config.fetchFn ? takeEarly(`${base}${path}`) : null;
      res = await (prefetched?.catch(() => null) ?? Promise.resolve(null)) ?? await fetchFn(`${base}${path}`, {
        method,
        headers: { ...tokenHeader, accept: 'application/json', ...headers },
        body,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new CompanyApiError('network', 0);
    }
    return successOrThrow(await readAnswer(res), errorFromResponse);
  }

  /** A retried request whose first attempt landed: the step is done, read what it ended as. */
  const landedBefore = (error: unknown) => error instanceof CompanyApiError && (error.code === 'liveness_completed' || error.code === 'liveness_challenge_used');
  async function currentLiveness(): Promise<LivenessSelfieResponse> {
    const res = await request('GET', '');
    const data = (res.json as { data?: { livenessStatus?: unknown; livenessVerificationId?: unknown } } | null)?.data;
    return parseData((x) => x.livenessSelfieResponseSchema, res.status, {
      status: true, message: '', data: { livenessVerificationId: data?.livenessVerificationId ?? '', livenessStatus: data?.livenessStatus, completedAt: '' },
    });
  }

  async function json<T>(pick: (schemas: typeof Schemas) => z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
    const res = body === undefined
      ? await request(method, path)
      : await request(method, path, JSON.stringify(body), { 'content-type': 'application/json' });
    return parseData(pick, res.status, res.json);
  }

  return {
    load: async () => {
      const res = await request('GET', '');
      return parseSession(res.status, res.json);
    },
    saveDraft: (body) => json((x) => x.saveDraftResponseSchema, 'PATCH', '/draft', body),
    async uploadDocument(kind, file, onProgress, signal) {
      let res;
      try {
        res = await upload({
          method: 'PUT',
          url: `${base}/documents/${encodeURIComponent(kind)}`,
          headers: {
            ...tokenHeader,
            accept: 'application/json',
            'content-type': file.type || 'application/octet-stream',
            [FILE_NAME_HEADER]: encodeURIComponent(file.name),
          },
          body: file,
          ...(onProgress ? { onProgress } : {}),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        // No HTTP answer (offline, reset, aborted).
        if (error instanceof XhrNetworkError) throw new CompanyApiError('network', 0);
        throw error;
      }
      // The bytes are sent once any answer comes, whatever it says.
      onProgress?.(1);
      successOrThrow(res, errorFromResponse);
      return parseData((x) => x.uploadedDocumentSchema, res.status, res.json);
    },
    async deleteDocument(kind, documentId) {
      try {
        await request('DELETE', `/documents/${encodeURIComponent(kind)}/${encodeURIComponent(documentId)}`);
      } catch (error) {
        // Gone already (a retried delete whose first attempt landed): that is what was asked.
        if (error instanceof CompanyApiError && error.code === 'not_found' && error.httpStatus === 404) return;
        throw error;
      }
    },
    startLiveness: () => json((x) => x.startLivenessResponseSchema, 'POST', '/liveness', {}),
    async uploadSelfie(image) {
      try {
        const res = await request('POST', '/liveness/selfie', image, { 'content-type': image.type || 'image/jpeg' });
        return parseData((x) => x.livenessSelfieResponseSchema, res.status, res.json);
      } catch (error) {
        if (landedBefore(error)) return currentLiveness();
        throw error;
      }
    },
    livenessChallenge: async (previousFailure) => {
      const res = await request('POST', '/liveness/challenge', JSON.stringify(previousFailure ? { previousFailure } : {}), { 'content-type': 'application/json' });
      return parseData((x) => x.livenessChallengeSchema, res.status, res.json);
    },
    async submitLiveness(body) {
      const form = new FormData();
      form.append('result', JSON.stringify(body.result));
      form.append('selfie', body.selfie, 'selfie.jpg');
      body.frames.forEach((frame, i) => form.append('frames', frame, `frame-${i}.jpg`));
      try {
        const res = await request('POST', '/liveness/result', form);
        return parseData((x) => x.livenessSelfieResponseSchema, res.status, res.json);
      } catch (error) {
        if (landedBefore(error)) return currentLiveness();
        throw error;
      }
    },
    submit: () => json((x) => x.submitCompanyResponseSchema, 'POST', '/submit', {}),
  };
}
