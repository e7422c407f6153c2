// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnershipValues } from '../../../../contract/company-form';
import { noop, renderWithApp, testCampaign } from '../test-utils';
import { OwnershipStep } from './ownership-step';

afterEach(cleanup);

const owner = (firstName: string, share: number) => ({ firstName, lastName: 'Doe', share, dateOfBirth: '', nationality: '', email: '' });

function setup(initial: OwnershipValues) {
  const onNext = vi.fn();
  const onChange = vi.fn();
  renderWithApp(
    <OwnershipStep
      campaign={testCampaign({ ownershipThreshold: 10 })}
      initial={initial}
      onChange={onChange}
      onNext={onNext}
      onBack={noop}
      position={{ current: 5, total: 8 }}
      nextLabel="Continue"
      issues={[]}
    />,
  );
  return { onNext, onChange };
}

const shareInput = (index: number) => screen.getByTestId(`owner-${index}-share`).querySelector('input')!;

describe('ownership step', () => {
  it("shows the campaign's threshold", () => {
    setup({ owners: [] });
    expect(screen.getByTestId('ownership-threshold').textContent).toContain('10 %');
  });

  it('refuses shares adding up to more than 100 %, with a visible error, until fixed', async () => {
    const { onNext } = setup({ owners: [owner('Ann', 60), owner('Bob', 40)] });
    expect(screen.queryByTestId('ownership-total-error')).toBeNull();
    fireEvent.change(shareInput(1), { target: { value: '50' } });
    const error = await screen.findByTestId('ownership-total-error');
    expect(error.textContent).toBe("The shares add up to more than 100 %. Check each owner's share.");
    expect(screen.getByTestId('ownership-total').textContent).toContain('110 %');
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('ownership-total')));
    expect(onNext).not.toHaveBeenCalled();

    fireEvent.change(shareInput(1), { target: { value: '39,5' } });
    await waitFor(() => expect(screen.queryByTestId('ownership-total-error')).toBeNull());
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0].owners.map((o: { share: number }) => o.share)).toEqual([60, 39.5]);
  });

  it('adds and removes owners; a new owner without a share blocks Continue', async () => {
    const { onNext, onChange } = setup({ owners: [owner('Ann', 60)] });
    fireEvent.click(screen.getByTestId('owner-add'));
    expect(screen.getByTestId('owner-1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('continue'));
    expect((await screen.findByTestId('owner-1-share-error')).textContent).toBe('Enter a share between 0.01 and 100.');
    expect(onNext).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('owner-1-remove'));
    await waitFor(() => expect(screen.queryByTestId('owner-1')).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith({ owners: [expect.objectContaining({ firstName: 'Ann', share: 60 })] });
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
  });
});
