import { Hono, type Context } from 'hono';
import {
  chooseDocumentBodySchema, hostedErrorHttpStatus, mediaSlotSchema, type HostedErrorCode,
} from '../../../contract/hosted-individual';
import { plausibleVerificationId } from '../../../contract/ids';
import type { AppContext } from '../../context';
import { chooseDocument, startSession, submitSession, uploadBlocker, type HostedResult } from '../hosted';
import type { VerificationRow } from '../record';
import { toHostedSession } from '../session';
import { findHostedVerification, keyOfVerification } from '../store';
import { fail, ok } from '../../http/envelope';
import { acceptCapture, storageKeyFor, type CaptureResult } from '../collected/accept-capture';
import { issueIndividualChallenge, pickedSelfiePatch, submitIndividualLiveness } from '../liveness';
import { decodeLivenessUpload, readLivenessUpload } from '../../liveness/liveness-upload';
import { checkAnswer, livenessOfRow } from '../../liveness/liveness-state';
import { readChallengeBody } from '../../liveness/challenge-body';
import { readLimitedBody } from '../../media/read-body';
import { observeOpened } from '../flow-analytics';

/** JSON bodies of the hosted API are tiny (the document choice). */
const HOSTED_JSON_MAX = 4 * 1024;

const errorMessages: Record<HostedErrorCode, string> = {
  not_found: 'Verification not found',
  closed: 'This verification link can no longer be used',
  already_submitted: 'This verification was already submitted',
  not_started: 'Start the verification first',
  invalid_body: 'Invalid request payload',
  invalid_media: 'The image cannot be used',
  no_back: 'This document type has no back side',
  no_document: 'Choose the document type first',
  document_not_found: 'No identity document was found in the picture. Take the photo again with the whole document inside the frame',
  same_side: 'This picture shows the same side of the document as the other one. Turn the document over and take the photo again',
  missing_captures: 'Some captures are missing',
  media_too_large: 'The image is too large',
  unsupported_media_type: 'Only JPEG, PNG and WebP images are accepted',
  invalid_token: 'Invalid token',
  rate_limited: 'Too many requests',
  liveness_attempts_exhausted: 'Every liveness try of this round is used',
  liveness_challenge_invalid: 'Unknown or expired liveness challenge',
  liveness_challenge_used: 'This liveness challenge was already answered',
  liveness_evidence_mismatch: 'The liveness evidence was not recorded for this challenge',
  selfie_upload_not_allowed: 'A selfie must be taken with the camera and the liveness check',
};

/** Hosted errors: the envelope with a machine-readable `error.code` (statuses: hostedErrorHttpStatus). */
export function hostedFail(c: Context, code: HostedErrorCode, extra: Record<string, unknown> = {}) {
  return fail(c, hostedErrorHttpStatus[code], errorMessages[code], { code, ...extra });
}

/** A refused capture in the envelope, with its detail or size limit when there is one. */
export function captureFail(c: Context, res: Extract<CaptureResult, { ok: false }>) {
  const extra: Record<string, unknown> = {};
  if ('detail' in res && res.detail) extra.detail = res.detail;
  if ('maxBytes' in res && res.maxBytes) extra.maxBytes = res.maxBytes;
  if ('missing' in res && res.missing) extra.missing = res.missing;
  return hostedFail(c, res.code, extra);
}

/**
 * The hosted individual API (`/api/v1/hosted/verifications/{processId}/…`), used by the web app.
 * No x-api-key: the processId (128 random bits) is the capability. Unknown and deleted ids are
 * the same 404. Every answer carries the whole HostedSession, so the app always resumes from
 * the server's state.
 */
export function hostedIndividualRoutes(ctx: AppContext): Hono {
  const app = new Hono();

  /** The session named by the route's processId; an implausible id is unknown without a query. */
  const findSession = (c: Context) => {
    const id = plausibleVerificationId(c.req.param('processId') ?? '');
    return id ? findHostedVerification(ctx, id) : Promise.resolve(null);
  };

  async function sessionResponse(c: Context, message: string, row: VerificationRow) {
    c.header('Cache-Control', 'no-store');
    return ok(c, message, toHostedSession(row, await keyOfVerification(ctx.db, row)));
  }
  async function answer(c: Context, message: string, res: HostedResult) {
    if (!res.ok) return hostedFail(c, res.code, res.missing ? { missing: res.missing } : {});
    return sessionResponse(c, message, res.row);
  }

  app.get('/verifications/:processId', async (c) => {
    const row = await findSession(c);
    if (!row) return hostedFail(c, 'not_found');
    await observeOpened(ctx.db, row, c.req.header('user-agent'), ctx.clock.now());
    return sessionResponse(c, 'Fetched session', row);
  });

  app.post('/verifications/:processId/start', async (c) => {
    const row = await findSession(c);
    if (!row) return hostedFail(c, 'not_found');
    return answer(c, 'Session started', await startSession(ctx, row.id));
  });

  app.put('/verifications/:processId/document', async (c) => {
    const row = await findSession(c);
    if (!row) return hostedFail(c, 'not_found');
    const body = await readLimitedBody(c.req.raw, HOSTED_JSON_MAX);
    let json: unknown;
    try {
      json = body.ok ? JSON.parse(body.bytes.toString('utf8')) : undefined;
    } catch { /* reported below */ }
    const parsed = chooseDocumentBodySchema.safeParse(json);
    if (!parsed.success) {
      return hostedFail(c, 'invalid_body', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    }
    return answer(c, 'Document saved', await chooseDocument(ctx, row.id, parsed.data));
  });

  app.put('/verifications/:processId/media/:slot', async (c) => {
    const row = await findSession(c);
    if (!row) return hostedFail(c, 'not_found');
    const slot = mediaSlotSchema.safeParse(c.req.param('slot'));
    if (!slot.success) return hostedFail(c, 'invalid_body', { slot: 'must be one of document-front, document-back, selfie' });
    // Refuse before reading or decoding anything when the session cannot take this upload.
    const blocked = uploadBlocker(row, slot.data);
    if (blocked) return hostedFail(c, blocked);
    // A picked selfie proves no live person: only where the key allows it, and then marked so.
    const key = slot.data === 'selfie' ? await keyOfVerification(ctx.db, row) : null;
    if (key && !key.selfieUpload) return hostedFail(c, 'selfie_upload_not_allowed');
    const res = await acceptCapture(ctx, c.req.raw, row, slot.data, key ? pickedSelfiePatch() : undefined);
    if (!res.ok) return captureFail(c, res);
    return answer(c, 'Media uploaded', res);
  });

  app.post('/verifications/:processId/liveness/challenge', async (c) => {
    const row = await findSession(c);
    if (!row) return hostedFail(c, 'not_found');
    const body = await readChallengeBody(c.req.raw);
    if (!body.ok) return hostedFail(c, 'invalid_body', { detail: body.detail });
    const res = await issueIndividualChallenge(ctx, row.id, body.previousFailure);
    if (!res.ok) return hostedFail(c, res.code);
    c.header('Cache-Control', 'no-store');
    return ok(c, 'Liveness challenge issued', res.challenge);
  });

  app.post('/verifications/:processId/liveness', async (c) => {
    const row = await findSession(c);
    if (!row) return hostedFail(c, 'not_found');
    const blocked = uploadBlocker(row, 'selfie');
    if (blocked) return hostedFail(c, blocked);
    const read = await readLivenessUpload(c.req.raw);
    if (!read.ok) return hostedFail(c, read.code, { detail: read.detail });
    // The challenge before any decode (checked again under the row lock when stored).
    const early = checkAnswer(livenessOfRow(row.liveness), read.upload.result, ctx.clock.now());
    if (!early.ok) return answer(c, 'Liveness recorded', { ok: false, code: early.code });
    const decoded = await decodeLivenessUpload(read.upload);
    if (!decoded.ok) return hostedFail(c, decoded.code, { detail: decoded.detail });
    const res = await submitIndividualLiveness(ctx, row.id, decoded.upload, storageKeyFor(row.id, 'selfie'), row.liveness);
    if (!res.ok && 'detail' in res) return hostedFail(c, res.code, { detail: res.detail });
    return answer(c, 'Liveness recorded', res);
  });

  app.post('/verifications/:processId/submit', async (c) => {
    const row = await findSession(c);
    if (!row) return hostedFail(c, 'not_found');
    return answer(c, 'Verification submitted', await submitSession(ctx, row.id));
  });

  return app;
}


