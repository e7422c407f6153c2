import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/types';
import type { apiKeys, verifications } from '../db/schema';
import type { SessionAnalysis } from '../decisions/analysis/session-analysis';
import type { RiskInput } from '../decisions/risk-signals';
import { livenessRiskInputOf } from '../decisions/risk-signals';
import { documentDataOf } from '../decisions/document-data';
import type { Secrets } from '../lib/secrets';
import { storedRiskRules } from '../keys/key-admin';
import { documentDigest, nameDigest } from './identity-digests';
import { findRepeatMatches, storeIdentityMark, type IdentityMark } from './identity-marks';
import { keepUntilOf } from './identity-retention';

type KeyRow = typeof apiKeys.$inferSelect;
type VerificationRow = typeof verifications.$inferSelect;

/**
 * Inside the decision's transaction: searches the organisation's earlier verifications for this
 * session's face and document, stores its own mark for the sessions to come, and answers the
 * risk input of the rules (the key's rules and minimum age, the matches, the liveness signals).
 * Only fields the document proved are digested (the docInfo of a partly valid MRZ has '' for
 * the others; a licence's come from its barcode).
 */
export async function identityRiskOf(
  tx: Tx, root: Db, deps: { secrets: Pick<Secrets, 'digest'>; now: Date },
  row: VerificationRow, key: KeyRow, analysis: SessionAnalysis, today: string,
): Promise<RiskInput> {
  // What the print alone says (the visual zone) proves nothing: no digest of it.
  const data = documentDataOf(analysis);
  const doc = data.source === 'visual_zone' ? undefined : data.docInfo;
  const mark: IdentityMark = {
    verificationId: row.id, orgId: key.orgId,
    embedding: analysis.selfieDescriptor?.length ? analysis.selfieDescriptor : null,
    documentDigest: documentDigest(deps.secrets, doc), nameDigest: nameDigest(deps.secrets, doc),
    // The printed number, kept apart: the case waits for a specialist, and the next session with
    // that number (another face) must see this one (a review signal only).
    printDigest: data.source === 'visual_zone' ? documentDigest(deps.secrets, data.docInfo) : null,
  };
  // One organisation's searches and stores take turns (until the decision commits): a ring
  // submitting the same face in parallel to two processes would otherwise each miss the other.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`identity:${key.orgId}`}))`);
  const matches = await findRepeatMatches(tx, root, mark);
  await storeIdentityMark(tx, mark, deps.now, keepUntilOf(key.embeddingRetentionDays, deps.now));
  return {
    rules: storedRiskRules(key.riskRules), minimumAge: key.minimumAge, matches,
    liveness: livenessRiskInputOf(row.liveness), today,
  };
}
