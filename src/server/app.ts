import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '../contract/envelope';
import type { AppContext } from './context';
import { fail, unauthorized } from './http/envelope';
import { unhandledError } from './http/unhandled-error';
import { securityHeaders } from './http/security-headers';
import { mountWebApp } from './http/static';
import { hostedPageHeaders } from './http/hosted-page-csp';
import { v1IndividualRoutes } from './individual/routes/v1.routes';
import { collectedRoutes } from './individual/collected/collected.routes';
import { adminAccountRoutes } from './accounts/admin-accounts.routes';
import { hostileUrlGuard } from './http/hostile-input';
import { redactRoutes } from './retention/redact.routes';
import { toIndividualRecord } from './individual/record';
import { toCompanyRecord } from './company/record';
import { byAddress, rateLimit, uploadSessionOf } from './limits/rate-limit';
import { dashboardAuthRoutes } from './accounts/dashboard-auth.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { securityRoutes } from './accounts/second-factor/security.routes';
import { orgSecurityRoutes } from './accounts/second-factor/org-security.routes';
import { adminSecondFactorRoutes } from './accounts/second-factor/admin-second-factor.routes';
import { developerRoutes } from './dashboard/developers.routes';
import { teamRoutes } from './dashboard/team.routes';
import { overviewRoutes } from './analytics/overview.routes';
import { campaignRoutes } from './dashboard/campaigns.routes';
import { v1CompanyRoutes } from './company/routes/v1.routes';
import { adminRoutes } from './keys/admin-keys.routes';
import { adminWebhookRoutes } from './webhooks/admin-webhooks.routes';
import { adminReviewRoutes } from './individual/routes/admin-review.routes';
import { adminCompanyRoutes } from './company/routes/admin.routes';
import { adminCampaignRoutes } from './campaigns/admin-campaigns.routes';
import { adminScreeningRoutes, dashboardScreeningRoutes } from './screening/screening.routes';
import { screeningMonitor } from './jobs/screening-monitor';
import { screeningAuditSubject } from './dashboard/screening-audit-subject';
import { requireAdmin } from './http/admin-auth';
import { docsRoutes } from './openapi/docs.routes';
import { hostedIndividualRoutes } from './individual/routes/hosted.routes';
import { hostedCompanyRoutes } from './company/routes/hosted.routes';
import { testHelperRoutes } from './individual/routes/test-helpers.routes';
import { testHelperCompanyRoutes } from './company/routes/test-helpers.routes';
import { mediaRoutes } from './media/media.routes';
import { companyDocumentMedia } from './company/document-media';
import { httpMetrics } from './metrics/http-metrics';
import { metricsRoutes } from './metrics/metrics.routes';
import { probeRoutes } from './probes/probes.routes';
import { Readiness } from './probes/readiness';
import { httpTracing } from './telemetry/http-tracing';

/** JSON bodies are small; media uploads have their own, larger limit in the hosted routes. */
const JSON_BODY_LIMIT = 64 * 1024;
/** An organisation's own list uploaded from the dashboard (JSON with the file's text). */
const LIST_UPLOAD_LIMIT = 20 * 1024 * 1024;

export function createApp(ctx: AppContext, opts: { webRoot?: string; readiness?: Readiness } = {}): Hono {
  const app = new Hono();
  // The request's span (telemetry/, only with an OTLP endpoint set) around everything else.
  app.use('*', httpTracing);
  // Next, so its timing covers every other middleware (metrics/).
  app.use('*', httpMetrics);
  app.use('*', securityHeaders(ctx.settings));
  app.use('/api/*', hostileUrlGuard);
  // Customer routes (x-api-key) put the key before the body size: a request without a valid
  // key is 401 whatever its size (spec); only an authenticated one gets 413. The limit trips
  // before the routes' own key check runs (by Content-Length, or while it reads a chunked body
  // up to the limit), so an oversized request has its key checked here. Requests within the
  // limit pay nothing extra: the route checks their key as before.
  const customerBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: async (c) => {
      const key = c.req.header('x-api-key');
      if (!key || !(await ctx.keyCache.find(key))) return unauthorized(c);
      return fail(c, 413, messages.tooLarge);
    },
  });
  // Customer-collected uploads (collected/) read their bodies under the media limits instead.
  const collectedUpload = /^\/api\/v1\/verifications\/[^/]+\/(media\/[^/]+|liveness)$/;
  app.use('/api/v1/*', async (c, next) => {
    if (c.req.path.startsWith('/api/v1/hosted/') || collectedUpload.test(c.req.path)) return next();
    return customerBodyLimit(c, next);
  });

  // Rate limits (limits/): before any route, so a refused request does nothing.
  const limits = ctx.settings.rateLimits;
  app.use('/api/v1/hosted/*', rateLimit(ctx, 'hosted-address', limits.hostedPerAddress, byAddress(ctx)));
  app.use('/api/v1/hosted/*', rateLimit(ctx, 'uploads-session', limits.uploadsPerSession, uploadSessionOf));
  app.use('/api/dashboard/auth/*', rateLimit(ctx, 'sign-in-address', limits.signInPerAddress, (c) => (c.req.method === 'POST' && !c.req.path.endsWith('/sign-out') ? byAddress(ctx)(c) : null)));
  app.use('/api/v1/*', rateLimit(ctx, 'api-key', limits.apiPerKey, (c) => {
    const key = c.req.header('x-api-key');
    return key && !c.req.path.startsWith('/api/v1/hosted/') ? ctx.secrets.digest(key) : null;
  }));

  app.get('/api/health', (c) => c.json({ status: true, message: 'ok', data: { db: ctx.dbKind }, code: 200 }));
  // /livez, /readyz (probes/; also under /api, where the OpenAPI document lists them) and
  // /metrics (metrics/): at the root, where operators' tools look.
  const probes = probeRoutes(ctx, opts.readiness ?? new Readiness());
  app.route('/', probes);
  app.route('/api', probes);
  app.route('/', metricsRoutes(ctx));
  // Hosted and test-helper routes first: customer routes apply x-api-key to everything under /v1.
  app.route('/api/v1/hosted', hostedIndividualRoutes(ctx));
  app.route('/api/v1/hosted', hostedCompanyRoutes(ctx));
  app.route('/api/v1/test', testHelperRoutes(ctx));
  app.route('/api/v1/test', testHelperCompanyRoutes(ctx));
  app.route('/api/v1', redactRoutes(ctx, {
    individual: (row, mediaUrl) => toIndividualRecord(row, { hostedUrl: ctx.settings.hostedUrl, mediaUrl }),
    company: (row, webhookUrl, mediaUrl) => toCompanyRecord(row, { webhookUrl, mediaUrl }),
  }));
  app.route('/api/v1', v1IndividualRoutes(ctx));
  app.route('/api/v1', collectedRoutes(ctx));
  app.route('/api/v1', v1CompanyRoutes(ctx));
  // Every admin route needs the admin token; route groups below are mounted behind it.
  // Dashboard: member sessions (cookie + CSRF), JSON bodies only.
  // An organisation's own screening list is a file (up to LIST_UPLOAD_LIMIT); every other dashboard body is small JSON.
  const listUpload = /^\/api\/dashboard\/screening\/lists\/[^/]+\/versions$/;
  const dashboardBodyLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: (c) => fail(c, 413, messages.tooLarge) });
  const listBodyLimit = bodyLimit({ maxSize: LIST_UPLOAD_LIMIT, onError: (c) => fail(c, 413, messages.tooLarge) });
  app.use('/api/dashboard/*', (c, next) => (listUpload.test(c.req.path) ? listBodyLimit(c, next) : dashboardBodyLimit(c, next)));
  app.route('/api/dashboard', dashboardAuthRoutes(ctx));
  app.route('/api/dashboard', securityRoutes(ctx));
  app.route('/api/dashboard', orgSecurityRoutes(ctx));
  app.route('/api/dashboard', dashboardRoutes(ctx));
  app.route('/api/dashboard', developerRoutes(ctx));
  app.route('/api/dashboard', teamRoutes(ctx));
  app.route('/api/dashboard', campaignRoutes(ctx));
  app.route('/api/dashboard', overviewRoutes(ctx));
  app.route('/api/dashboard', dashboardScreeningRoutes(ctx, screeningMonitor(ctx), screeningAuditSubject(ctx)));
  app.use('/api/admin/*', requireAdmin(ctx));
  app.route('/api/admin', adminRoutes(ctx));
  app.route('/api/admin', adminAccountRoutes(ctx));
  app.route('/api/admin', adminSecondFactorRoutes(ctx));
  app.route('/api/admin', adminWebhookRoutes(ctx));
  app.route('/api/admin', adminReviewRoutes(ctx));
  app.route('/api/admin', adminCompanyRoutes(ctx));
  app.route('/api/admin', adminCampaignRoutes(ctx));
  app.route('/api/admin', adminScreeningRoutes(ctx, screeningMonitor(ctx)));
  app.route('/api', docsRoutes(ctx));
  app.route('/api', mediaRoutes(ctx, companyDocumentMedia(ctx)));

  app.notFound((c) => (c.req.path.startsWith('/api/')
    ? fail(c, 404, 'Not found')
    : c.text('Not found', 404)));
  app.onError((err, c) => unhandledError(ctx.logger, err, c));
  mountWebApp(app, opts.webRoot, hostedPageHeaders(ctx.db));
  return app;
}
