// The organisation's blocklist and allowlist (dashboard API, `/api/dashboard/risk-lists`).
import { z } from 'zod';

const reason = z.string().trim().min(1, { message: 'a reason is required' }).max(500);

/** `POST /api/dashboard/verifications/individual/{id}/block`: block the case's face and/or document. */
export const blockBodySchema = z.object({
  face: z.boolean().optional(),
  document: z.boolean().optional(),
  reason,
}).refine((b) => b.face || b.document, { message: 'block the face, the document number, or both', path: ['face'] });
export type BlockBody = z.infer<typeof blockBodySchema>;

/** `POST /api/dashboard/risk-lists/allow`: two verifications a reviewer found to be no fraud together. */
export const allowBodySchema = z.object({
  verificationId: z.string().min(1).max(200),
  otherVerificationId: z.string().min(1).max(200),
  reason,
}).refine((b) => b.verificationId !== b.otherVerificationId, { message: 'two different verifications', path: ['otherVerificationId'] });
export type AllowBody = z.infer<typeof allowBodySchema>;

/** `DELETE /api/dashboard/risk-lists/{entryId}`: an optional reason, kept in the audit trail. */
export const removeEntryBodySchema = z.object({ reason: z.string().trim().max(500).optional() });

export const riskListsQuerySchema = z.object({
  list: z.enum(['block', 'allow']).optional(),
  /** Only entries taken from, or pairing, this verification. */
  verificationId: z.string().max(200).optional(),
});

export const riskListEntrySchema = z.object({
  id: z.string(),
  list: z.enum(['block', 'allow']),
  /** block: `face` or `document`; allow: `pair`. */
  target: z.enum(['face', 'document', 'pair']),
  verificationId: z.string(),
  otherVerificationId: z.string().nullable(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type RiskListEntry = z.infer<typeof riskListEntrySchema>;
