// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { SecondFactorStep } from './second-factor-step';

beforeAll(() => void initI18n('en'));
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pending = { pending: true as const, methods: ['totp' as const, 'recovery' as const], expiresAt: '2026-01-05T10:05:00.000Z' };

// The second step sends what the member typed as the method they chose, and says in words
// what went wrong: a refused code keeps the step, an expired sign-in asks to start again.
describe('SecondFactorStep', () => {
  it('sends an app code, then a recovery code after switching; explains a refused one', async () => {
    const fetchMock = vi.fn(async () => answer(400, { status: false, code: 400, message: 'no', error: { code: 'wrong_second_factor' } }));
    vi.stubGlobal('fetch', fetchMock);
    const signedIn = vi.fn();
    render(<SecondFactorStep pending={pending} onSignedIn={signedIn} onRestart={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('second-factor-error').textContent).toMatch(/not accepted/));
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ method: 'totp', code: '123 456' });

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghij' } });
    fetchMock.mockImplementationOnce(async () => answer(401, { status: false, code: 401, message: 'no', error: { code: 'sign_in_expired' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('second-factor-error').textContent).toMatch(/expired/));
    expect(JSON.parse(String((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body))).toEqual({ method: 'recovery', code: 'abcde-fghij' });
    expect(signedIn).not.toHaveBeenCalled();
  });

  it('offers a passkey when the member has one', () => {
    render(<SecondFactorStep pending={{ ...pending, methods: ['passkey', 'recovery'] }} onSignedIn={() => undefined} onRestart={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
  });
});
