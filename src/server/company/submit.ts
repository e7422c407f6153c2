import { reviewStepIndex } from '../../contract/campaign';
import { buildCompanySubmitSchema, draftSectionIds, type CompanyFormValues } from '../../contract/company-form';
import type { CompanyStatus } from '../../contract/statuses';
import type { AppContext } from '../context';
import { screenSubject } from '../screening/screen-subject';
import { analyseCompany, withScreening } from './analysis';
import { companyScreeningSubject, enqueueCompanyAmlHit } from './screening';
import { appendAudit } from './audit';
import { enqueueCompanyEvent } from './events';
import { completedSteps, formValuesOf, storedDocuments } from './form-values';
import { buildExtractedProfile } from './extracted';
import { editableFailure, hostedFail, progressOf, type HostedFail } from './hosted';
import { campaignOf, keyOf, lockCompany, updateCompany } from './store';
import { companyStatusCode } from './transitions';

export interface Submitted {
  ok: true;
  status: CompanyStatus;
  statusCode: number;
  submittedAt: string;
  verificationId: string;
  redirect: string | null;
}

/**
 * Submit: the whole form is validated against the campaign version of the verification (the
 * same schema the web form uses), and the representative's consent must be on record (welcome
 * screen; checked after the form so field problems come first). Then → `submitted` (2003) with
 * `progress.submittedAt`, the analysis, the extracted profile, an audit entry and
 * `company_verification.submitted`, all in one transaction. The draft keeps the normalised
 * values (trimmed strings, unknown keys dropped) from then on.
 */
export async function submitCompany(ctx: AppContext, processId: string): Promise<Submitted | HostedFail> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const row = await lockCompany(tx, processId);
    if (!row) return hostedFail('not_found', 'Verification not found or has been deleted');
    const refused = editableFailure(row, now);
    if (refused) return refused;
    const campaign = await campaignOf(tx, row);
    const parsed = buildCompanySubmitSchema(campaign.definition).safeParse(formValuesOf(row));
    if (!parsed.success) {
      return hostedFail('invalid_form', 'Some answers are missing or invalid',
        parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    }
    if (progressOf(row).consentedAt === null) {
      return hostedFail('consent_required', 'The representative has not agreed to share these details yet');
    }
    const values: CompanyFormValues = parsed.data;
    const draft: Record<string, unknown> = { ...row.draft };
    for (const s of draftSectionIds) if (values[s] !== undefined) draft[s] = values[s];
    const key = await keyOf(tx, row.apiKeyId);
    // Screening (screening/): the company, its officers, owners and representative, before the analysis is stored.
    const screened = await screenSubject(tx, ctx.db, companyScreeningSubject(row, key, values), now);
    const analysis = withScreening(analyseCompany(values, campaign.definition, campaign.version, now), screened.aml);
    const progress = {
      ...row.progress,
      currentStep: reviewStepIndex(campaign.definition),
      completedSteps: completedSteps(campaign.definition, values, true),
      submittedAt: now.toISOString(),
    };
    const auditTrail = appendAudit(row.auditTrail, {
      action: 'submitted', actor: 'representative', from: row.status, to: 'submitted',
      detail: { reviewFlags: analysis.reviewFlags, provisioningReady: analysis.provisioning.ready },
    }, now);
    const saved = await updateCompany(tx, row.id, {
      status: 'submitted', statusCode: companyStatusCode('submitted'), submittedAt: now, draft, progress, analysis,
      extractedProfile: buildExtractedProfile(values, storedDocuments(row), now), auditTrail, updatedAt: now,
    });
    await enqueueCompanyEvent(tx, saved, campaign.definition, 'company_verification.submitted', now);
    await enqueueCompanyAmlHit(tx, saved, screened.fresh, 'decision', now);
    return {
      ok: true as const, status: 'submitted' as const, statusCode: saved.statusCode, submittedAt: now.toISOString(),
      verificationId: saved.publicId, redirect: saved.redirect,
    };
  });
  if (result.ok) ctx.kickWebhooks();
  return result;
}
