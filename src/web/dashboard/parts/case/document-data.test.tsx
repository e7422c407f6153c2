// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { DocumentData, readableDate } from './document-data';
import { NextCase } from './next-case';
import { RiskPanel } from './risk-panel';

beforeAll(() => { void initI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const row = (field: string) => document.querySelector(`[data-field="${field}"]`)!;

describe('the document data as a reviewer reads it', () => {
  it('labels every field, names the country and the document, writes dates in the reviewer\'s language, and shows what was not read', () => {
    render(<DocumentData docInfo={{ docType: 'NATIONAL_ID', docNumber: 'D23145890', issuingState: 'DEU', lastName: 'HOPPER', firstName: 'GRACE', middleName: '', dob: '1976-12-09', expiryDate: '2031-12-09', issueDate: '', sex: 'F' }} />);
    expect(row('lastName').textContent).toBe('SurnameHOPPER');
    expect(row('issuingState').textContent).toBe('Issued byGermany (DEU)');
    expect(row('dob').textContent).toBe('Date of birthDecember 9, 1976 (1976-12-09)');
    expect(row('docType').textContent).toBe('DocumentNational ID card');
    expect(row('sex').textContent).toBe('SexFemale');
    expect(row('issueDate').textContent).toBe('Issued onNot read');
    // No middle name: no empty row for it.
    expect(document.querySelector('[data-field="middleName"]')).toBeNull();
  });

  it('a date is written in the reader\'s language; anything that is not a full date is kept as read', () => {
    expect(readableDate('1976-12-09', 'de')).toBe('9. Dezember 1976');
    expect(readableDate('1976', 'en')).toBe('1976');
  });
});

const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify({ status: true, data: body }), { status: 200, headers: { 'content-type': 'application/json' } }));
const item = (id: string, family = 'individual') => ({ family, id, status: 'completed', statusCode: 2003, vendorData: '', keyId: 'k', keyName: 'k', keyMode: 'live', waitingForReview: true, createdAt: '', updatedAt: '' });

describe('after a decision', () => {
  it('offers the next waiting case, not the one just decided', async () => {
    vi.stubGlobal('fetch', answer({ items: [item('v_1'), item('cv_2', 'company')], total: 2, counts: { individual: {}, company: {}, waitingForReview: 2 }, keys: [] }));
    render(<MemoryRouter><NextCase currentId="v_1" /></MemoryRouter>);
    expect((await screen.findByTestId('next-case')).getAttribute('href')).toBe('/dashboard/verifications/company/cv_2');
  });

  it('says when none is left', async () => {
    vi.stubGlobal('fetch', answer({ items: [item('v_1')], total: 1, counts: { individual: {}, company: {}, waitingForReview: 1 }, keys: [] }));
    render(<MemoryRouter><NextCase currentId="v_1" /></MemoryRouter>);
    expect((await screen.findByTestId('no-next-case')).textContent).toContain('No other case is waiting.');
  });
});

describe('the earlier case of a repeat', () => {
  it('lists the later cases that match it, with a link to each', () => {
    render(<MemoryRouter><RiskPanel caseId="v_1" signals={[]} entries={[]} canManage={false} onChanged={() => {}}
      matchedBy={[{ verificationId: 'v_9', status: 'completed', signal: 'reused_document', detail: 'the same document number was read with another face in v_1' }]} /></MemoryRouter>);
    expect(screen.getByText('Later cases that match this one')).toBeTruthy();
    expect(screen.getByTestId('risk-matched-by-link').getAttribute('href')).toBe('/dashboard/verifications/individual/v_9');
  });
});
