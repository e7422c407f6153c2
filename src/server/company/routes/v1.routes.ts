import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isPlausibleId } from '../../../contract/ids';
import { Hono, type Context } from 'hono';
import { companyListQuerySchema, createCompanyBodySchema, DEFAULT_CAMPAIGN_ID } from '../../../contract/company';
import { messages } from '../../../contract/envelope';
import { COMPANY_LINK_TTL_MS, companyStatusCodes } from '../../../contract/statuses';
import { getPublishedCampaign } from '../../campaigns/campaign-repo';
import type { AppContext } from '../../context';
import { companyVerifications } from '../../db/schema';
import { expireCompanies, isCompanyExpired } from '../expiry';
import { companyLink, toCompanyRecord, type CompanyRow } from '../record';
import { requireApiKey, type ApiEnv } from '../../http/auth';
import { fail, notFound, ok, okList, pageMeta, readJsonBody, validationError } from '../../http/envelope';
import { withIdempotency } from '../../http/idempotency';
import { newCompanyId, newCompanyPublicId, newHostedToken } from '../../lib/ids';
import { createMediaSigner } from '../../media/signed-url';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found or not published';

/**
 * Customer API v1, company verifications: create, list (spec) and fetch one (ours, additive).
 * The spec has no company cancel or delete, so there are none. Expiry is applied on read.
 */
export function v1CompanyRoutes(ctx: AppContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const auth = requireApiKey(ctx);
  // Path-specific: a '*' here would also guard /api/v1/hosted (see app.ts).
  app.use('/company-verifications', auth);
  app.use('/company-verifications/*', auth);
  const signer = createMediaSigner(ctx);
  const toRecord = (c: Context<ApiEnv>, row: CompanyRow) =>
    toCompanyRecord(row, { webhookUrl: c.get('apiKey').eventsUrl, mediaUrl: (k) => signer.url(k) });

  app.post('/company-verifications', async (c) => {
    const raw = await c.req.text();
    const parsedJson = await readJsonBody(c);
    if (!parsedJson.ok) return parsedJson.res;
    const parsed = createCompanyBodySchema.safeParse(parsedJson.value);
    if (!parsed.success) return validationError(c, parsed.error);
    const body = parsed.data;
    const key = c.get('apiKey');
    return withIdempotency(ctx, c, key.id, raw, async (db) => {
      const campaignId = body.campaignId ?? DEFAULT_CAMPAIGN_ID;
      // Another organisation's campaign answers as an unknown one: ids say nothing about other customers.
      const campaign = await getPublishedCampaign(db, campaignId, key.orgId);
      if (!campaign) {
        return fail(c, 400, CAMPAIGN_NOT_FOUND, { issues: [{ path: 'campaignId', message: CAMPAIGN_NOT_FOUND }] });
      }
      const now = ctx.clock.now();
      const id = newCompanyId();
      const publicId = newCompanyPublicId();
      const hostedToken = newHostedToken();
      const expiresAt = new Date(now.getTime() + COMPANY_LINK_TTL_MS);
      await db.insert(companyVerifications).values({
        id,
        publicId,
        apiKeyId: key.id,
        // Only the digest is kept: the link returned here is the one place the token exists.
        hostedTokenDigest: ctx.secrets.digest(hostedToken),
        status: 'not started',
        statusCode: companyStatusCodes['not started'],
        vendorData: body.vendorData ?? '',
        userMeta: body.meta ?? {},
        redirect: body.redirect ?? null,
        campaignId,
        campaignVersion: campaign.version,
        auditTrail: [{ at: now.toISOString(), action: 'created', actor: 'customer', detail: { campaignId, campaignVersion: campaign.version } }],
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      return ok(c, messages.createdCompany, {
        link: companyLink(ctx.settings.hostedUrl, id, hostedToken),
        verificationId: publicId,
        campaignId,
        campaignVersion: campaign.version,
        expiresAt: expiresAt.toISOString(),
      });
    });
  });

  app.get('/company-verifications', async (c) => {
    const q = companyListQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    const { page, limit, status } = q.data;
    const keyId = c.get('apiKey').id;
    await expireCompanies(ctx.db, ctx.clock.now(), { apiKeyId: keyId });
    const conds: SQL[] = [eq(companyVerifications.apiKeyId, keyId), isNull(companyVerifications.deletedAt)];
    if (status) conds.push(eq(companyVerifications.status, status));
    const rows = await ctx.db.select({ row: companyVerifications, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(companyVerifications).where(and(...conds))
      .orderBy(desc(companyVerifications.updatedAt), desc(companyVerifications.id))
      .limit(limit).offset((page - 1) * limit);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page > 1) {
      const [cnt] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companyVerifications).where(and(...conds));
      total = cnt?.n ?? 0;
    }
    return okList(c, messages.fetchedCompanies, rows.map((r) => toRecord(c, r.row)), pageMeta(total, page, limit));
  });

  /** By public `cv_…` id or internal id; scoped to the key; deleted records are not found. */
  app.get('/company-verifications/:id', async (c) => {
    const id = c.req.param('id');
    if (!isPlausibleId(id)) return notFound(c);
    const [row] = await ctx.db.select().from(companyVerifications).where(and(
      or(eq(companyVerifications.id, id), eq(companyVerifications.publicId, id)),
      eq(companyVerifications.apiKeyId, c.get('apiKey').id),
      isNull(companyVerifications.deletedAt),
    )).limit(1);
    if (!row) return notFound(c);
    let current: CompanyRow | undefined = row;
    if (isCompanyExpired(row, ctx.clock.now())) {
      [current] = await expireCompanies(ctx.db, ctx.clock.now(), { id: row.id });
      // Nothing updated: a concurrent change (or expiry) won; read what it left.
      if (!current) [current] = await ctx.db.select().from(companyVerifications).where(eq(companyVerifications.id, row.id));
    }
    return ok(c, messages.fetchedSingleCompany, toRecord(c, current ?? row));
  });

  return app;
}
