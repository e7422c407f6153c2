import { randomBytes } from 'node:crypto';
import type { UploadedDocument } from '../../contract/hosted-company';
import type { AppContext } from '../context';
import { discardMedia } from '../media/discard';
import { processDocument } from '../media/validate-document';
import { appendAudit } from './audit';
import { progressAfter } from './draft';
import { publicDocument, storedDocuments, withMirrors, type StoredDocument } from './form-values';
import { companyDocumentKey, sanitiseFileName } from './files';
import { editableFailure, hostedFail, startIfNeeded, type HostedFail } from './hosted';
import { campaignOf, lockCompany, updateCompany, type CompanyRow } from './store';
import { observeCompanyStep } from './flow-analytics';

const notFound = () => hostedFail('not_found', 'Verification not found or has been deleted');

/** Whether one more file of `kind` fits the campaign; null when it does. */
function roomFor(row: CompanyRow, documents: { kind: string; maxFiles: number }[], kind: string): HostedFail | null {
  const req = documents.find((d) => d.kind === kind);
  if (!req) return hostedFail('unknown_document_kind', 'This campaign asks for no such document');
  if (storedDocuments(row).filter((d) => d.kind === kind).length >= req.maxFiles) {
    return hostedFail('too_many_files', `At most ${req.maxFiles} files of this kind`);
  }
  return null;
}

/**
 * Adds one supporting document. Cheap checks first (state, kind, room), then the CPU-heavy
 * validation outside any transaction, then the bytes are stored and the entry appended under
 * a row lock (the checks are repeated: another upload may have landed meanwhile).
 */
export async function addDocument(
  ctx: AppContext, row: CompanyRow, kind: string, bytes: Buffer, fileNameHeader: string | undefined,
): Promise<{ ok: true; document: UploadedDocument } | HostedFail> {
  const now = ctx.clock.now();
  const campaign = await campaignOf(ctx.db, row);
  const early = editableFailure(row, now) ?? roomFor(row, campaign.definition.documents, kind);
  if (early) return early;
  const processed = await processDocument(bytes);
  if (!processed.ok) return hostedFail(processed.code, processed.detail);
  const id = `doc_${randomBytes(12).toString('hex')}`;
  const key = companyDocumentKey(row.id, id, processed.ext);
  await ctx.storage.put(key, processed.bytes);
  const entry: StoredDocument = {
    id, kind, key,
    fileName: sanitiseFileName(fileNameHeader, kind, processed.ext),
    contentType: processed.contentType,
    size: processed.bytes.length,
    uploadedAt: now.toISOString(),
  };
  const res = await ctx.db.transaction(async (tx) => {
    const locked = await lockCompany(tx, row.id);
    if (!locked) return notFound();
    const refused = editableFailure(locked, now) ?? roomFor(locked, campaign.definition.documents, kind);
    if (refused) return refused;
    const uploadedDocuments = [...storedDocuments(locked), entry];
    const started = startIfNeeded(locked, locked.auditTrail, now);
    const auditTrail = appendAudit(started.trail, {
      action: 'document_uploaded', actor: 'representative', detail: { documentId: id, kind, contentType: entry.contentType, size: entry.size },
    }, now);
    const saved = await updateCompany(tx, locked.id, {
      ...started.patch,
      uploadedDocuments,
      draft: withMirrors(locked.draft, { ...locked, uploadedDocuments }),
      progress: progressAfter(locked, campaign.definition, { uploadedDocuments }),
      auditTrail,
      updatedAt: now,
    });
    await observeCompanyStep(tx, saved, 'documents', now);
    return { ok: true as const, document: publicDocument(entry) };
  });
  // Refused under the lock (closed, full, gone meanwhile): no row references the new file.
  if (!res.ok) await discardMedia(ctx, [key], row.id);
  return res;
}

/**
 * Removes a document from the verification, then (after commit) its file: the key comes from
 * the entry read under the row lock, and document keys are never shared or reused.
 */
export async function removeDocument(ctx: AppContext, processId: string, kind: string, docId: string): Promise<{ ok: true } | HostedFail> {
  const now = ctx.clock.now();
  const res = await ctx.db.transaction(async (tx) => {
    const row = await lockCompany(tx, processId);
    if (!row) return notFound();
    const refused = editableFailure(row, now);
    if (refused) return refused;
    const docs = storedDocuments(row);
    const removed = docs.find((d) => d.id === docId && d.kind === kind);
    if (!removed) return hostedFail('not_found', 'Document not found');
    const uploadedDocuments = docs.filter((d) => d.id !== docId);
    const { definition } = await campaignOf(tx, row);
    const auditTrail = appendAudit(row.auditTrail, { action: 'document_removed', actor: 'representative', detail: { documentId: docId, kind } }, now);
    await updateCompany(tx, row.id, {
      uploadedDocuments,
      draft: withMirrors(row.draft, { ...row, uploadedDocuments }),
      progress: progressAfter(row, definition, { uploadedDocuments }),
      auditTrail,
      updatedAt: now,
    });
    return { ok: true as const, key: removed.key, kept: uploadedDocuments.map((d) => d.key) };
  });
  if (!res.ok) return res;
  if (!res.kept.includes(res.key)) await discardMedia(ctx, [res.key], processId);
  return { ok: true };
}

export async function readDocument(ctx: Pick<AppContext, 'storage'>, row: CompanyRow, docId: string): Promise<{ ok: true; document: StoredDocument; bytes: Buffer } | HostedFail> {
  const document = storedDocuments(row).find((d) => d.id === docId);
  if (!document) return hostedFail('not_found', 'Document not found');
  const bytes = await ctx.storage.get(document.key);
  if (!bytes) return hostedFail('not_found', 'Document not found');
  return { ok: true, document, bytes };
}
