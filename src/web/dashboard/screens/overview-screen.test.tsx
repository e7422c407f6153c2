// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Overview } from '../../../contract/overview';
import { initI18n } from '../../i18n/i18n';
import { OverviewScreen } from './overview-screen';

beforeAll(() => void initI18n('en'));
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const overview: Overview = {
  period: { from: '2026-11-04', to: '2026-12-03' },
  family: 'individual',
  keys: [{ id: 'key_1', name: 'Shop', mode: 'live' }],
  flowVersions: [{ id: 'individual-1', label: 'individual-1' }],
  opened: 40,
  funnel: [
    { step: 'opened', reached: 40, dropOff: 10 }, { step: 'started', reached: 30, dropOff: 5 }, { step: 'document', reached: 25, dropOff: 0 },
    { step: 'front', reached: 25, dropOff: 5 }, { step: 'back', reached: 12, dropOff: 0 }, { step: 'selfie', reached: 20, dropOff: 2 },
    { step: 'submitted', reached: 18, dropOff: 3 }, { step: 'decided', reached: 15, dropOff: 0 },
  ],
  steps: [{ step: 'front', reached: 25, retried: 5, p50Seconds: 13, p90Seconds: 150 }],
  outcomes: [
    { outcome: 'approved', count: 12 }, { outcome: 'declined', count: 3 }, { outcome: 'review', count: 4 },
    { outcome: 'resubmission', count: 1 }, { outcome: 'abandoned', count: 10 }, { outcome: 'cancelled', count: 0 },
  ],
  reasons: [{ outcome: 'declined', reason: 'Document expired', count: 2 }],
  devices: [{ device: 'mobile', opened: 30, submitted: 15 }],
  browsers: [{ browser: 'Chrome', opened: 30, submitted: 15 }],
  volume: [{ day: '2026-12-03', opened: 40, submitted: 18, decided: 15 }],
};

function answer(data: unknown) {
  return new Response(JSON.stringify({ status: true, code: 200, message: 'Fetched overview', data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('OverviewScreen', () => {
  it('shows the funnel with drop-off, step times, outcome rates and reasons in words', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer(overview));
    vi.stubGlobal('fetch', fetchMock);
    render(<MemoryRouter initialEntries={['/dashboard/overview']}><OverviewScreen /></MemoryRouter>);
    const funnel = await screen.findByTestId('overview-funnel');
    const started = within(funnel).getByRole('row', { name: /Started/ });
    expect(started.textContent).toContain('30');
    expect(started.textContent).toContain('75%'); // of the 40 opened
    expect(started.textContent).toContain('5 (16.7%)'); // lost before the document choice
    const front = within(screen.getByTestId('overview-steps')).getByRole('row', { name: /Front photo/ });
    expect(front.textContent).toContain('13 sec');
    expect(front.textContent).toContain('2.5 min');
    expect(front.textContent).toContain('80%'); // 20 of 25 on the first try
    expect(within(screen.getByTestId('overview-outcomes')).getByRole('row', { name: /Approved/ }).textContent).toContain('30%');
    expect(screen.getByTestId('overview-reasons-declined').textContent).toContain('Document expired — 2 times');
    expect(screen.getByTestId('overview-devices').textContent).toContain('Phone');
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/dashboard\/overview\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&family=individual$/);
  });

  it('asks again for the chosen flow and key, and says so when nothing was opened', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer({ ...overview, opened: 0, funnel: [], steps: [], reasons: [], outcomes: [], devices: [], browsers: [], volume: [] }));
    vi.stubGlobal('fetch', fetchMock);
    render(<MemoryRouter initialEntries={['/dashboard/overview']}><OverviewScreen /></MemoryRouter>);
    expect(await screen.findByTestId('overview-empty')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Flow'), { target: { value: 'company' } });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'key_1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(String(fetchMock.mock.calls[1]![0])).toMatch(/family=company&apiKeyId=key_1$/);
  });

  it('offers to try again when the overview cannot be read', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: false, code: 500, message: 'boom' }), { status: 500, headers: { 'content-type': 'application/json' } })));
    render(<MemoryRouter initialEntries={['/dashboard/overview']}><OverviewScreen /></MemoryRouter>);
    expect((await screen.findByTestId('load-error')).textContent).toMatch(/try again/i);
  });
});
