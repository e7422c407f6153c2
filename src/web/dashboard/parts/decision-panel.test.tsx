// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { DashboardError } from '../dashboard-api';
import { DecisionPanel } from './decision-panel';

beforeAll(() => {
  void initI18n('en');
  // jsdom has <dialog> without the modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) { this.open = false; };
});
afterEach(cleanup);

describe('DecisionPanel', () => {
  it('asks for a reason before a decline, and asks for confirmation before deciding', async () => {
    const onDecide = vi.fn(async () => undefined);
    render(<DecisionPanel waiting allowResubmit onDecide={onDecide} />);
    fireEvent.click(screen.getByTestId('decline'));
    expect(screen.getByText('Give a reason.')).toBeTruthy();
    expect((screen.getByTestId('confirm-dialog') as HTMLDialogElement).open).toBe(false);
    fireEvent.change(screen.getByTestId('decision-reason'), { target: { value: '  Blurry document  ' } });
    fireEvent.click(screen.getByTestId('decline'));
    expect((screen.getByTestId('confirm-dialog') as HTMLDialogElement).open).toBe(true);
    expect(onDecide).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('failed', 'Blurry document'));
    expect((await screen.findByTestId('decision-outcome')).textContent).toBe('Decision recorded.');
  });

  it('says when someone else decided first, and offers no actions on a decided case', async () => {
    const onDecide = vi.fn(async () => { throw new DashboardError(409, 'not_in_review', 'x'); });
    const { rerender } = render(<DecisionPanel waiting allowResubmit={false} onDecide={onDecide} />);
    expect(screen.queryByTestId('resubmit')).toBeNull();
    fireEvent.click(screen.getByTestId('approve'));
    expect((await screen.findByTestId('decision-outcome')).textContent).toContain('Someone else decided this case first');
    rerender(<DecisionPanel waiting={false} allowResubmit onDecide={onDecide} />);
    expect(screen.queryByTestId('approve')).toBeNull();
    expect(screen.getByTestId('not-waiting')).toBeTruthy();
  });

  it('a common reason fills the reason, which stays editable', () => {
    render(<DecisionPanel waiting allowResubmit onDecide={vi.fn(async () => undefined)} />);
    fireEvent.change(screen.getByTestId('decision-common-reason'), { target: { value: 'glare' } });
    expect((screen.getByTestId('decision-reason') as HTMLTextAreaElement).value).toBe('Glare hides part of the document.');
    fireEvent.change(screen.getByTestId('decision-reason'), { target: { value: 'Glare hides the date of birth.' } });
    fireEvent.click(screen.getByTestId('resubmit'));
    expect((screen.getByTestId('confirm-dialog') as HTMLDialogElement).open).toBe(true);
  });

  it('keys: A asks to approve, D to decline (a reason first), R for new photos; never while typing', async () => {
    const onDecide = vi.fn(async () => undefined);
    render(<DecisionPanel waiting allowResubmit onDecide={onDecide} />);
    // Typing an "a" in the reason is typing, not approving.
    fireEvent.keyDown(screen.getByTestId('decision-reason'), { key: 'a' });
    expect((screen.getByTestId('confirm-dialog') as HTMLDialogElement).open).toBe(false);
    fireEvent.keyDown(document.body, { key: 'd' });
    expect(screen.getByText('Give a reason.')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    expect((screen.getByTestId('confirm-dialog') as HTMLDialogElement).open).toBe(false);
    fireEvent.keyDown(document.body, { key: 'A' });
    expect((screen.getByTestId('confirm-dialog') as HTMLDialogElement).open).toBe(true);
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('successful', ''));
  });

  it('no shortcuts when nothing waits', () => {
    render(<DecisionPanel waiting={false} allowResubmit onDecide={vi.fn(async () => undefined)} />);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect((screen.getByTestId('confirm-dialog') as HTMLDialogElement).open).toBe(false);
  });

  it('the Approve button approves at once (a clean case: open, approve); the decline still asks', async () => {
    const onDecide = vi.fn(async () => undefined);
    render(<DecisionPanel waiting allowResubmit onDecide={onDecide} />);
    fireEvent.click(screen.getByTestId('approve'));
    expect((screen.getByTestId('confirm-dialog') as HTMLDialogElement).open).toBe(false);
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('successful', ''));
    expect((await screen.findByTestId('decision-outcome')).textContent).toBe('Decision recorded.');
  });

  it('four-eyes: a colleague\'s decision is confirmed in one click; one\'s own waits; a held decision says so', async () => {
    const onDecide = vi.fn(async () => 'proposed' as const);
    const proposal = { decision: 'failed' as const, reason: 'Printed copy of a card', email: 'ann@acme.test', mine: false };
    const { rerender } = render(<DecisionPanel waiting allowResubmit onDecide={onDecide} proposal={proposal} />);
    expect(screen.getByTestId('four-eyes-proposal').textContent).toContain('ann@acme.test declined this case');
    fireEvent.click(screen.getByTestId('confirm-proposal'));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('failed', 'Printed copy of a card'));
    expect((await screen.findByTestId('decision-outcome')).textContent).toContain('a second reviewer must confirm');
    rerender(<DecisionPanel waiting allowResubmit onDecide={onDecide} proposal={{ ...proposal, mine: true }} />);
    expect(screen.queryByTestId('confirm-proposal')).toBeNull();
    expect(screen.getByTestId('four-eyes-proposal').textContent).toContain('You made this decision');
  });

  it('says so when the same reviewer tries to confirm their own decision', async () => {
    render(<DecisionPanel waiting allowResubmit onDecide={vi.fn(async () => { throw new DashboardError(409, 'four_eyes_same_reviewer', 'x'); })} />);
    fireEvent.click(screen.getByTestId('approve'));
    expect((await screen.findByTestId('decision-outcome')).textContent).toContain('another reviewer must confirm your decision');
  });
});
