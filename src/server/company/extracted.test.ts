import { describe, expect, it } from 'vitest';
import type { UploadedDocument } from '../../contract/hosted-company';
import { buildExtractedProfile, e164, normaliseRegistrationNumber, websiteOrigin } from './extracted';
import { completeDraft } from './company.testkit';

const now = new Date('2026-01-05T10:00:00.000Z');
const doc = (id: string, kind: string, contentType: UploadedDocument['contentType']): UploadedDocument =>
  ({ id, kind, contentType, fileName: `${id}.pdf`, size: 10, uploadedAt: now.toISOString() });

describe('extracted profile', () => {
  it('normalises what the form gave, says it comes from the form, and inventories the documents', () => {
    const profile = buildExtractedProfile({
      ...completeDraft,
      business: { ...completeDraft.business, registrationNumber: ' rc 123 456 ', website: 'Acme.Example/about?x=1' },
      contact: { ...completeDraft.contact, generalEmail: ' Hello@ACME.example ', generalPhone: '+234 803 123 4567' },
      representative: { ...completeDraft.representative, firstName: ' Ada ', email: 'Ada@Acme.Example', phone: '+234 (803) 123-4568' },
    }, [
      doc('d1', 'business_registration', 'application/pdf'),
      doc('d2', 'business_registration', 'image/jpeg'),
      doc('d3', 'business_registration', 'application/pdf'),
      doc('d4', 'proof_of_address', 'image/jpeg'),
    ], now);
    expect(profile).toEqual({
      source: 'form',
      derivedAt: now.toISOString(),
      business: { legalName: 'Acme Ltd', registrationNumber: 'RC123456', countryOfRegistration: 'NGA', website: 'https://acme.example' },
      contact: { email: 'hello@acme.example', phone: '+2348031234567', country: 'NGA' },
      representative: { fullName: 'Ada Obi', email: 'ada@acme.example', phone: '+2348031234568', idIssuingCountry: 'NGA' },
      officers: { count: 1 },
      ownership: { totalPercent: 100, owners: 2 },
      documents: {
        total: 4,
        byKind: {
          business_registration: { count: 3, contentTypes: ['application/pdf', 'image/jpeg'] },
          proof_of_address: { count: 1, contentTypes: ['image/jpeg'] },
        },
      },
    });
  });

  it('keeps the same shape for a campaign with only some sections', () => {
    const profile = buildExtractedProfile({ business: { legalName: 'Solo', countryOfRegistration: 'GHA' } }, [], now);
    expect(profile).toMatchObject({
      source: 'form',
      business: { legalName: 'Solo', registrationNumber: '', countryOfRegistration: 'GHA', website: '' },
      contact: { email: '', phone: '', country: '' },
      representative: { fullName: '', email: '', phone: '' },
      officers: { count: 0 },
      ownership: { totalPercent: 0, owners: 0 },
      documents: { total: 0, byKind: {} },
    });
  });

  it('normalises single values', () => {
    expect(normaliseRegistrationNumber('\tab-12 34\n')).toBe('AB-1234');
    expect(e164('+44 20 7946 0958')).toBe('+442079460958');
    expect(e164('020 7946 0958')).toBe('');
    expect(e164(undefined)).toBe('');
    expect(websiteOrigin('http://Shop.Example:8080/path')).toBe('http://shop.example:8080');
    expect(websiteOrigin('ftp://files.example')).toBe('');
    expect(websiteOrigin('')).toBe('');
  });
});
