import type { CampaignView } from '../../contract/campaign';
import { messages } from '../../contract/envelope';
import type {
  CompanyProgress, HostedCompanyErrorCode, HostedCompanySession,
} from '../../contract/hosted-company';
import type { CompanyStatus } from '../../contract/statuses';
import type { AppContext } from '../context';
import { safeEqual } from '../lib/secrets';
import { keyLanguage } from '../keys/key-admin';
import { brandingOf } from '../keys/branding';
import { appendAudit } from './audit';
import { editableDraft, livenessOf, publicDocument, storedDocuments } from './form-values';
import { findCompany, type CompanyPatch, type CompanyRow } from './store';
import { companyStatusCode, hostedPhase } from './transitions';

/** A refused hosted request: machine code for the app (the route maps it to HTTP), message, optional field issues. */
export interface HostedFail {
  ok: false;
  /** The route answers with hostedCompanyErrorHttpStatus[code]. */
  code: HostedCompanyErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
}
export const hostedFail = (code: HostedCompanyErrorCode, message: string, issues?: HostedFail['issues']): HostedFail =>
  ({ ok: false, code, message, ...(issues ? { issues } : {}) });

/**
 * processId + hostedToken: the token is compared by its HMAC digest in constant time. A missing
 * token is refused before any lookup; an unknown id is 404; a wrong token 401. Nothing changes.
 */
export async function authorizeHosted(ctx: AppContext, processId: string, token: string | undefined): Promise<{ ok: true; row: CompanyRow } | HostedFail> {
  if (!token || token.length > 200) return hostedFail('invalid_token', messages.unauthorized);
  if (processId.length > 100) return hostedFail('not_found', messages.notFound);
  const row = await findCompany(ctx.db, processId);
  if (!row) return hostedFail('not_found', messages.notFound);
  if (!safeEqual(ctx.secrets.digest(token), row.hostedTokenDigest)) return hostedFail('invalid_token', messages.unauthorized);
  return { ok: true, row };
}

/** Refuses changes once submitted, decided, abandoned or past `expiresAt`. */
export function editableFailure(row: CompanyRow, now: Date): HostedFail | null {
  const { phase, closedReason } = hostedPhase(row.status as CompanyStatus, row.expiresAt, now);
  if (phase === 'submitted') return hostedFail('already_submitted', 'This verification was already submitted');
  if (closedReason === 'expired' || closedReason === 'abandoned') return hostedFail('expired', 'This link has expired');
  if (phase === 'closed') return hostedFail('closed', 'This verification is closed');
  return null;
}

export function progressOf(row: Pick<CompanyRow, 'progress' | 'submittedAt'>): CompanyProgress {
  const p = row.progress;
  return {
    currentStep: typeof p.currentStep === 'number' ? p.currentStep : 0,
    completedSteps: Array.isArray(p.completedSteps) ? p.completedSteps as CompanyProgress['completedSteps'] : [],
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    consentedAt: typeof p.consentedAt === 'string' ? p.consentedAt : null,
  };
}

/**
 * The first change by the representative moves `not started` → `started` (2002). Returns the
 * fields to merge into the update and the audit trail with the change appended.
 */
export function startIfNeeded(row: CompanyRow, trail: Record<string, unknown>[], now: Date): { patch: CompanyPatch; trail: Record<string, unknown>[] } {
  if (row.status !== 'not started') return { patch: {}, trail };
  return {
    patch: { status: 'started', statusCode: companyStatusCode('started') },
    trail: appendAudit(trail, { action: 'started', actor: 'representative', from: 'not started', to: 'started' }, now),
  };
}

export function hostedSessionOf(
  row: CompanyRow, campaign: CampaignView, key: { mode: string; branding: Record<string, unknown>; selfieUpload: boolean; defaultLanguage: string | null }, now: Date,
): HostedCompanySession {
  const { phase, closedReason } = hostedPhase(row.status as CompanyStatus, row.expiresAt, now);
  const liveness = livenessOf(row);
  return {
    processId: row.id,
    verificationId: row.publicId,
    status: row.status as CompanyStatus,
    statusCode: row.statusCode,
    phase,
    closedReason,
    campaign,
    draft: editableDraft(row.draft),
    documents: storedDocuments(row).map(publicDocument),
    progress: progressOf(row),
    livenessStatus: liveness.status,
    livenessVerificationId: liveness.verificationId,
    selfieUploadAllowed: key.selfieUpload,
    expiresAt: row.expiresAt.toISOString(),
    redirect: row.redirect,
    branding: brandingOf(key),
    defaultLanguage: keyLanguage(key),
    testMode: key.mode === 'test',
  };
}
