import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { companyVerifications } from '../db/schema';
import type { AuditSubjectOf } from '../screening/screening.routes';

/**
 * Where a screening resolution is audited: under the id each case view lists its audit by
 * (the verification's id; for a company, its public `cv_` id), so it shows on the case.
 */
export function screeningAuditSubject(ctx: Pick<AppContext, 'db'>): AuditSubjectOf {
  return async (type, subjectId) => {
    if (type === 'individual') return subjectId;
    const [row] = await ctx.db.select({ publicId: companyVerifications.publicId }).from(companyVerifications).where(eq(companyVerifications.id, subjectId)).limit(1);
    return row?.publicId ?? subjectId;
  };
}
