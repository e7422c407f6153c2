import { Hono, type Context } from 'hono';
import { isPlausibleId, plausibleVerificationId } from '../../contract/ids';
import type { AppContext } from '../context';
import { requireApiKey, type ApiEnv } from '../http/auth';
import { fail, notFound, ok } from '../http/envelope';
import { createMediaSigner } from '../media/signed-url';
import { redactCompany, redactIndividual, type CompanyRow, type IndividualRow, type RedactResult } from './redact';


/**
 * Redaction (ours; the spec is silent): `POST /v1/verifications/{id}/redact` and
 * `POST /v1/company-verifications/{id}/redact` erase the media and the personal data of a settled
 * case and keep a skeleton (ids, vendorData, status, times, `redactedAt`); an event
 * `verification.redacted` / `company_verification.redacted` follows. Repeating it answers the
 * same skeleton. A case still in progress answers 409 `not_final`: cancel it (or wait for the
 * decision) first. The skeleton is each product's own record (`records`, handed in by app.ts,
 * with links signed for the caller): this capability never imports a product.
 */
export interface RedactedRecords {
  individual(row: IndividualRow, mediaUrl: (key: string) => string): unknown;
  company(row: CompanyRow, webhookUrl: string | null, mediaUrl: (key: string) => string): unknown;
}

/** The redaction routes (see RedactedRecords for what each answers). */
export function redactRoutes(ctx: AppContext, records: RedactedRecords): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const auth = requireApiKey(ctx);
  app.use('/verifications/:id/redact', auth);
  app.use('/company-verifications/:id/redact', auth);
  const signer = createMediaSigner(ctx);
  const notFinal = (c: Context, status: string) => fail(c, 409, 'Only a finished verification can be redacted: cancel it or wait for its decision first', { code: 'not_final', status });
  const answer = <T>(c: Context, res: RedactResult<T>, record: (row: T) => unknown) => {
    if (!res.ok) return res.code === 'not_found' ? notFound(c) : notFinal(c, res.status);
    return ok(c, 'Verification redacted', record(res.row));
  };

  app.post('/verifications/:id/redact', async (c) => {
    const id = plausibleVerificationId(c.req.param('id'));
    if (!id) return notFound(c);
    const res = await redactIndividual(ctx, c.get('apiKey').id, id);
    return answer(c, res, (row) => records.individual(row, (k) => signer.url(k)));
  });

  app.post('/company-verifications/:id/redact', async (c) => {
    const id = c.req.param('id');
    if (!isPlausibleId(id)) return notFound(c);
    const res = await redactCompany(ctx, c.get('apiKey').id, id);
    return answer(c, res, (row) => records.company(row, c.get('apiKey').eventsUrl, (k) => signer.url(k)));
  });
  return app;
}
