import sharp from 'sharp';
import type { CompanyFormValues } from '../../contract/company-form';
import { DEFAULT_CAMPAIGN_ID } from '../../contract/company';
import { COMPANY_LINK_TTL_MS, companyStatusCodes } from '../../contract/statuses';
import { getPublishedCampaign } from '../campaigns/campaign-repo';
import type { AppContext } from '../context';
import { companyVerifications } from '../db/schema';
import { newCompanyId, newCompanyPublicId, newHostedToken } from '../lib/ids';

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
