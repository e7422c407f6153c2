import { and, eq, isNull } from 'drizzle-orm';
import { plausibleVerificationId } from '../../../contract/ids';
import { Hono, type Context } from 'hono';
import { chooseDocumentBodySchema, mediaSlotSchema } from '../../../contract/hosted-individual';
import type { AppContext } from '../../context';
import { verifications } from '../../db/schema';
import { chooseDocument, startSession, submitSession, uploadBlocker, type HostedResult } from '../hosted';
import { toIndividualRecord, type VerificationRow } from '../record';
import { requireApiKey, type ApiEnv } from '../../http/auth';
import { notFound, ok } from '../../http/envelope';
import { rateLimit } from '../../limits/rate-limit';
import { readLimitedBody } from '../../media/read-body';
import { createMediaSigner } from '../../media/signed-url';
import { captureFail, hostedFail } from '../routes/hosted.routes';
import { acceptCapture } from './accept-capture';
import { acceptCustomerFrames } from './customer-liveness';

const JSON_MAX = 4 * 1024;

/**
 * Customer-collected media (server to server, `x-api-key`): a customer that captures in its own
 * app sends the document choice, the captures and optionally liveness frames to a verification
 * it created, then submits. The same rules, checks, events and decision pipeline as the hosted
 * flow; the first call starts a `not started` session (`verification.started`). Every answer is
 * the verification record; refusals use the hosted API's error codes in the envelope.
 */
export function collectedRoutes(ctx: AppContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('/verifications/:id/*', requireApiKey(ctx));
  // The same per-session upload budget as the hosted flow (RATE_LIMIT_UPLOADS_PER_SESSION), one
  // bucket per verification, counted after the key is known (a stranger cannot spend it).
  app.use('/verifications/:id/*', rateLimit(ctx, 'uploads-session', ctx.settings.rateLimits.uploadsPerSession, (c) => {
    const upload = (c.req.method === 'PUT' && /\/media\/[^/]+$/.test(c.req.path)) || (c.req.method === 'POST' && c.req.path.endsWith('/liveness'));
    return upload ? c.req.param('id') ?? null : null;
  }));
  const signer = createMediaSigner(ctx);
  const recordDeps = { hostedUrl: ctx.settings.hostedUrl, mediaUrl: (k: string) => signer.url(k) };

  /** The caller's own session (not deleted, not a company representative's check), or null. */
  async function own(c: Context<ApiEnv>): Promise<VerificationRow | null> {
    const id = plausibleVerificationId(c.req.param('id') ?? '');
    if (!id) return null;
    const [row] = await ctx.db.select().from(verifications).where(and(
      eq(verifications.id, id), eq(verifications.apiKeyId, c.get('apiKey').id),
      isNull(verifications.deletedAt), isNull(verifications.companyVerificationId),
    )).limit(1);
    return row ?? null;
  }
  /** Starts a session nobody started yet, as the hosted consent screen does. */
  async function started(c: Context<ApiEnv>): Promise<{ row: VerificationRow } | { res: Response }> {
    const row = await own(c);
    if (!row) return { res: notFound(c) };
    if (row.status !== 'not started') return { row };
    const res = await startSession(ctx, row.id);
    return res.ok ? { row: res.row } : { res: hostedFail(c, res.code) };
  }
  const answer = (c: Context<ApiEnv>, message: string, res: HostedResult) => (res.ok
    ? ok(c, message, toIndividualRecord(res.row, recordDeps)) : captureFail(c, res));

  app.put('/verifications/:id/document', async (c) => {
    const s = await started(c);
    if ('res' in s) return s.res;
    const body = await readLimitedBody(c.req.raw, JSON_MAX);
    let json: unknown;
    try {
      json = body.ok ? JSON.parse(body.bytes.toString('utf8')) : undefined;
    } catch { /* reported below */ }
    const parsed = chooseDocumentBodySchema.safeParse(json);
    if (!parsed.success) return hostedFail(c, 'invalid_body', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    return answer(c, 'Document saved', await chooseDocument(ctx, s.row.id, parsed.data));
  });

  app.put('/verifications/:id/media/:slot', async (c) => {
    const slot = mediaSlotSchema.safeParse(c.req.param('slot'));
    if (!slot.success) return hostedFail(c, 'invalid_body', { slot: 'must be one of document-front, document-back, selfie' });
    const s = await started(c);
    if ('res' in s) return s.res;
    const blocked = uploadBlocker(s.row, slot.data);
    if (blocked) return hostedFail(c, blocked);
    const res = await acceptCapture(ctx, c.req.raw, s.row, slot.data);
    return answer(c, 'Media uploaded', res);
  });

  app.post('/verifications/:id/liveness', async (c) => {
    const s = await started(c);
    if ('res' in s) return s.res;
    const res = await acceptCustomerFrames(ctx, c.req.raw, s.row);
    return res.ok ? ok(c, 'Liveness frames stored', toIndividualRecord(res.row, recordDeps)) : hostedFail(c, res.code, res.detail ? { detail: res.detail } : {});
  });

  app.post('/verifications/:id/submit', async (c) => {
    const row = await own(c);
    if (!row) return notFound(c);
    return answer(c, 'Verification submitted', await submitSession(ctx, row.id));
  });

  return app;
}
