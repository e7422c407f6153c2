import type { CampaignDefinition } from '../../contract/campaign';
import type { OutcomeKind } from '../../contract/overview';
import { recordMilestone, recordOpened, recordOutcome, type FlowSubject } from '../analytics/record';
import type { DbOrTx } from '../db/types';
import type { companyVerifications } from '../db/schema';

/** The stored row (as store.ts's CompanyRow; named here so store.ts can call this file without a circle). */
type CompanyRow = typeof companyVerifications.$inferSelect;

/** The overview's name for a company session: its flow version is the campaign version it runs. */
function subjectOf(row: Pick<CompanyRow, 'id' | 'apiKeyId' | 'campaignId' | 'campaignVersion'>): FlowSubject {
  return { family: 'company', sessionId: row.id, apiKeyId: row.apiKeyId, flowVersion: `${row.campaignId}:v${row.campaignVersion}` };
}

/** The link was opened: a session still being filled in joins the overview (a closed one only counts a try). */
export async function observeCompanyOpened(db: DbOrTx, row: CompanyRow, userAgent: string | undefined, now: Date): Promise<void> {
  if ((row.status === 'not started' || row.status === 'started') && !row.submittedAt) await recordOpened(db, subjectOf(row), userAgent, now);
}

/**
 * A step of the form reached (the representative moved to it or saved it), documents uploaded
 * or a liveness try: `step` is a campaign step id. Company steps count their first reach; only
 * liveness counts tries (an autosave is not a retry).
 */
export async function observeCompanyStep(tx: DbOrTx, row: CompanyRow, step: string, now: Date): Promise<void> {
  await recordMilestone(tx, subjectOf(row), step, now, { tries: step === 'liveness' });
}

/** The step a draft save names: the section saved and the step moved to (the review screen past the last). */
export function stepsOfDraftSave(definition: Pick<CampaignDefinition, 'steps'>, body: { section?: string; currentStep?: number }): string[] {
  const out: string[] = [];
  if (body.section) out.push(body.section);
  if (body.currentStep !== undefined) out.push(definition.steps[body.currentStep] ?? 'review');
  return [...new Set(out)];
}

function outcomeOf(status: string): OutcomeKind | null {
  if (status === 'successful') return 'approved';
  if (status === 'failed') return 'declined';
  if (status === 'under review') return 'review';
  if (status === 'abandoned') return 'abandoned';
  return null;
}

/**
 * Called after every write of a status (store.ts, expiry): started and submitted are funnel
 * stages; review, approved, declined and abandoned are outcomes, once per kind, with the reason.
 */
export async function observeCompanyStatus(tx: DbOrTx, row: CompanyRow, patch: { status?: string }): Promise<void> {
  const at = row.decidedAt ?? row.updatedAt;
  if (patch.status === 'started') await recordMilestone(tx, subjectOf(row), 'started', at);
  if (patch.status === 'submitted') await recordMilestone(tx, subjectOf(row), 'submitted', at);
  const outcome = outcomeOf(row.status);
  if (outcome) await recordOutcome(tx, subjectOf(row), outcome, outcome === 'declined' ? row.reason : '', at);
}
