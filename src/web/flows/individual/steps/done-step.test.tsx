// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_REDIRECT_SECONDS, buildRedirectUrl } from '../../../embed/redirect';
import { initI18n } from '../../../i18n/i18n';
import { DoneStep } from './done-step';

// What the flow hands the screen: the customer's redirect with the session's id and status.
const redirectUrl = buildRedirectUrl('https://shop.example/done?order=42#top', 'ver_123', 'completed')!;

/** One second at a time: each tick is scheduled by the render that follows the previous one. */
function passSeconds(n: number) {
  for (let i = 0; i < n; i++) act(() => void vi.advanceTimersByTime(1000));
}

/** The query the customer's page receives. */
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

beforeAll(() => void initI18n('en'));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DoneStep', () => {
  it('names the customer by a neutral phrase when the key has no branding name', () => {
    render(<DoneStep companyName="" redirectUrl={redirectUrl} onRedirect={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Continue to the company that sent you this link' })).toBeTruthy();
    expect(screen.getByTestId('redirect-countdown').textContent)
      .toBe(`Taking you back to the company that sent you this link in ${AUTO_REDIRECT_SECONDS} seconds…`);
  });

  it('continues to the customer at once with verificationId and status', () => {
    const onRedirect = vi.fn();
    render(<DoneStep companyName="Acme Bank" redirectUrl={redirectUrl} onRedirect={onRedirect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Acme Bank' }));
    expect(onRedirect).toHaveBeenCalledOnce();
    const url = onRedirect.mock.calls[0]![0] as string;
    expect(url.startsWith('https://shop.example/done?')).toBe(true);
    expect(paramsOf(url)).toEqual({ order: '42', verificationId: 'ver_123', status: 'completed' });
    expect(new URL(url).hash).toBe('#top');
  });

  it('counts down and redirects by itself, carrying verificationId and status', () => {
    const onRedirect = vi.fn();
    render(<DoneStep companyName="Acme Bank" redirectUrl={redirectUrl} onRedirect={onRedirect} />);
    expect(screen.getByTestId('redirect-countdown').textContent).toBe(`Taking you back to Acme Bank in ${AUTO_REDIRECT_SECONDS} seconds…`);
    passSeconds(1);
    expect(screen.getByTestId('redirect-countdown').textContent).toBe(`Taking you back to Acme Bank in ${AUTO_REDIRECT_SECONDS - 1} seconds…`);
    passSeconds(AUTO_REDIRECT_SECONDS - 2);
    expect(screen.getByTestId('redirect-countdown').textContent).toBe('Taking you back to Acme Bank in 1 second…');
    expect(onRedirect).not.toHaveBeenCalled();
    passSeconds(1);
    expect(onRedirect).toHaveBeenCalledOnce();
    expect(paramsOf(onRedirect.mock.calls[0]![0] as string)).toMatchObject({ verificationId: 'ver_123', status: 'completed' });
  });

  it('stays when asked (timing adjustable), and Continue still works', () => {
    const onRedirect = vi.fn();
    render(<DoneStep companyName="Acme Bank" redirectUrl={redirectUrl} onRedirect={onRedirect} />);
    passSeconds(2);
    fireEvent.click(screen.getByTestId('stay-here'));
    passSeconds(60);
    expect(onRedirect).not.toHaveBeenCalled();
    expect(screen.queryByTestId('redirect-countdown')).toBeNull();
    expect(screen.getByText('You can close this page.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('continue-redirect'));
    expect(onRedirect).toHaveBeenCalledWith(redirectUrl);
  });
});
