// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { RiskPanel } from './risk-panel';

beforeAll(() => { void initI18n('en'); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const dup = { signal: 'duplicate_face' as const, action: 'review' as const, detail: 'the same face was verified under another name in v_1', matchVerificationId: 'v_1', distance: 0.3 };
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('RiskPanel', () => {
  it('shows each signal with its action and a link to the earlier case; a non-reviewer gets no buttons', () => {
    render(<MemoryRouter><RiskPanel caseId="v_2" signals={[dup]} entries={[]} canManage={false} onChanged={() => {}} /></MemoryRouter>);
    const row = screen.getByTestId('risk-signal-duplicate_face');
    expect(row.textContent).toContain('Same face, another identity');
    expect(row.textContent).toContain('Review');
    expect(screen.getByTestId('risk-match-link').getAttribute('href')).toBe('/dashboard/verifications/individual/v_1');
    expect(screen.queryByTestId('risk-block')).toBeNull();
    expect(screen.queryByTestId('risk-allow-pair')).toBeNull();
  });

  it('a block needs a target and a reason, then posts them and reloads the case', async () => {
    const fetch = answer(200, { status: true, data: [] });
    vi.stubGlobal('fetch', fetch);
    const onChanged = vi.fn();
    render(<MemoryRouter><RiskPanel caseId="v_2" signals={[]} entries={[]} canManage onChanged={onChanged} /></MemoryRouter>);
    expect(screen.getByText('No risk signals on this case.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('risk-block'));
    expect(screen.getByTestId('risk-outcome').textContent).toBe('Choose the face, the document number or both.');
    fireEvent.click(screen.getByTestId('risk-block-face'));
    fireEvent.click(screen.getByTestId('risk-block'));
    expect(screen.getByTestId('risk-outcome').textContent).toBe('Give a reason first.');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('risk-reason'), { target: { value: ' fraud ring ' } });
    fireEvent.click(screen.getByTestId('risk-block'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/dashboard/verifications/individual/v_2/block');
    expect(JSON.parse(init.body as string)).toEqual({ face: true, document: false, reason: 'fraud ring' });
  });

  it('says so when the case has no face left to block, and offers to allow a flagged pair', async () => {
    vi.stubGlobal('fetch', answer(409, { status: false, error: { code: 'no_face_stored' }, data: null }));
    render(<MemoryRouter><RiskPanel caseId="v_2" signals={[dup]} entries={[]} canManage onChanged={() => {}} /></MemoryRouter>);
    expect(screen.getByTestId('risk-allow-pair')).toBeTruthy();
    fireEvent.change(screen.getByTestId('risk-reason'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('risk-block-face'));
    fireEvent.click(screen.getByTestId('risk-block'));
    expect((await screen.findByText(/no face to block/)).textContent).toContain('erased with its media');
  });
});
