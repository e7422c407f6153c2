import { reviewStepIndex, type CampaignDefinition } from '../../contract/campaign';
import { companyDraftSectionSchemas } from '../../contract/company-form';
import type { CompanyProgress, SaveDraftBody } from '../../contract/hosted-company';
import type { CompanyStatus } from '../../contract/statuses';
import type { AppContext } from '../context';
import { appendAudit } from './audit';
import { completedSteps, formValuesOf } from './form-values';
import { observeCompanyStep, stepsOfDraftSave } from './flow-analytics';
import { editableFailure, hostedFail, progressOf, startIfNeeded, type HostedFail } from './hosted';
import { campaignOf, lockCompany, updateCompany, type CompanyRow } from './store';

export interface DraftSaved {
  ok: true;
  status: CompanyStatus;
  statusCode: number;
  progress: CompanyProgress;
  savedAt: string;
}

/** Recomputes `progress` (completed steps) after a change of draft, documents or liveness. */
export function progressAfter(row: CompanyRow, campaign: CampaignDefinition, changes: Partial<Pick<CompanyRow, 'draft' | 'uploadedDocuments' | 'authorityProfile'>>, currentStep?: number) {
  const next = { ...row, ...changes };
  const prev = progressOf(row);
  return {
    ...row.progress,
    currentStep: currentStep ?? prev.currentStep,
    completedSteps: completedSteps(campaign, formValuesOf(next), false),
  };
}

/**
 * Autosave: `data` (checked loosely: the person may be mid-typing) replaces the section, and
 * `currentStep` records where they are (at most the review screen, `reviewStepIndex`). The first
 * `consent: true` records `progress.consentedAt` and a `consented` audit entry; later ones change
 * nothing. The row is locked so concurrent saves of different sections from two tabs both land.
 */
export async function saveDraft(ctx: AppContext, processId: string, body: SaveDraftBody): Promise<DraftSaved | HostedFail> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockCompany(tx, processId);
    if (!row) return hostedFail('not_found', 'Verification not found or has been deleted');
    const refused = editableFailure(row, now);
    if (refused) return refused;
    const { definition } = await campaignOf(tx, row);
    let draft = row.draft;
    if (body.section !== undefined) {
      if (!definition.steps.includes(body.section)) return hostedFail('unknown_section', 'This campaign has no such section');
      const parsed = companyDraftSectionSchemas[body.section].safeParse(body.data);
      if (!parsed.success) {
        return hostedFail('invalid_body', 'Invalid request payload',
          parsed.error.issues.map((i) => ({ path: [body.section, ...i.path].join('.'), message: i.message })));
      }
      draft = { ...row.draft, [body.section]: parsed.data };
    }
    if (body.currentStep !== undefined && body.currentStep > reviewStepIndex(definition)) {
      return hostedFail('invalid_body', 'Invalid request payload', [{ path: 'currentStep', message: 'beyond the last step' }]);
    }
    const started = startIfNeeded(row, row.auditTrail, now);
    const consents = body.consent === true && progressOf(row).consentedAt === null;
    let auditTrail = consents ? appendAudit(started.trail, { action: 'consented', actor: 'representative' }, now) : started.trail;
    if (body.section !== undefined || body.currentStep !== undefined) {
      auditTrail = appendAudit(auditTrail, {
        action: body.section !== undefined ? 'draft_saved' : 'step_changed', actor: 'representative',
        ...(body.section ? { section: body.section } : {}),
        ...(body.currentStep !== undefined ? { detail: { currentStep: body.currentStep } } : {}),
      }, now);
    }
    const progress = {
      ...progressAfter(row, definition, { draft }, body.currentStep),
      ...(consents ? { consentedAt: now.toISOString() } : {}),
      lastSavedAt: now.toISOString(),
    };
    const saved = await updateCompany(tx, row.id, { ...started.patch, draft, progress, auditTrail, updatedAt: now });
    for (const step of stepsOfDraftSave(definition, body)) await observeCompanyStep(tx, saved, step, now);
    return {
      ok: true as const,
      status: saved.status as CompanyStatus,
      statusCode: saved.statusCode,
      progress: progressOf(saved),
      savedAt: now.toISOString(),
    };
  });
}
