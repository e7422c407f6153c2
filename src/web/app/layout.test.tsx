// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { SUPPORTED_LANGUAGES } from '../i18n/languages';
import { AppLayout } from './layout';

beforeAll(() => void initI18n('en'));
afterEach(cleanup);

const branding = (name: string, logoUrl: string | null = null) => ({ name, logoUrl, accentColor: null });

describe('AppLayout', () => {
  it('shows the branding name in the banner and the page title', () => {
    render(<AppLayout branding={branding('Acme Bank')}><p>x</p></AppLayout>);
    expect(screen.getByTestId('app-brand').textContent).toBe('Acme Bank');
    expect(document.title).toBe('Identity check for Acme Bank');
  });

  it('shows the neutral app title when the key has no branding name, never an empty banner', () => {
    render(<AppLayout branding={branding('')}><p>x</p></AppLayout>);
    expect(screen.getByTestId('app-brand').textContent).toBe('Identity check');
    expect(document.title).toBe('Identity check');
  });

  it('describes a logo without a branding name by the neutral phrase, and keeps the title readable', () => {
    render(<AppLayout branding={branding('', 'https://cdn.example/logo.png')}><p>x</p></AppLayout>);
    expect(screen.getByRole('img').getAttribute('alt')).toBe('The company that sent you this link');
    expect(screen.getByText('Identity check').getAttribute('aria-hidden')).toBeNull();
  });

  it('offers every language, each named in itself, and switching changes the texts and the direction', async () => {
    render(<AppLayout branding={branding('Acme Bank')}><p>x</p></AppLayout>);
    const picker = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    const options = [...picker.options];
    expect(options.map((o) => o.value)).toEqual([...SUPPORTED_LANGUAGES]);
    expect(options.find((o) => o.value === 'fr')?.textContent).toBe('français');
    expect(options.find((o) => o.value === 'fa')?.getAttribute('lang')).toBe('fa');
    fireEvent.change(picker, { target: { value: 'fa' } });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('fa');
    expect(i18next.t('language')).not.toBe('Language');
    await i18next.changeLanguage('en');
  });
});
