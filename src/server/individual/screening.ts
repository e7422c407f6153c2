// The individual product's side of screening (screening/): which names and facts of a session
// are screened, and what a new hit does (the `verification.aml_hit` event).
import type { DocInfo } from '../../contract/document';
import type { AmlHitPayload } from '../../contract/events';
import type { ScreeningHitView } from '../../contract/screening';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import { apiKeys, verifications } from '../db/schema';
import type { DbOrTx } from '../db/types';
import type { MonitoredSource } from '../screening/monitoring';
import type { ScreeningSubject } from '../screening/screen-subject';
import { enqueueEvent } from '../webhooks/outbox';
import { progressPayload } from './payloads';
import { toDocInfo, type VerificationRow } from './record';

type KeyRow = typeof apiKeys.$inferSelect;

/**
 * What a session's screening asks: the document's names (given, middle, family; order does not
 * matter to the matcher), date of birth, sex, issuing state and document number. Names the print
 * alone gave are screened too: a possible hit is worth a look whatever proved the name.
 */
export function individualScreeningSubject(row: Pick<VerificationRow, 'id'>, key: Pick<KeyRow, 'id' | 'orgId' | 'amlMonitoring'>, doc: Partial<DocInfo> | null | undefined): ScreeningSubject {
  const name = [doc?.firstName, doc?.middleName, doc?.lastName].map((s) => (s ?? '').trim()).filter(Boolean).join(' ');
  const sex = doc?.sex === 'M' ? 'male' : doc?.sex === 'F' ? 'female' : undefined;
  return {
    type: 'individual', id: row.id, orgId: key.orgId, keyId: key.id, monitored: key.amlMonitoring,
    parts: name ? [{
      part: 'person',
      query: {
        kind: 'person', names: [name],
        ...(doc?.dob ? { birthDate: doc.dob } : {}),
        ...(doc?.issuingState ? { countries: [doc.issuingState] } : {}),
        ...(sex ? { gender: sex } : {}),
        ...(doc?.docNumber ? { identifiers: [doc.docNumber] } : {}),
      },
    }] : [],
  };
}

/** Sends `verification.aml_hit` with the hits new or changed (inside the screening's transaction). */
export async function enqueueAmlHit(tx: DbOrTx, row: VerificationRow, hits: ScreeningHitView[], trigger: AmlHitPayload['trigger'], now: Date): Promise<void> {
  if (!hits.length) return;
  const data: Omit<AmlHitPayload, 'verificationId' | 'vendorData' | 'status' | 'statusCode' | 'occurredAt'> = {
    trigger,
    hits: hits.map((h) => ({
      id: h.id, part: h.part, partName: h.partName, listId: h.listId, listName: h.listName, listVersion: h.listVersion, entityKey: h.entityKey,
      entityName: h.entityName, matchedName: h.matchedName, signal: h.signal, score: h.score, features: h.features, state: h.state,
    })),
  };
  await enqueueEvent(tx, { apiKeyId: row.apiKeyId, type: 'verification.aml_hit', subjectId: row.id, now, data: progressPayload(row, now, data) });
}

/**
 * The individual product as monitoring sees it: sessions rebuilt from their stored docInfo (a
 * deleted or redacted session has nothing left to screen and is left out), and a new hit sends
 * `verification.aml_hit`. The open hit is the case: it waits in the dashboard's screening queue
 * and on the case until a reviewer resolves it; the verification's status is the customer's to change.
 */
export function individualMonitoredSource(): MonitoredSource {
  return {
    type: 'individual',
    async subjects(db, ids) {
      const rows = await db.select({ id: verifications.id, docInfo: verifications.docInfo, keyId: apiKeys.id, orgId: apiKeys.orgId, amlMonitoring: apiKeys.amlMonitoring })
        .from(verifications).innerJoin(apiKeys, eq(apiKeys.id, verifications.apiKeyId))
        .where(and(inArray(verifications.id, ids as VerificationId[]), isNull(verifications.deletedAt), isNull(verifications.redactedAt)));
      return rows.map((r) => individualScreeningSubject(r, { id: r.keyId, orgId: r.orgId, amlMonitoring: r.amlMonitoring }, toDocInfo(r.docInfo)));
    },
    async onFresh(tx, id, hits, now) {
      const [row] = await tx.select().from(verifications).where(eq(verifications.id, id as VerificationId)).limit(1);
      if (row) await enqueueAmlHit(tx, row, hits, 'monitoring', now);
    },
  };
}
