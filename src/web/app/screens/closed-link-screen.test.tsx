// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { ClosedLinkScreen } from './closed-link-screen';
import { StatusScreen } from './status-screen';

beforeAll(() => void initI18n('en'));
afterEach(cleanup);

describe('customer name on the outcome screens', () => {
  it('closed link: the brand name, or the neutral phrase capitalised at the start of a sentence', () => {
    const { unmount } = render(<ClosedLinkScreen reason="cancelled" companyName="Acme Bank" />);
    expect(screen.getByTestId('closed-reason').textContent).toBe('Acme Bank cancelled this identity check, so the link no longer works.');
    unmount();
    render(<ClosedLinkScreen reason="cancelled" companyName="" />);
    expect(screen.getByTestId('closed-reason').textContent)
      .toBe('The company that sent you this link cancelled this identity check, so the link no longer works.');
    expect(screen.getByText(/ask the company that sent you this link for a new link\.$/)).toBeTruthy();
  });

  it('status: the neutral phrase inside sentences and on the button', () => {
    render(<StatusScreen companyName="" decision={null} justSubmitted continueUrl="https://shop.example/done" />);
    expect(screen.getByText('Your photos have been sent to the company that sent you this link.')).toBeTruthy();
    expect(screen.getByTestId('status-text').textContent).toContain(': the company that sent you this link will let you know the result.');
    expect(screen.getByRole('link', { name: 'Continue to the company that sent you this link' })).toBeTruthy();
  });
});
