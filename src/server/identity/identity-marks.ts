import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { VerificationId } from '../../contract/ids';
import type { Db, DbOrTx } from '../db/types';
import { identityMarks, riskListEntries } from '../db/schema';
import type { RepeatMatch } from '../decisions/risk-signals';
import { FACE_MATCH_MAX, FACE_SEARCH_MAX } from '../decisions/face-thresholds';
import { euclidean } from './identity-digests';
import { nearestFaces } from './face-search';

export interface IdentityMark {
  verificationId: VerificationId;
  orgId: string;
  embedding: number[] | null;
  documentDigest: string | null;
  nameDigest: string | null;
  /** The document's digest from the print alone (no MRZ or barcode proved it); null when proven or unread. */
  printDigest?: string | null;
}

/** How many nearest faces are looked at: enough to step over the person's own earlier sessions. */
const NEIGHBOURS = 20;

/** Stores (or replaces, on a re-decision) a session's mark; `keepUntil` is the key's longer keep. */
export async function storeIdentityMark(db: DbOrTx, mark: IdentityMark, now: Date, keepUntil: Date | null): Promise<void> {
  const values = { ...mark, embeddingKeepUntil: keepUntil, createdAt: now };
  await db.insert(identityMarks).values(values).onConflictDoUpdate({
    target: identityMarks.verificationId,
    set: { embedding: mark.embedding, documentDigest: mark.documentDigest, nameDigest: mark.nameDigest, printDigest: mark.printDigest ?? null, embeddingKeepUntil: keepUntil },
  });
}

const differs = (a: string | null, b: string | null) => a !== null && b !== null && a !== b;

/**
 * Looks across the organisation's earlier verifications for the session's mark (never across
 * organisations: every query is filtered on orgId):
 * - `duplicate_face`: the same face (distance ≤ FACE_SEARCH_MAX, a search's stricter bound) under another name or document
 *   number (both known and different; the same person re-verifying with the same document is no
 *   signal);
 * - `reused_document`: the same document digest with a face past FACE_MATCH_MAX;
 * - `blocklist_hit`: a blocked face within FACE_SEARCH_MAX, or a blocked document digest.
 * A match with an earlier session is dropped when a reviewer allowlisted it: the pair itself, or
 * a pair of that session with one that shares this session's document or names (the same
 * identity coming back). The closest match of each kind is reported.
 */
export async function findRepeatMatches(db: DbOrTx, root: Db, mark: IdentityMark): Promise<RepeatMatch[]> {
  const out: RepeatMatch[] = [];
  const allowed = await allowedWith(db, mark);
  const faces = mark.embedding ? await nearestFaces(db, root, { orgId: mark.orgId, exclude: mark.verificationId, embedding: mark.embedding, limit: NEIGHBOURS }) : [];

  const dup = faces.find((f) => f.distance <= FACE_SEARCH_MAX && !allowed.has(f.verificationId)
    && (differs(f.documentDigest, mark.documentDigest) || differs(f.nameDigest, mark.nameDigest)));
  if (dup) {
    const what = differs(dup.nameDigest, mark.nameDigest) ? 'another name' : 'another document number';
    out.push({ signal: 'duplicate_face', matchVerificationId: dup.verificationId, distance: round(dup.distance), detail: `the same face was verified under ${what} in ${dup.verificationId} (distance ${round(dup.distance)})` });
  }

  // The document number proven (MRZ, barcode) or, while a specialist has the case, read from the
  // print: one HMAC, so a printed number meets a proven one. A match resting on a printed number
  // proves nothing and is raised for review only (`unproven`).
  const digest = mark.documentDigest ?? mark.printDigest;
  if (digest && mark.embedding) {
    const same = await db.select({ id: identityMarks.verificationId, embedding: identityMarks.embedding, proven: identityMarks.documentDigest }).from(identityMarks)
      .where(and(eq(identityMarks.orgId, mark.orgId), or(eq(identityMarks.documentDigest, digest), eq(identityMarks.printDigest, digest)), ne(identityMarks.verificationId, mark.verificationId)));
    const other = same.filter((s) => s.embedding && !allowed.has(s.id)).map((s) => ({ id: s.id, d: euclidean(s.embedding!, mark.embedding!), unproven: !mark.documentDigest || s.proven !== digest }))
      .filter((s) => s.d > FACE_MATCH_MAX).sort((a, b) => Number(a.unproven) - Number(b.unproven) || b.d - a.d)[0];
    if (other) {
      out.push({
        signal: 'reused_document', matchVerificationId: other.id, distance: round(other.d),
        detail: `the same document number was ${other.unproven ? 'read (from the print, not proven by the MRZ)' : 'verified'} with another face in ${other.id} (distance ${round(other.d)})`,
        ...(other.unproven ? { unproven: true } : {}),
      });
    }
  }

  const blocks = await db.select().from(riskListEntries)
    .where(and(eq(riskListEntries.orgId, mark.orgId), eq(riskListEntries.list, 'block'), isNull(riskListEntries.removedAt)));
  const faceHit = blocks.filter((b) => b.target === 'face' && b.embedding && mark.embedding)
    .map((b) => ({ b, d: euclidean(b.embedding!, mark.embedding!) })).filter((x) => x.d <= FACE_SEARCH_MAX).sort((a, b) => a.d - b.d)[0];
  if (faceHit) out.push({ signal: 'blocklist_hit', listEntryId: faceHit.b.id, matchVerificationId: faceHit.b.verificationId, distance: round(faceHit.d), detail: `the face matches blocklist entry ${faceHit.b.id} (from ${faceHit.b.verificationId}, distance ${round(faceHit.d)}): ${faceHit.b.reason}` });
  const docHit = mark.documentDigest ? blocks.find((b) => b.target === 'document' && b.documentDigest === mark.documentDigest) : undefined;
  if (docHit) out.push({ signal: 'blocklist_hit', listEntryId: docHit.id, matchVerificationId: docHit.verificationId, detail: `the document number is on blocklist entry ${docHit.id} (from ${docHit.verificationId}): ${docHit.reason}` });
  return out;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** Earlier sessions whose match with this one a reviewer allowlisted (see findRepeatMatches). */
async function allowedWith(db: DbOrTx, mark: IdentityMark): Promise<Set<VerificationId>> {
  const pairs = await db.select({ a: riskListEntries.verificationId, b: riskListEntries.otherVerificationId }).from(riskListEntries)
    .where(and(eq(riskListEntries.orgId, mark.orgId), eq(riskListEntries.list, 'allow'), isNull(riskListEntries.removedAt)));
  const allowed = new Set<VerificationId>();
  if (!pairs.length) return allowed;
  const members = [...new Set(pairs.flatMap((p) => [p.a, p.b]).filter((id): id is VerificationId => Boolean(id)))];
  const marks = await db.select().from(identityMarks).where(and(eq(identityMarks.orgId, mark.orgId), inArray(identityMarks.verificationId, members)));
  const byId = new Map(marks.map((m) => [m.verificationId, m]));
  // `o` is this session, or the same identity: its document or its names.
  const isThis = (id: VerificationId) => {
    if (id === mark.verificationId) return true;
    const o = byId.get(id);
    return Boolean(o && ((mark.documentDigest && o.documentDigest === mark.documentDigest) || (mark.nameDigest && o.nameDigest === mark.nameDigest)));
  };
  for (const p of pairs) {
    if (!p.b) continue;
    if (isThis(p.a)) allowed.add(p.b);
    if (isThis(p.b)) allowed.add(p.a);
  }
  allowed.delete(mark.verificationId);
  return allowed;
}
