import sharp from 'sharp';
import type { CompanyFormValues } from '../../contract/company-form';
import { DEFAULT_CAMPAIGN_ID } from '../../contract/company';
import { COMPANY_LINK_TTL_MS, companyStatusCodes } from '../../contract/statuses';
import { getPublishedCampaign } from '../campaigns/campaign-repo';
import type { AppContext } from '../context';
import { companyVerifications } from '../db/schema';
import { newCompanyId, newCompanyPublicId, newHostedToken } from '../lib/ids';
import { addDocument } from './documents';
import { saveDraft } from './draft';
import { completeLiveness, startLiveness } from './liveness';
import { findCompany } from './store';
import { submitCompany } from './submit';

/**
 * Test support for the company flow (imported by tests only): rows created the way the customer
 * API creates them, sample files, and a complete form for the default campaign.
 */
export async function insertCompany(ctx: AppContext, opts: { apiKeyId: string; campaignId?: string; vendorData?: string }) {
  const campaignId = opts.campaignId ?? DEFAULT_CAMPAIGN_ID;
  const campaign = await getPublishedCampaign(ctx.db, campaignId);
  if (!campaign) throw new Error(`campaign ${campaignId} not published`);
  const now = ctx.clock.now();
  const id = newCompanyId();
  const publicId = newCompanyPublicId();
  const token = newHostedToken();
  await ctx.db.insert(companyVerifications).values({
    id, publicId, apiKeyId: opts.apiKeyId, hostedTokenDigest: ctx.secrets.digest(token),
    status: 'not started', statusCode: companyStatusCodes['not started'], vendorData: opts.vendorData ?? 'vendor-1',
    campaignId, campaignVersion: campaign.version,
    auditTrail: [{ at: now.toISOString(), action: 'created', actor: 'customer' }],
    expiresAt: new Date(now.getTime() + COMPANY_LINK_TTL_MS), createdAt: now, updatedAt: now,
  });
  return { id, publicId, token, campaignVersion: campaign.version };
}

/** A tiny but structurally complete PDF (header, one object, xref, trailer, %%EOF). */
export function minimalPdf(extra = ''): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog ${extra}>>\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n60\n%%EOF\n`, 'latin1');
}

export function photo(width = 480, height = 640, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: '#b08060' } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
}

/** Every draft section of the default campaign, valid for submit. */
export const completeDraft = {
  business: {
    legalName: 'Acme Ltd', registrationNumber: 'RC123456', registrationType: 'private_limited',
    countryOfRegistration: 'NGA', businessBvn: '22212345678', industry: 'software', description: 'We build things', website: 'acme.example',
  },
  contact: { generalEmail: 'hello@acme.example', generalPhone: '+2348031234567', addressLine1: '1 Marina Rd', city: 'Lagos', state: 'Lagos', country: 'NGA' },
  representative: {
    firstName: 'Ada', lastName: 'Obi', email: 'ada@acme.example', phone: '+2348031234568', relationshipToBusiness: 'director',
    isAuthorised: true, idDocumentType: 'PASSPORT', idDocumentNumber: 'A1234567', idIssuingCountry: 'NGA',
  },
  officers: { items: [{ firstName: 'Ada', lastName: 'Obi', role: 'director', email: 'ada@acme.example' }] },
  ownership: { owners: [{ firstName: 'Ada', lastName: 'Obi', share: 60, dateOfBirth: '1980-01-02', nationality: 'NGA' }, { firstName: 'Bo', lastName: 'Ade', share: 40 }] },
} satisfies CompanyFormValues;

/**
 * A verification carried to `submitted` through the domain functions the hosted routes use:
 * consent given (as the welcome screen's Start does), every section saved, both documents
 * uploaded, liveness done, submitted.
 */
export async function submittedCompany(ctx: AppContext, opts: { apiKeyId: string; vendorData?: string; draft?: Partial<CompanyFormValues> }) {
  const c = await insertCompany(ctx, opts);
  const consented = await saveDraft(ctx, c.id, { consent: true, currentStep: 0 });
  if (!consented.ok) throw new Error(`consent: ${consented.code}`);
  for (const [section, data] of Object.entries({ ...completeDraft, ...opts.draft })) {
    const saved = await saveDraft(ctx, c.id, { section: section as keyof typeof completeDraft, data });
    if (!saved.ok) throw new Error(`save ${section}: ${saved.code}`);
  }
  const row = async () => (await findCompany(ctx.db, c.id))!;
  for (const kind of ['business_registration', 'proof_of_address']) {
    const up = await addDocument(ctx, await row(), kind, minimalPdf(), `${kind}.pdf`);
    if (!up.ok) throw new Error(`upload ${kind}: ${up.code}`);
  }
  const started = await startLiveness(ctx, c.id);
  if (!started.ok) throw new Error(`liveness: ${started.code}`);
  // A picked selfie (as a key allowing it would take): the fixture needs a final outcome, not a camera.
  const done = await completeLiveness(ctx, await row(), await photo(), true);
  if (!done.ok) throw new Error(`selfie: ${done.code}`);
  const submitted = await submitCompany(ctx, c.id);
  if (!submitted.ok) throw new Error(`submit: ${submitted.code} ${JSON.stringify(submitted.issues)}`);
  return c;
}
