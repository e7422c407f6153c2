// The company product's side of screening (screening/): the company and its people as parts of
// one subject, screened at submit and again when lists change; and `company_verification.aml_hit`.
import type { CompanyFormValues } from '../../contract/company-form';
import type { AmlHitPayload } from '../../contract/events';
import type { ScreeningHitView } from '../../contract/screening';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { apiKeys, companyVerifications } from '../db/schema';
import type { DbOrTx } from '../db/types';
import type { MonitoredSource } from '../screening/monitoring';
import type { ScreeningSubject, SubjectPart } from '../screening/screen-subject';
import { formValuesOf } from './form-values';
import { enqueueEvent } from '../webhooks/outbox';
import type { CompanyRow } from './store';

const join = (...parts: (string | undefined)[]) => parts.map((p) => (p ?? '').trim()).filter(Boolean).join(' ');

/**
 * The parts of a company screened: its legal name (with registration number and country), each
 * officer, each beneficial owner (with date of birth and nationality), and the authorised
 * representative (with the identity document's number and issuing country).
 */
export function companyScreeningSubject(row: Pick<CompanyRow, 'id'>, key: { id: string; orgId: string; amlMonitoring: boolean }, values: CompanyFormValues): ScreeningSubject {
  const parts: SubjectPart[] = [];
  const b = values.business ?? {};
  if (b.legalName?.trim()) {
    parts.push({ part: 'company', query: {
      kind: 'organization', names: [b.legalName.trim()],
      ...(b.countryOfRegistration ? { countries: [b.countryOfRegistration] } : {}),
      ...(b.registrationNumber ? { identifiers: [b.registrationNumber] } : {}),
    } });
  }
  (values.officers?.items ?? []).forEach((o, i) => {
    const name = join(o.firstName, o.lastName);
    if (name) parts.push({ part: `officer:${i}`, query: { kind: 'person', names: [name] } });
  });
  (values.ownership?.owners ?? []).forEach((o, i) => {
    const name = join(o.firstName, o.lastName);
    if (name) {
      parts.push({ part: `owner:${i}`, query: {
        kind: 'person', names: [name],
        ...(o.dateOfBirth ? { birthDate: o.dateOfBirth } : {}), ...(o.nationality ? { countries: [o.nationality] } : {}),
      } });
    }
  });
  const r = values.representative ?? {};
  const rep = join(r.firstName, r.lastName);
  if (rep) {
    parts.push({ part: 'representative', query: {
      kind: 'person', names: [rep],
      ...(r.idIssuingCountry ? { countries: [r.idIssuingCountry] } : {}), ...(r.idDocumentNumber ? { identifiers: [r.idDocumentNumber] } : {}),
    } });
  }
  return { type: 'company', id: row.id, orgId: key.orgId, keyId: key.id, monitored: key.amlMonitoring, parts };
}

/** Sends `company_verification.aml_hit` with the hits new or changed (inside the screening's transaction). */
export async function enqueueCompanyAmlHit(tx: DbOrTx, row: CompanyRow, hits: ScreeningHitView[], trigger: AmlHitPayload['trigger'], now: Date): Promise<void> {
  if (!hits.length) return;
  const data: AmlHitPayload = {
    verificationId: row.publicId, companyVerificationId: row.publicId, vendorData: row.vendorData ?? '', status: row.status, statusCode: row.statusCode,
    occurredAt: now.toISOString(), trigger,
    hits: hits.map((h) => ({
      id: h.id, part: h.part, partName: h.partName, listId: h.listId, listName: h.listName, listVersion: h.listVersion, entityKey: h.entityKey,
      entityName: h.entityName, matchedName: h.matchedName, signal: h.signal, score: h.score, features: h.features, state: h.state,
    })),
  };
  await enqueueEvent(tx, { apiKeyId: row.apiKeyId, type: 'company_verification.aml_hit', subjectId: row.id, now, data });
}

/**
 * The company product as monitoring sees it: each company rebuilt from its submitted form
 * (deleted or redacted ones left out), and a new hit sends `company_verification.aml_hit`.
 */
export function companyMonitoredSource(): MonitoredSource {
  return {
    type: 'company',
    async subjects(db, ids) {
      const rows = await db.select({ row: companyVerifications, keyId: apiKeys.id, orgId: apiKeys.orgId, amlMonitoring: apiKeys.amlMonitoring })
        .from(companyVerifications).innerJoin(apiKeys, eq(apiKeys.id, companyVerifications.apiKeyId))
        .where(and(inArray(companyVerifications.id, ids), isNull(companyVerifications.deletedAt), isNull(companyVerifications.redactedAt)));
      return rows.map((r) => companyScreeningSubject(r.row, { id: r.keyId, orgId: r.orgId, amlMonitoring: r.amlMonitoring }, formValuesOf(r.row)));
    },
    async onFresh(tx, id, hits, now) {
      const [row] = await tx.select().from(companyVerifications).where(eq(companyVerifications.id, id)).limit(1);
      if (row) await enqueueCompanyAmlHit(tx, row, hits, 'monitoring', now);
    },
  };
}
