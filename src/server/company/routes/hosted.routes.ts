import { Hono, type Context } from 'hono';
import {
  DOCUMENT_MAX_BYTES, FILE_NAME_HEADER, HOSTED_TOKEN_HEADER, saveDraftBodySchema,
  hostedCompanyErrorHttpStatus,
} from '../../../contract/hosted-company';
import type { AppContext } from '../../context';
import { fail, ok } from '../../http/envelope';
import { readLimitedBody } from '../../media/read-body';
import { addDocument, readDocument, removeDocument } from '../documents';
import { saveDraft } from '../draft';
import { documentDownloadHeaders } from '../files';
import { authorizeHosted, hostedFail, hostedSessionOf, type HostedFail } from '../hosted';
import { completeLiveness, startLiveness } from '../liveness';
import { answerCompanyLiveness, issueCompanyChallenge, precheckCompanyAnswer } from '../liveness-check';
import { decodeLivenessUpload, readLivenessUpload } from '../../liveness/liveness-upload';
import { readChallengeBody } from '../../liveness/challenge-body';
import { campaignOf, keyOf, type CompanyRow } from '../store';
import { submitCompany } from '../submit';
import { observeCompanyOpened } from '../flow-analytics';

/** Autosave bodies: a whole section as JSON (the largest, officers/owners, stays far below). */
const DRAFT_BODY_MAX = 256 * 1024;
/** Selfies are phone photos; same cap as documents. */
const SELFIE_MAX_BYTES = DOCUMENT_MAX_BYTES;

type Env = { Variables: { company: CompanyRow } };

const refuse = (c: Context, f: HostedFail) => fail(c, hostedCompanyErrorHttpStatus[f.code], f.message, { code: f.code, ...(f.issues ? { issues: f.issues } : {}) });

async function rawBody(c: Context, max: number): Promise<{ ok: true; bytes: Buffer } | { ok: false; res: Response }> {
  const body = await readLimitedBody(c.req.raw, max);
  if (body.ok) return body;
  return {
    ok: false,
    res: body.reason === 'too_large'
      ? fail(c, 413, 'The file is larger than 10 MB', { code: 'media_too_large' })
      : fail(c, 400, 'The request has no file', { code: 'invalid_media' }),
  };
}

/**
 * Hosted company API (mounted at /api/v1/hosted). Every route needs the processId and the
 * link's hostedToken in `x-hosted-token`; a refused request changes nothing.
 */
export function hostedCompanyRoutes(ctx: AppContext): Hono {
  const r = new Hono<Env>();
  const base = '/company-verifications/:processId';
  const auth = async (c: Context<Env>, next: () => Promise<void>) => {
    const res = await authorizeHosted(ctx, c.req.param('processId') ?? '', c.req.header(HOSTED_TOKEN_HEADER));
    if (!res.ok) return refuse(c, res);
    c.set('company', res.row);
    await next();
  };
  r.use(base, auth);
  r.use(`${base}/*`, auth);

  r.get(base, async (c) => {
    const row = c.get('company');
    const [campaign, key] = await Promise.all([campaignOf(ctx.db, row), keyOf(ctx.db, row.apiKeyId)]);
    await observeCompanyOpened(ctx.db, row, c.req.header('user-agent'), ctx.clock.now());
    return ok(c, 'Fetched company verification', hostedSessionOf(row, campaign, key, ctx.clock.now()));
  });

  r.patch(`${base}/draft`, async (c) => {
    const body = await readLimitedBody(c.req.raw, DRAFT_BODY_MAX);
    if (!body.ok && body.reason === 'too_large') return fail(c, 413, 'Request body too large', { code: 'invalid_body' });
    let json: unknown;
    try {
      json = body.ok ? JSON.parse(body.bytes.toString('utf8')) : {};
    } catch {
      return fail(c, 400, 'Invalid request payload', { code: 'invalid_body', issues: [{ path: '', message: 'body is not valid JSON' }] });
    }
    const parsed = saveDraftBodySchema.safeParse(json);
    if (!parsed.success) {
      return fail(c, 400, 'Invalid request payload', { code: 'invalid_body', issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    }
    const res = await saveDraft(ctx, c.get('company').id, parsed.data);
    if (!res.ok) return refuse(c, res);
    const { ok: _ok, ...data } = res;
    return ok(c, 'Draft saved', data);
  });

  r.put(`${base}/documents/:kind`, async (c) => {
    const body = await rawBody(c, DOCUMENT_MAX_BYTES);
    if (!body.ok) return body.res;
    const res = await addDocument(ctx, c.get('company'), c.req.param('kind'), body.bytes, c.req.header(FILE_NAME_HEADER));
    if (!res.ok) return refuse(c, res);
    return ok(c, 'Document uploaded', res.document);
  });

  r.delete(`${base}/documents/:kind/:docId`, async (c) => {
    const res = await removeDocument(ctx, c.get('company').id, c.req.param('kind'), c.req.param('docId'));
    if (!res.ok) return refuse(c, res);
    return ok(c, 'Document removed');
  });

  r.get(`${base}/documents/:docId`, async (c) => {
    const res = await readDocument(ctx, c.get('company'), c.req.param('docId'));
    if (!res.ok) return refuse(c, res);
    return c.body(new Uint8Array(res.bytes), 200, documentDownloadHeaders(res.document, res.bytes.length));
  });

  r.post(`${base}/liveness`, async (c) => {
    const res = await startLiveness(ctx, c.get('company').id);
    if (!res.ok) return refuse(c, res);
    return ok(c, 'Liveness started', { livenessVerificationId: res.livenessVerificationId, livenessStatus: res.livenessStatus });
  });

  // A picked selfie: only where the key allows it; the step then ends `not_live`.
  r.post(`${base}/liveness/selfie`, async (c) => {
    const key = await keyOf(ctx.db, c.get('company').apiKeyId);
    if (!key.selfieUpload) return refuse(c, hostedFail('selfie_upload_not_allowed', 'A selfie must be taken with the camera and the liveness check'));
    const body = await rawBody(c, SELFIE_MAX_BYTES);
    if (!body.ok) return body.res;
    const res = await completeLiveness(ctx, c.get('company'), body.bytes, key.selfieUpload);
    if (!res.ok) return refuse(c, res);
    return ok(c, 'Liveness completed', { livenessVerificationId: res.livenessVerificationId, livenessStatus: res.livenessStatus, completedAt: res.completedAt });
  });

  r.post(`${base}/liveness/challenge`, async (c) => {
    const body = await readChallengeBody(c.req.raw);
    if (!body.ok) return refuse(c, hostedFail('invalid_body', body.detail));
    const res = await issueCompanyChallenge(ctx, c.get('company'), body.previousFailure);
    if (!res.ok) return refuse(c, res);
    c.header('Cache-Control', 'no-store');
    return ok(c, 'Liveness challenge issued', res.challenge);
  });

  r.post(`${base}/liveness/result`, async (c) => {
    const uploadFail = (e: { code: 'media_too_large' | 'unsupported_media_type' | 'invalid_media' | 'invalid_body'; detail: string }) =>
      refuse(c, hostedFail(e.code, e.detail));
    const read = await readLivenessUpload(c.req.raw);
    if (!read.ok) return uploadFail(read);
    // Session and challenge before any decode (checked again under the lock when stored).
    const early = await precheckCompanyAnswer(ctx, c.get('company'), read.upload.result);
    if (early) return refuse(c, early);
    const decoded = await decodeLivenessUpload(read.upload);
    if (!decoded.ok) return uploadFail(decoded);
    const res = await answerCompanyLiveness(ctx, c.get('company'), decoded.upload);
    if (!res.ok) return refuse(c, res);
    return ok(c, 'Liveness recorded', { livenessVerificationId: res.livenessVerificationId, livenessStatus: res.livenessStatus, completedAt: res.completedAt });
  });

  r.post(`${base}/submit`, async (c) => {
    const res = await submitCompany(ctx, c.get('company').id);
    if (!res.ok) return refuse(c, res);
    const { ok: _ok, ...data } = res;
    return ok(c, 'Company verification submitted', data);
  });

  return r as unknown as Hono;
}
