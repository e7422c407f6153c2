import { devices, expect, test } from '@playwright/test';
import { CompanyBusinessPage } from './pages/business';
import { waitSaved } from './pages/common';
import { CompanyContactPage } from './pages/contact';
import { CompanyDocumentsPage } from './pages/documents';
import { CompanyDonePage } from './pages/done';
import { CompanyLivenessPage } from './pages/liveness';
import { CompanyOfficersPage } from './pages/officers';
import { CompanyOwnershipPage } from './pages/ownership';
import { CompanyQuestionsPage } from './pages/questions';
import { CompanyRepresentativePage } from './pages/representative';
import { CompanyReviewPage } from './pages/review';
import { CompanyWelcomePage } from './pages/welcome';
import { feed, launchPhone } from '../support/camera';
import { E2E_BASE } from '../support/env';
import { customerCall, linkPath } from '../support/service';
import { bodyOf, createCompany, documentFiles, isEvent, keyWithReceiver, listedRecord, publishCampaign } from './company-support';

const business = {
  legalName: 'Marina Foods Ltd', registrationNumber: 'RC1234567', registrationType: 'private_limited',
  country: 'Nigeria', businessBvn: '22212345678', industry: 'Food distribution',
  website: 'https://marinafoods.example', description: 'We deliver groceries to restaurants in Lagos.',
};
const contact = {
  generalEmail: 'hello@marinafoods.example', generalPhone: '+2348031234567', addressLine1: '1 Marina Road', addressLine2: 'Floor 3',
  city: 'Lagos', state: 'Lagos', postalCode: '101001', country: 'Nigeria',
};
const representative = {
  firstName: 'Ada', lastName: 'Obi', email: 'ada@marinafoods.example', phone: '+2348031234568',
  relationship: 'director', idDocumentType: 'PASSPORT', idDocumentNumber: 'A12345678', idIssuingCountry: 'Nigeria',
  authorised: true,
};

test('a representative onboards a company on a phone, resumes on another device, and the customer gets every event and section', async () => {
  test.setTimeout(120_000);
  const campaign = await publishCampaign();
  const { apiKey, receiver } = await keyWithReceiver('test');
  const files = await documentFiles();
  const created = await createCompany(apiKey, { campaignId: campaign.id, vendorData: 'merchant-42' });
  expect(created.campaignVersion).toBe(campaign.version);
  const url = `${E2E_BASE}${linkPath(created.link)}`;
  const { browser, context } = await launchPhone(await feed('face-liveness'));
  try {
    // First device: welcome, then the first half of the form.
    let page = await context.newPage();
    await page.goto(url);
    const welcome = new CompanyWelcomePage(page);
    await welcome.expectVisible();
    await welcome.start();

    const businessStep = new CompanyBusinessPage(page);
    await businessStep.expectVisible();
    await expect(businessStep.stepIndicator()).toContainText('1');
    await businessStep.fillForm(business);
    await businessStep.continue();

    const contactStep = new CompanyContactPage(page);
    await contactStep.expectVisible();
    await contactStep.fillForm(contact);
    await contactStep.continue();

    const repStep = new CompanyRepresentativePage(page);
    await repStep.expectVisible();
    await repStep.fillForm({ firstName: representative.firstName, lastName: representative.lastName });
    await waitSaved(page);
    // Leaving now loses nothing: the half-filled step already reached the server.
    await expect.poll(async () => (await listedRecord(apiKey, created.verificationId)).representativeProfile.firstName).toBe('Ada');
    await context.close();

    // Second device: a fresh context opens the same link and lands on the saved step and values.
    const second = await browser.newContext({ ...devices['Pixel 7'], permissions: ['camera'] });
    page = await second.newPage();
    await page.goto(url);
    const repAgain = new CompanyRepresentativePage(page);
    await repAgain.expectVisible();
    await expect(repAgain.control('field-firstName')).toHaveValue('Ada');
    await expect(repAgain.control('field-lastName')).toHaveValue('Obi');
    await repAgain.back();
    const contactAgain = new CompanyContactPage(page);
    await expect(contactAgain.control('field-generalEmail')).toHaveValue(contact.generalEmail);
    await expect(contactAgain.control('field-city')).toHaveValue(contact.city);
    await contactAgain.continue();
    await repAgain.expectVisible();
    await repAgain.fillForm(representative);
    await repAgain.continue();

    const officers = new CompanyOfficersPage(page);
    await officers.expectVisible();
    await officers.addMe();
    // "Add me" copies the representative's names and email; the role is theirs to pick.
    await expect(officers.control('officer-0-firstName')).toHaveValue('Ada');
    await officers.edit(0, { role: 'director' });
    await officers.add({ firstName: 'Bola', lastName: 'Ade', role: 'secretary', email: 'bola@marinafoods.example' });
    await officers.continue();

    const ownership = new CompanyOwnershipPage(page);
    await ownership.expectVisible();
    await expect(ownership.threshold()).toContainText('25');
    await ownership.add({ firstName: 'Ada', lastName: 'Obi', share: '60', dateOfBirth: '1980-01-02', nationality: 'Nigeria', email: representative.email });
    await ownership.add({ firstName: 'Bola', lastName: 'Ade', share: '40', dateOfBirth: '1985-06-07', nationality: 'Ghana', email: 'bola@marinafoods.example' });
    await expect(ownership.total()).toContainText('100');
    await ownership.continue();

    const documents = new CompanyDocumentsPage(page);
    await documents.expectVisible();
    await documents.upload('business_registration', files.pdf);
    await documents.upload('proof_of_address', files.png);
    await documents.continue();

    const liveness = new CompanyLivenessPage(page);
    await liveness.expectVisible();
    await liveness.start();
    await liveness.passChallenge();
    await liveness.usePhoto();
    await liveness.expectDone('passed');
    const livenessEvent = await receiver.waitFor(isEvent('company_verification.liveness_completed'));
    await liveness.continue();

    const questions = new CompanyQuestionsPage(page);
    await questions.expectVisible();
    await questions.choose('monthly_volume', '10,000 or more');
    await questions.answerText('source_of_funds', 'Sales to restaurants');
    await questions.continue();

    const review = new CompanyReviewPage(page);
    await review.expectVisible();
    await expect(review.section('business')).toContainText(business.legalName);
    await expect(review.section('questions')).toContainText('Sales to restaurants');
    await review.submit();
    await new CompanyDonePage(page).expectVisible();
    await second.close();

    // The customer moves its test verification through review (the dashboard's role).
    const submitted = await receiver.waitFor(isEvent('company_verification.submitted'));
    const reviewRes = await customerCall(apiKey, 'POST', `/test/company-verifications/${created.verificationId}/review`);
    expect(reviewRes.status).toBe(200);
    const underReview = await receiver.waitFor(isEvent('company_verification.under_review'));
    const decideRes = await customerCall(apiKey, 'POST', `/test/company-verifications/${created.verificationId}/decide`, { decision: 'successful', reason: 'Registry checked' });
    expect(decideRes.status).toBe(200);
    const successful = await receiver.waitFor(isEvent('company_verification.successful'));

    for (const [hook, path] of [[livenessEvent, '/events'], [submitted, '/events'], [underReview, '/events'], [successful, '/decision']] as const) {
      expect(hook.verified, bodyOf(hook).event).toBe(true);
      expect(hook.path, bodyOf(hook).event).toBe(path);
      expect(bodyOf(hook).data).toMatchObject({ companyVerificationId: created.processId });
    }
    // Every delivery of this key was signed with it, and the events came in the order they happened.
    expect(receiver.requests().every((r) => r.verified === true)).toBe(true);
    expect(receiver.events().map((r) => bodyOf(r).event)).toEqual([
      'company_verification.liveness_completed', 'company_verification.submitted',
      'company_verification.under_review', 'company_verification.successful',
    ]);
    const payloadOf = (status: string) => ({
      companyVerificationId: created.processId, verificationId: created.verificationId, externalId: created.verificationId,
      vendorData: 'merchant-42', status, campaignId: campaign.id, campaignVersion: campaign.version,
      submittedAt: expect.any(String),
      companyProfile: {
        business: {
          legalName: business.legalName, registrationNumber: business.registrationNumber, registrationType: 'private_limited',
          countryOfRegistration: 'NGA', businessBvn: business.businessBvn, industry: business.industry,
          description: business.description, website: business.website,
        },
        contact: {
          emails: { general: contact.generalEmail, representative: representative.email },
          phoneNumbers: { general: contact.generalPhone, representative: representative.phone },
          addresses: { registered: { addressLine1: contact.addressLine1, city: 'Lagos', state: 'Lagos', country: 'NGA', fullAddress: expect.stringContaining(contact.addressLine1) } },
        },
        authorisedRepresentative: {
          firstName: 'Ada', lastName: 'Obi', fullName: 'Ada Obi', email: representative.email,
          phoneNumber: representative.phone, relationshipToBusiness: 'director', isAuthorised: 'true',
        },
        officers: [
          { firstName: 'Ada', lastName: 'Obi', fullName: 'Ada Obi', role: 'director', email: representative.email },
          { firstName: 'Bola', lastName: 'Ade', fullName: 'Bola Ade', role: 'secretary', email: 'bola@marinafoods.example' },
        ],
        ownership: { threshold: 25, beneficialOwners: [expect.objectContaining({ firstName: 'Ada', lastName: 'Obi' }), expect.objectContaining({ firstName: 'Bola', lastName: 'Ade' })] },
      },
      review: {
        source: expect.any(String), analysisStatus: expect.any(String), pendingInternalReview: expect.any(Boolean),
        missingFields: [], reviewFlags: [], provisioning: { ready: true, pendingFields: [] },
      },
    });
    expect(bodyOf(submitted).data).toMatchObject(payloadOf('submitted'));
    expect(bodyOf(successful).data).toMatchObject(payloadOf('successful'));

    // The customer's record has every section.
    const record = await listedRecord(apiKey, created.verificationId);
    expect(record).toMatchObject({
      id: created.processId, verificationId: created.verificationId, status: 'successful', vendorData: 'merchant-42',
      campaignId: campaign.id, campaignVersion: campaign.version,
      businessProfile: { legalName: business.legalName, countryOfRegistration: 'NGA' },
      representativeProfile: { firstName: 'Ada', lastName: 'Obi', isAuthorised: true },
      ownershipProfile: { owners: [expect.objectContaining({ share: 60 }), expect.objectContaining({ share: 40 })] },
      authorityProfile: { livenessStatus: 'passed', livenessVerificationId: expect.any(String) },
      progress: { currentStep: expect.any(Number), submittedAt: expect.any(String) },
    });
    const documentFilesOf = record.documents.files as { kind: string }[];
    expect(documentFilesOf.map((f) => f.kind).sort()).toEqual(['business_registration', 'proof_of_address']);
    // The PDF is kept as sent; the server re-encodes images (metadata stripped), so the PNG is stored as a JPEG.
    expect(record.uploadedDocuments.map((d) => [d.fileName, d.contentType]).sort()).toEqual([
      ['certificate-of-incorporation.pdf', 'application/pdf'], ['utility-bill.jpg', 'image/jpeg'],
    ]);
    expect(record.customQuestionAnswers).toEqual(expect.arrayContaining([
      expect.objectContaining({ answer: 'high' }), expect.objectContaining({ answer: 'Sales to restaurants' }),
    ]));
    expect(record.progress).toMatchObject({ consentedAt: expect.any(String) });
    expect(record.analysis).toMatchObject({ missingFields: [], reviewFlags: [], provisioning: { ready: true, pendingFields: [] } });
    expect(record.additionalInformation).toMatchObject({
      officers: [expect.objectContaining({ firstName: 'Ada', role: 'director' }), expect.objectContaining({ firstName: 'Bola', role: 'secretary' })],
    });
    expect(record.extractedProfile).toMatchObject({
      source: 'form',
      business: { registrationNumber: business.registrationNumber, countryOfRegistration: 'NGA' },
      officers: { count: 2 },
      ownership: { totalPercent: 100, owners: 2 },
      documents: { total: 2, byKind: { business_registration: { count: 1 }, proof_of_address: { count: 1 } } },
    });
    const actions = record.auditTrail.map((e) => (e as { action: string }).action);
    for (const action of ['created', 'consented', 'submitted']) expect(actions).toContain(action);
  } finally {
    await browser.close();
    await receiver.close();
  }
});
