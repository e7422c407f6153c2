// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { initI18n } from '../../i18n/i18n';
import { SetPasswordScreen } from './set-password-screen';

beforeAll(() => void initI18n('en'));
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

// The server's strength estimator refuses a weak password: the screen says why, in the
// person's language, and keeps the form (the link is still valid).
describe('SetPasswordScreen', () => {
  it('explains a refused weak password and lets the person try another', async () => {
    window.history.replaceState(null, '', '/dashboard/set-password#token=abc');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({
      status: false, code: 400, message: 'This password is too easy to guess: use a longer phrase of uncommon words',
      error: { code: 'weak_password', warning: 'Repeated characters like "aaa" are easy to guess.', suggestions: [] },
    }), { status: 400, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const signedIn = vi.fn();
    render(<MemoryRouter><SetPasswordScreen onSignedIn={signedIn} /></MemoryRouter>);
    fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'aaaaaaaaaaaa' } });
    fireEvent.input(screen.getByLabelText('Repeat the password'), { target: { value: 'aaaaaaaaaaaa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(screen.getByTestId('set-password-error').textContent).toMatch(/too easy to guess/));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(signedIn).not.toHaveBeenCalled();
    expect(screen.getByTestId('set-password-form')).toBeTruthy();
  });
});
