import { describe, expect, it } from 'vitest';
import { CompanyApiError, errorFromResponse } from './api/api-error';
import { readLinkParams, screenForError, screenForParams, screenForSession } from './link-state';

describe('link parameters', () => {
  it('needs both processId and hostedToken', () => {
    const ok = readLinkParams(new URLSearchParams('processId=p1&hostedToken=t1'));
    expect(ok).toEqual({ processId: 'p1', hostedToken: 't1' });
    expect(screenForParams(ok)).toBeNull();
    expect(screenForParams(readLinkParams(new URLSearchParams('processId=p1')))).toBe('invalid-link');
    expect(screenForParams(readLinkParams(new URLSearchParams('processId=p1&hostedToken=%20')))).toBe('invalid-link');
    expect(screenForParams(readLinkParams(new URLSearchParams('')))).toBe('invalid-link');
  });
});

describe('API errors', () => {
  it('maps a refused token to the open-the-link-as-received screen', () => {
    const err = errorFromResponse(401, { status: false, message: 'Unauthorized', error: { code: 'invalid_token' }, code: 401 });
    expect(err.code).toBe('invalid_token');
    expect(screenForError(err)).toBe('invalid-link');
    expect(screenForError(errorFromResponse(401, null))).toBe('invalid-link');
  });

  it('maps unknown, expired and submitted links to their screens', () => {
    expect(screenForError(errorFromResponse(400, { error: { code: 'not_found' } }))).toBe('not-found');
    expect(screenForError(errorFromResponse(410, { error: { code: 'expired' } }))).toBe('expired');
    expect(screenForError(errorFromResponse(409, { error: { code: 'already_submitted' } }))).toBe('submitted');
  });

  it('treats network and server trouble as retryable', () => {
    expect(screenForError(new CompanyApiError('network', 0))).toBe('unavailable');
    const proxyPage = errorFromResponse(502, null);
    expect(proxyPage.code).toBe('server');
    expect(proxyPage.retryable).toBe(true);
    expect(errorFromResponse(429, { error: { code: 'whatever' } }).retryable).toBe(true);
  });

  it('keeps field issues of a refused submit', () => {
    const err = errorFromResponse(400, {
      error: { code: 'invalid_form', issues: [{ path: 'business.legalName', message: 'errors.required' }, { bad: 1 }] },
    });
    expect(err.code).toBe('invalid_form');
    expect(err.issues).toEqual([{ path: 'business.legalName', message: 'errors.required' }]);
    expect(err.retryable).toBe(false);
  });
});

describe('session phases', () => {
  it('shows the form while editable', () => {
    expect(screenForSession({ phase: 'form', status: 'started', closedReason: null })).toBeNull();
  });

  it('shows submitted and under-review screens', () => {
    expect(screenForSession({ phase: 'submitted', status: 'submitted', closedReason: null })).toBe('submitted');
    expect(screenForSession({ phase: 'submitted', status: 'under review', closedReason: null })).toBe('under-review');
  });

  it('shows one screen per closed reason', () => {
    expect(screenForSession({ phase: 'closed', status: 'not started', closedReason: 'expired' })).toBe('expired');
    expect(screenForSession({ phase: 'closed', status: 'abandoned', closedReason: 'abandoned' })).toBe('abandoned');
    expect(screenForSession({ phase: 'closed', status: 'successful', closedReason: 'successful' })).toBe('successful');
    expect(screenForSession({ phase: 'closed', status: 'failed', closedReason: 'failed' })).toBe('failed');
    expect(screenForSession({ phase: 'closed', status: 'failed', closedReason: null })).toBe('failed');
  });
});
