// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { AppLayout } from './layout';

beforeAll(() => void initI18n('en'));
afterEach(cleanup);

const branding = (name: string, logoUrl: string | null = null) => ({ name, logoUrl, accentColor: null });

describe('AppLayout', () => {
  it('shows the branding name in the banner and the page title', () => {
    render(<AppLayout branding={branding('Acme Bank')}><p>x</p></AppLayout>);
    expect(screen.getByTestId('app-header').textContent).toBe('Acme Bank');
    expect(document.title).toBe('Identity check for Acme Bank');
  });

  it('shows the neutral app title when the key has no branding name, never an empty banner', () => {
    render(<AppLayout branding={branding('')}><p>x</p></AppLayout>);
    expect(screen.getByTestId('app-header').textContent).toBe('Identity check');
    expect(document.title).toBe('Identity check');
  });

  it('describes a logo without a branding name by the neutral phrase, and keeps the title readable', () => {
    render(<AppLayout branding={branding('', 'https://cdn.example/logo.png')}><p>x</p></AppLayout>);
    expect(screen.getByRole('img').getAttribute('alt')).toBe('The company that sent you this link');
    expect(screen.getByText('Identity check').getAttribute('aria-hidden')).toBeNull();
  });
});
