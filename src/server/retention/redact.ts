import { eraseNotes } from '../casework/notes';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import type { AppContext } from '../context';
import type { Tx } from '../db/types';
import { companyVerifications, verifications, webhookEvents } from '../db/schema';
import { discardMedia } from '../media/discard';
import { enqueueEvent } from '../webhooks/outbox';
import { clearCompanyMedia, clearIndividualMedia } from './erase-media';
import { forgetIdentity } from '../identity/identity-retention';
import { scrubAudit } from './scrub-audit';

/** Only a settled case is redacted: one in progress is cancelled (or decided) first. */
const FINAL = { individual: ['successful', 'failed', 'abandoned', 'cancelled'], company: ['successful', 'failed', 'abandoned'] };

export type RedactResult<T> = { ok: true; row: T } | { ok: false; code: 'not_found' } | { ok: false; code: 'not_final'; status: string };
/** The stored rows redaction answers with (each product maps them to its record). */
export type IndividualRow = typeof verifications.$inferSelect;
export type CompanyRow = typeof companyVerifications.$inferSelect;

/**
 * Stored webhook bodies about the subject keep only what the skeleton keeps: an event still
 * waiting for delivery (or redelivered later) carries no personal data either.
 */
async function scrubEvents(tx: Tx, subjectId: string, idField: string, redactedAt: string) {
  const events = await tx.select({ id: webhookEvents.id, type: webhookEvents.eventType }).from(webhookEvents).where(eq(webhookEvents.subjectId, subjectId));
  for (const e of events) {
    await tx.update(webhookEvents).set({ body: JSON.stringify({ event: e.type, data: { [idField]: subjectId, redactedAt } }) }).where(eq(webhookEvents.id, e.id));
  }
}

/** Personal data of a session (also a representative's liveness session) gone; ids, vendorData, status and times kept. */
async function blankIndividual(tx: Tx, id: VerificationId, now: Date): Promise<IndividualRow> {
  const [row] = await tx.update(verifications).set({
    docInfo: null, docType: null, issuingState: null, userMeta: {}, reason: '', checks: null, liveness: null, earlierAttempts: [], redactedAt: now, updatedAt: now,
  }).where(eq(verifications.id, id)).returning();
  return row!;
}

export async function redactIndividual(ctx: AppContext, apiKeyId: string, id: VerificationId): Promise<RedactResult<IndividualRow>> {
  const now = ctx.clock.now();
  let keys: string[] = [];
  const res = await ctx.db.transaction(async (tx): Promise<RedactResult<IndividualRow>> => {
    const [row] = await tx.select().from(verifications).where(and(eq(verifications.id, id), eq(verifications.apiKeyId, apiKeyId),
      isNull(verifications.deletedAt), isNull(verifications.companyVerificationId))).for('update');
    if (!row) return { ok: false, code: 'not_found' };
    if (row.redactedAt) return { ok: true, row };
    if (!FINAL.individual.includes(row.status)) return { ok: false, code: 'not_final', status: row.status };
    keys = await clearIndividualMedia(tx, id, now) ?? [];
    // Erasure request: nothing of the person stays to be matched (embedding, document, names).
    await forgetIdentity(tx, id);
    const saved = await blankIndividual(tx, id, now);
    await scrubEvents(tx, id, 'verificationId', now.toISOString());
    await scrubAudit(tx, [id]);
    await eraseNotes(tx, { family: 'individual', id });
    await enqueueEvent(tx, { apiKeyId, type: 'verification.redacted', subjectId: id, now, data: {
      verificationId: id, vendorData: saved.vendorData, status: saved.status, statusCode: saved.statusCode, redactedAt: now.toISOString(), occurredAt: now.toISOString(),
    } });
    return { ok: true, row: saved };
  });
  await discardMedia(ctx, keys, id);
  if (res.ok) ctx.kickWebhooks();
  return res;
}

/** The form, documents, profiles and analysis gone; the trail keeps its steps without details. */
export async function redactCompany(ctx: AppContext, apiKeyId: string, id: string): Promise<RedactResult<CompanyRow>> {
  const now = ctx.clock.now();
  let keys: string[] = [];
  const res = await ctx.db.transaction(async (tx): Promise<RedactResult<CompanyRow>> => {
    const [row] = await tx.select().from(companyVerifications).where(and(or(eq(companyVerifications.id, id), eq(companyVerifications.publicId, id)),
      eq(companyVerifications.apiKeyId, apiKeyId), isNull(companyVerifications.deletedAt))).for('update');
    if (!row) return { ok: false, code: 'not_found' };
    if (row.redactedAt) return { ok: true, row };
    if (!FINAL.company.includes(row.status)) return { ok: false, code: 'not_final', status: row.status };
    keys = await clearCompanyMedia(tx, row.id, now) ?? [];
    const sessions = await tx.select({ id: verifications.id }).from(verifications).where(eq(verifications.companyVerificationId, row.id));
    for (const s of sessions) await blankIndividual(tx, s.id, now);
    const trail = row.auditTrail.map((e) => Object.fromEntries(Object.entries(e).filter(([k]) => ['at', 'action', 'actor', 'section', 'from', 'to', 'count', 'lastAt'].includes(k))));
    const [saved] = await tx.update(companyVerifications).set({
      draft: {}, uploadedDocuments: [], extractedProfile: {}, authorityProfile: {}, analysis: {}, userMeta: {}, reason: '', auditTrail: trail, redactedAt: now, updatedAt: now,
    }).where(eq(companyVerifications.id, row.id)).returning();
    await scrubEvents(tx, row.id, 'companyVerificationId', now.toISOString());
    await scrubAudit(tx, [row.id, row.publicId, ...sessions.map((s) => s.id)]);
    await eraseNotes(tx, { family: 'company', id: row.publicId });
    await enqueueEvent(tx, { apiKeyId, type: 'company_verification.redacted', subjectId: row.id, now, data: {
      companyVerificationId: row.id, verificationId: row.publicId, vendorData: row.vendorData, status: row.status, statusCode: row.statusCode,
      redactedAt: now.toISOString(), occurredAt: now.toISOString(),
    } });
    return { ok: true, row: saved! };
  });
  await discardMedia(ctx, keys, id);
  if (res.ok) ctx.kickWebhooks();
  return res;
}
