// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { switchLanguage } from './switch-language';
import { useKeyLanguage } from './use-key-language';

beforeAll(() => void initI18n('en'));
afterEach(async () => { cleanup(); await i18next.changeLanguage('en'); });

function Probe({ keyDefault }: { keyDefault: 'ha' | null }) {
  const ready = useKeyLanguage(keyDefault);
  return <p data-testid="probe">{ready ? 'ready' : 'waiting'}</p>;
}

describe('useKeyLanguage', () => {
  it("switches once to the key's language, then leaves the person's own choice alone", async () => {
    const view = render(<StrictMode><Probe keyDefault="ha" /></StrictMode>);
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(i18next.language).toBe('ha');
    expect(view.getByTestId('probe').textContent).toBe('ready');
    await act(async () => { await switchLanguage('ig', ['common'], i18next); });
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(i18next.language).toBe('ig');
    expect(view.getByTestId('probe').textContent).toBe('ready');
  });

  it('is ready at once without a key language', () => {
    const view = render(<Probe keyDefault={null} />);
    expect(view.getByTestId('probe').textContent).toBe('ready');
    expect(i18next.language).toBe('en');
  });
});
