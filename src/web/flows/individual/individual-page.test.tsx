// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FlowRouter, memoryHistory, useLocation } from '../../app/router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostedSession } from '../../../contract/hosted-individual';
import { initI18n } from '../../i18n/i18n';
import { IndividualPage } from './individual-page';

const base: HostedSession = {
  processId: 'a'.repeat(32), status: 'not started', decision: null, phase: 'welcome', closedReason: null, document: null,
  captured: { documentFront: false, documentBack: false, selfie: false }, needsBack: null,
  expiresAt: '2030-01-01T00:00:00.000Z', redirect: null,
  branding: { name: 'Acme Bank', logoUrl: null, accentColor: '#ffd400', privacyPolicyUrl: null },
  liveness: { status: 'not_performed', attemptsLeft: 3, selfieUploadAllowed: false },
  resubmissionRequested: false, defaultLanguage: null, testMode: false, verificationId: 'a'.repeat(32),
};
const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify(status === 200 ? { status: true, message: 'ok', data, code: 200 } : { status: false, message: 'no', error: data, code: status }), { status });

let calls: string[] = [];
function serve(routes: Record<string, () => Response>) {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    const handler = routes[key];
    if (!handler) throw new TypeError(`unexpected ${key}`);
    return handler();
  }));
}

let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

function open(url: string) {
  return render(
    <FlowRouter history={memoryHistory(url)}>
      <IndividualPage />
      <LocationProbe />
    </FlowRouter>,
  );
}

const id = 'a'.repeat(32);
const api = `/api/v1/hosted/verifications/${id}`;

beforeAll(() => void initI18n('en'));
beforeEach(() => {
  // Keep the capture prefetch (MediaPipe) out of jsdom.
  vi.stubGlobal('requestIdleCallback', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IndividualPage', () => {
  it('explains an unusable link without calling the server', () => {
    serve({});
    open('/');
    expect(screen.getByTestId('unknown-link-screen')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("This link doesn't work");
    expect(calls).toEqual([]);
  });

  it('explains a link the server does not know', async () => {
    serve({ [`GET ${api}`]: () => envelope({ code: 'not_found' }, 404) });
    open(`/?processId=${id}`);
    await screen.findByTestId('unknown-link-screen');
  });

  it('shows the closed-link screen for each reason', async () => {
    serve({ [`GET ${api}`]: () => envelope({ ...base, phase: 'closed', status: 'abandoned', decision: 'expired', closedReason: 'expired' }) });
    open(`/?processId=${id}`);
    await screen.findByTestId('closed-link-screen');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link has expired');
    expect(screen.getByText('Ask Acme Bank for a new link.')).toBeTruthy();
  });

  it('starts after consent, applies the branding, and moves to the document step in the URL', async () => {
    const started = { ...base, status: 'started' as const, phase: 'capture' as const };
    serve({
      [`GET ${api}`]: () => envelope(base),
      [`POST ${api}/start`]: () => envelope(started),
    });
    open(`/?processId=${id}&lang=en`);
    await screen.findByTestId('welcome-screen');
    expect(screen.getByTestId('app-header').textContent).toContain('Acme Bank');
    // Applied in an effect, which may run just after the screen shows.
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--idv-accent')).toBe('rgb(255 212 0)'));
    expect(document.documentElement.style.getPropertyValue('--idv-on-accent')).toBe('#14161a');
    fireEvent.click(screen.getByTestId('consent-checkbox'));
    fireEvent.click(screen.getByTestId('start-button'));
    await screen.findByTestId('document-choice-screen');
    expect(calls).toContain(`POST ${api}/start`);
    await waitFor(() => expect(new URLSearchParams(currentSearch).get('step')).toBe('document'));
    expect(new URLSearchParams(currentSearch).get('lang')).toBe('en');
  });

  it('resumes where the server is and refuses a step past it', async () => {
    const resumed = {
      ...base, status: 'started' as const, phase: 'capture' as const,
      document: { type: 'PASSPORT' as const, issuingState: 'FRA' }, needsBack: false,
      captured: { documentFront: true, documentBack: false, selfie: false },
    };
    serve({ [`GET ${api}`]: () => envelope(resumed) });
    open(`/?processId=${id}&step=review`);
    await waitFor(() => expect(new URLSearchParams(currentSearch).get('step')).toBe('selfie'));
  });

  it('reopens the captures after a resubmission request and says why', async () => {
    const reopened = {
      ...base, status: 'started' as const, phase: 'capture' as const, decision: 'resubmit' as const,
      document: { type: 'PASSPORT' as const, issuingState: 'FRA' }, needsBack: false,
      resubmissionRequested: true, resubmissionReason: 'Glare on the document',
    };
    serve({ [`GET ${api}`]: () => envelope(reopened) });
    open(`/?processId=${id}`);
    await screen.findByTestId('document-front-screen');
    expect(screen.getByTestId('resubmission-notice').textContent).toBe('We need new photos: Glare on the document');
  });

  it('follows a submitted session on the status screen', async () => {
    serve({ [`GET ${api}`]: () => envelope({ ...base, status: 'completed', phase: 'submitted', decision: 'review' }) });
    open(`/?processId=${id}`);
    await screen.findByTestId('status-screen');
    expect(screen.getByTestId('status-text').textContent).toContain('A specialist is checking');
  });

  it('offers a retry when the server cannot be reached', async () => {
    let fail = true;
    serve({ [`GET ${api}`]: () => (fail ? envelope(null, 503) : envelope(base)) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open(`/?processId=${id}`);
      await vi.waitFor(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
        expect(screen.getByTestId('request-error-screen')).toBeTruthy();
      });
      fail = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await screen.findByTestId('welcome-screen');
    } finally {
      vi.useRealTimers();
    }
  });
});
