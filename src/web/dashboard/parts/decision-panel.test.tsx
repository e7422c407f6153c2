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
    fireEvent.click(screen.getByTestId('confirm-button'));
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
});
