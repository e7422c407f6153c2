// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostedSession } from '../../../../contract/hosted-individual';
import { initI18n } from '../../../i18n/i18n';
import type { CaptureSnapshot } from '../capture-store';
import { ReviewStep } from './review-step';
import { WelcomeStep } from './welcome-step';

const session: HostedSession = {
  processId: 'p1', status: 'not started', decision: null, phase: 'welcome', closedReason: null, document: null,
  captured: { documentFront: false, documentBack: false, selfie: false }, needsBack: null,
  expiresAt: '2030-01-01T00:00:00.000Z', redirect: null,
  branding: { name: 'Acme Bank', logoUrl: null, accentColor: null, privacyPolicyUrl: 'https://acme.example/privacy' },
  liveness: { status: 'not_performed', attemptsLeft: 3, selfieUploadAllowed: false },
  resubmissionRequested: false, defaultLanguage: null, testMode: true, verificationId: 'v1',
};

beforeAll(() => void initI18n('en'));
afterEach(cleanup);

describe('WelcomeStep', () => {
  it('asks for consent before starting, then starts', async () => {
    const onStart = vi.fn(async () => undefined);
    render(<WelcomeStep session={session} onStart={onStart} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Let's check it's really you");
    // The heading takes focus so screen readers start at the top of the step.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByText(/Acme Bank asks you to confirm/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('alert').textContent).toContain('Tick the box');
    expect(onStart).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(onStart).toHaveBeenCalledOnce());
  });

  it('names the customer by its branding name, or by a neutral phrase capitalised where a sentence starts with it', async () => {
    const { unmount } = render(<WelcomeStep session={session} onStart={vi.fn()} />);
    expect(screen.getByText('Acme Bank asks you to confirm your identity. It takes about 2 minutes.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /privacy policy of Acme Bank/ })).toBeTruthy();
    unmount();
    const unnamed = { ...session, branding: { ...session.branding, name: '' } };
    const second = render(<WelcomeStep session={unnamed} onStart={vi.fn()} />);
    expect(screen.getByText('The company that sent you this link asks you to confirm your identity. It takes about 2 minutes.')).toBeTruthy();
    expect(screen.getByText(/send them to the company that sent you this link to confirm who you are/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Read the privacy policy of the company that sent you this link/ })).toBeTruthy();
    second.unmount();
    await i18next.changeLanguage('de');
    try {
      render(<WelcomeStep session={unnamed} onStart={vi.fn()} />);
      expect(screen.getByText(/^Das Unternehmen hinter diesem Link bittet Sie, Ihre Identität zu bestätigen\./)).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('links the privacy policy only when it is an http(s) URL', () => {
    const { unmount } = render(<WelcomeStep session={session} onStart={vi.fn()} />);
    const link = screen.getByRole('link', { name: /privacy policy/ });
    expect(link.getAttribute('href')).toBe('https://acme.example/privacy');
    expect(link.getAttribute('rel')).toContain('noopener');
    unmount();
    render(<WelcomeStep session={{ ...session, branding: { ...session.branding, privacyPolicyUrl: 'javascript:alert(1)' } }} onStart={vi.fn()} />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says what went wrong when starting fails, and lets the person retry', async () => {
    const { HostedApiError } = await import('../../../api/errors');
    const onStart = vi.fn(async () => {
      throw new HostedApiError('network', null, 'offline');
    });
    render(<WelcomeStep session={session} onStart={onStart} />);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByTestId('api-error').textContent).toContain('offline'));
    expect((screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('ReviewStep', () => {
  const blob = new Blob(['x'], { type: 'image/jpeg' });
  const captures: CaptureSnapshot = {
    'document-front': { slot: 'document-front', blob, previewUrl: 'blob:front', width: 1, height: 1, upload: { kind: 'uploaded' } },
    selfie: { slot: 'selfie', blob, previewUrl: 'blob:selfie', width: 1, height: 1, upload: { kind: 'failed', error: 'invalid_media', retryable: false } },
  };

  it('shows each capture with its state and blocks submit until a refused photo is retaken', () => {
    const onRetake = vi.fn();
    const onSubmit = vi.fn();
    render(
      <ReviewStep
        slots={['document-front', 'document-back', 'selfie']}
        captures={captures}
        serverHas={{ 'document-front': true, 'document-back': true, selfie: false }}
        step={{ current: 4, total: 4 }}
        onRetake={onRetake}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByTestId('step-indicator').textContent).toBe('Step 4 of 4');
    expect(screen.getByTestId('review-item-document-front').dataset.state).toBe('uploaded');
    expect(screen.getByTestId('review-item-document-back').dataset.state).toBe('received');
    expect(screen.getByTestId('review-item-selfie').dataset.state).toBe('failed-retake');
    expect(screen.getByRole('img', { name: 'Document front photo' }).getAttribute('src')).toBe('blob:front');
    expect((screen.getByRole('button', { name: 'Send for checking' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Retake: Selfie' }));
    expect(onRetake).toHaveBeenCalledWith('selfie');
  });

  it('says a back refused as the front again must be turned over, and asks for it again', () => {
    const blob = new Blob(['x']);
    render(
      <ReviewStep
        slots={['document-front', 'document-back', 'selfie']}
        captures={{ 'document-back': { slot: 'document-back', blob, previewUrl: 'blob:back', width: 1, height: 1, upload: { kind: 'failed', error: 'same_side', retryable: false } } }}
        serverHas={{ 'document-front': true, 'document-back': false, selfie: true }}
        step={{ current: 4, total: 4 }}
        onRetake={vi.fn()}
        onSubmit={vi.fn()}
      />,
    );
    const item = screen.getByTestId('review-item-document-back');
    expect(item.dataset.state).toBe('failed-retake');
    expect(item.textContent).toContain('This photo shows the same side of your document as your other photo. Turn the document over, then try again.');
    expect((screen.getByRole('button', { name: 'Send for checking' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
