// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostedCompanySession } from '../../../contract/hosted-company';
import { CompanyApiError } from './api/api-error';
import type { CompanyApi } from './api/company-api';
import { CompanyFlowPage } from './company-page';
import { renderWithApp, testCampaign } from './test-utils';

afterEach(cleanup);

function session(overrides: Partial<HostedCompanySession> = {}): HostedCompanySession {
  return {
    processId: 'cvp_1',
    verificationId: 'cv_1',
    status: 'not started',
    statusCode: 1001,
    phase: 'form',
    closedReason: null,
    campaign: { id: 'default', name: 'Default', version: 1, definition: testCampaign() },
    draft: {},
    documents: [],
    progress: { currentStep: 0, completedSteps: [], submittedAt: null, consentedAt: null },
    livenessStatus: 'not_started',
    livenessVerificationId: null,
    selfieUploadAllowed: false,
    expiresAt: '2030-01-01T00:00:00.000Z',
    redirect: null,
    branding: { name: 'Acme Bank', logoUrl: null, accentColor: null, privacyPolicyUrl: null },
    defaultLanguage: null,
    testMode: true,
    ...overrides,
  };
}

function fakeApi(load: () => Promise<HostedCompanySession>): CompanyApi & { saveDraft: ReturnType<typeof vi.fn> } {
  return {
    load: vi.fn(load),
    saveDraft: vi.fn(async () => ({
      status: 'started' as const, statusCode: 2002, progress: { currentStep: 0, completedSteps: [], submittedAt: null, consentedAt: CONSENTED }, savedAt: '',
    })),
    uploadDocument: vi.fn(),
    deleteDocument: vi.fn(),
    startLiveness: vi.fn(),
    uploadSelfie: vi.fn(),
    livenessChallenge: vi.fn(),
    submitLiveness: vi.fn(),
    submit: vi.fn(),
  };
}

const LINK = '/company?processId=cvp_1&hostedToken=tok';
const CONSENTED = '2026-01-05T10:00:00.000Z';

describe('company flow page: link checks', () => {
  it('asks to open the link as received when the token is missing, without calling the API', async () => {
    const api = fakeApi(async () => session());
    renderWithApp(<CompanyFlowPage createApi={() => api} />, '/company?processId=cvp_1');
    expect(await screen.findByText('Open the link exactly as you received it')).toBeTruthy();
    expect(api.load).not.toHaveBeenCalled();
  });

  it('shows the same screen when the API refuses the token', async () => {
    const api = fakeApi(async () => {
      throw new CompanyApiError('invalid_token', 401);
    });
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    expect(await screen.findByText('Open the link exactly as you received it')).toBeTruthy();
  });

  it.each([
    [{ phase: 'submitted', status: 'submitted' }, 'We already have your details'],
    [{ phase: 'submitted', status: 'under review' }, 'Your details are being checked'],
    [{ phase: 'closed', status: 'successful', closedReason: 'successful' }, 'Your business is verified'],
    [{ phase: 'closed', status: 'failed', closedReason: 'failed' }, 'This check is closed'],
    [{ phase: 'closed', status: 'started', closedReason: 'expired' }, 'This link has expired'],
  ] as const)('shows its own screen for %o', async (state, title) => {
    const api = fakeApi(async () => session(state as Partial<HostedCompanySession>));
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('says so when the link is unknown', async () => {
    const api = fakeApi(async () => {
      throw new CompanyApiError('not_found', 404);
    });
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    expect(await screen.findByRole('heading', { level: 1, name: "We can't find this link" })).toBeTruthy();
  });
});

describe('company flow page: resume and autosave', () => {
  it('starts a fresh link at welcome and records the consent with the first save on Start', async () => {
    const api = fakeApi(async () => session());
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    fireEvent.click(await screen.findByTestId('welcome-start'));
    expect(await screen.findByRole('heading', { level: 1, name: 'About the business' })).toBeTruthy();
    await waitFor(() => expect(api.saveDraft).toHaveBeenCalledWith({ consent: true, currentStep: 0 }));
    expect(api.saveDraft).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('step-indicator').textContent).toBe('Step 1 of 8');
  });

  it('continues a started link at the saved step with the saved data, and autosaves typing', async () => {
    const api = fakeApi(async () =>
      session({
        status: 'started',
        statusCode: 2002,
        draft: { representative: { firstName: 'Ada', lastName: 'Lovelace' } },
        progress: { currentStep: 2, completedSteps: ['business', 'contact'], submittedAt: null, consentedAt: CONSENTED },
      }),
    );
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'About you' })).toBeTruthy();
    const firstName = within(screen.getByTestId('field-firstName')).getByRole('textbox') as HTMLInputElement;
    expect(firstName.value).toBe('Ada');
    expect(screen.getByTestId('step-indicator').textContent).toBe('Step 3 of 8');
    // Completed steps are links back; later ones are not.
    expect(screen.getAllByTestId('step-link-business').length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('step-link-officers')).toHaveLength(0);

    fireEvent.change(within(screen.getByTestId('field-email')).getByRole('textbox'), { target: { value: 'ada@example.com' } });
    await waitFor(
      () => expect(api.saveDraft).toHaveBeenCalledWith(expect.objectContaining({ section: 'representative', data: expect.objectContaining({ firstName: 'Ada', email: 'ada@example.com' }) })),
      { timeout: 3000 },
    );
    await waitFor(() => expect(screen.getByTestId('save-indicator').dataset.status).toBe('saved'));
  });
});

describe('company flow page: removing an officer', () => {
  it('saves the shorter list to the server', async () => {
    const ada = { firstName: 'Ada', lastName: 'Obi', role: 'director', email: '' };
    const api = fakeApi(async () =>
      session({
        status: 'started',
        statusCode: 2002,
        draft: { officers: { items: [ada, { firstName: 'Bo', lastName: 'Ade', role: 'secretary', email: '' }] } },
        progress: { currentStep: 3, completedSteps: ['officers'], submittedAt: null, consentedAt: CONSENTED },
      }),
    );
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bo Ade' }));
    await waitFor(() => expect(screen.queryByTestId('officer-1')).toBeNull());
    await waitFor(() => expect(api.saveDraft).toHaveBeenCalledWith(expect.objectContaining({ section: 'officers', data: { items: [ada] } })), { timeout: 3000 });
  });
});

describe('company flow page: consent and resume at review', () => {
  const business = { legalName: 'Acme', registrationNumber: '1', registrationType: 'other', countryOfRegistration: 'GBR', industry: 'Retail' };
  const noReviewStep = (overrides: Partial<HostedCompanySession> = {}) =>
    session({
      status: 'started',
      statusCode: 2002,
      campaign: { id: 'c', name: 'C', version: 1, definition: testCampaign({ steps: ['business'], livenessRequired: false }) },
      draft: { business },
      ...overrides,
    });

  it('asks again for consent when a started link has none on record, then goes on at the saved step', async () => {
    const api = fakeApi(async () => session({ status: 'started', statusCode: 2002, progress: { currentStep: 2, completedSteps: [], submittedAt: null, consentedAt: null } }));
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    fireEvent.click(await screen.findByTestId('welcome-start'));
    expect(await screen.findByRole('heading', { level: 1, name: 'About you' })).toBeTruthy();
    await waitFor(() => expect(api.saveDraft).toHaveBeenCalledWith({ consent: true, currentStep: 2 }));
  });

  it('records the review as the step past the last section when the campaign has no review step', async () => {
    const api = fakeApi(async () => noReviewStep({ progress: { currentStep: 0, completedSteps: [], submittedAt: null, consentedAt: CONSENTED } }));
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'About the business' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('continue'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your answers' })).toBeTruthy();
    await waitFor(() => expect(api.saveDraft).toHaveBeenLastCalledWith(expect.objectContaining({ section: 'business', currentStep: 1 })));
  });

  it('opens the review on another device once the person reached it', async () => {
    const api = fakeApi(async () => noReviewStep({ progress: { currentStep: 1, completedSteps: ['business'], submittedAt: null, consentedAt: CONSENTED } }));
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your answers' })).toBeTruthy();
    expect(screen.getByTestId('step-indicator').textContent).toBe('Step 2 of 2');
  });

  it('sends the person to the welcome screen when the server has no consent at submit, then back to the review', async () => {
    const api = fakeApi(async () => noReviewStep({ progress: { currentStep: 1, completedSteps: ['business'], submittedAt: null, consentedAt: CONSENTED } }));
    api.submit = vi.fn(async () => {
      throw new CompanyApiError('consent_required', 409);
    });
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    fireEvent.click(await screen.findByTestId('submit'));
    fireEvent.click(await screen.findByTestId('welcome-start'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your answers' })).toBeTruthy();
    await waitFor(() => expect(api.saveDraft).toHaveBeenCalledWith({ consent: true, currentStep: 1 }));
  });
});

describe('company flow page: review and submit', () => {
  const atReview = () =>
    session({
      status: 'started',
      statusCode: 2002,
      campaign: { id: 'c', name: 'C', version: 1, definition: testCampaign({ steps: ['business', 'review'], livenessRequired: false }) },
      draft: { business: { legalName: 'Acme', registrationNumber: '1', registrationType: 'other', countryOfRegistration: 'GBR', industry: 'Retail' } },
      progress: { currentStep: 1, completedSteps: ['business'], submittedAt: null, consentedAt: CONSENTED },
      redirect: 'https://customer.example/back',
    });

  it('shows the server refusal on the review, and the field error after Change', async () => {
    const api = fakeApi(async () => atReview());
    api.submit = vi.fn(async () => {
      throw new CompanyApiError('invalid_form', 400, [{ path: 'business.registrationNumber', message: 'errors.required' }]);
    });
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    fireEvent.click(await screen.findByTestId('submit'));
    expect((await screen.findByTestId('submit-error')).textContent).toContain('Some answers need another look');
    expect(screen.getByTestId('review-business-incomplete')).toBeTruthy();
    fireEvent.click(screen.getByTestId('review-edit-business'));
    expect((await screen.findByTestId('field-registrationNumber-error')).textContent).toBe('Fill this in to continue.');
    expect(screen.getByTestId('continue').textContent).toBe('Save and go back to the summary');
  });

  it('submits, then shows the done screen with the way back to the customer', async () => {
    const api = fakeApi(async () => atReview());
    api.submit = vi.fn(async () => ({ status: 'submitted' as const, statusCode: 2003, submittedAt: '', verificationId: 'cv_1', redirect: 'https://customer.example/back' }));
    renderWithApp(<CompanyFlowPage createApi={() => api} />, LINK);
    fireEvent.click(await screen.findByTestId('submit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you, we have your details' })).toBeTruthy();
    const back = screen.getByTestId('done-redirect');
    expect(back.getAttribute('href')).toBe('https://customer.example/back?verificationId=cv_1&status=submitted');
  });
});
