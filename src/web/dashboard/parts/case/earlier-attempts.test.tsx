// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { EarlierAttempts } from './earlier-attempts';

beforeAll(() => { void initI18n('en'); });
afterEach(cleanup);

const checks = { version: 1 as const, outcome: 'review' as const, reasons: [], faceMatch: { distance: 0.8, matchMax: 0.53, mismatchMin: 0.74, selfieFaces: 1, documentFaces: 1, documentSide: 'front' } };

describe('earlier tries on the case', () => {
  it('shows when and why a try was sent back, its pictures and its checks', () => {
    render(<EarlierAttempts attempts={[{ attempt: 1, sentBackAt: '2026-12-01T10:00:00Z', reason: 'The card is blurred', images: { selfie: '/media/s', front: '/media/f', back: '' }, checks }]} />);
    expect(screen.getByTestId('earlier-attempt').textContent).toContain('Try 1, sent back on');
    expect(screen.getByTestId('earlier-attempt').textContent).toContain('The card is blurred');
    expect(screen.getByTestId('earlier-1-front')).toBeTruthy();
    expect(screen.queryByTestId('earlier-1-back')).toBeNull();
    expect(screen.getByTestId('check-face').getAttribute('data-state')).toBe('fail');
  });

  it('says the pictures were erased once they were; nothing at all without earlier tries', () => {
    render(<EarlierAttempts attempts={[{ attempt: 1, sentBackAt: '2026-12-01T10:00:00Z', reason: 'x', images: { selfie: '', front: '', back: '' }, checks: null }]} />);
    expect(screen.getByText('The pictures of this try were erased with the media.')).toBeTruthy();
    cleanup();
    const { container } = render(<EarlierAttempts attempts={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
