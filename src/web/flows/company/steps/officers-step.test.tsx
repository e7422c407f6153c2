// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfficersValues } from '../../../../contract/company-form';
import { noop, renderWithApp, testCampaign } from '../test-utils';
import { OfficersStep } from './officers-step';

afterEach(cleanup);

const ada = { firstName: 'Ada', lastName: 'Obi', role: 'director', email: 'ada@acme.example' };
const bo = { firstName: 'Bo', lastName: 'Ade', role: 'secretary', email: '' };

function setup(initial: OfficersValues | undefined, representative = { firstName: 'Chidi', lastName: 'Eze', email: 'chidi@acme.example' }) {
  const onNext = vi.fn();
  const onChange = vi.fn();
  renderWithApp(
    <OfficersStep
      campaign={testCampaign()}
      initial={initial}
      onChange={onChange}
      onNext={onNext}
      onBack={noop}
      position={{ current: 4, total: 8 }}
      nextLabel="Continue"
      issues={[]}
      representative={representative}
    />,
  );
  return { onNext, onChange };
}

const textbox = (testId: string) => within(screen.getByTestId(testId)).getByRole('textbox') as HTMLInputElement;
const select = (testId: string) => within(screen.getByTestId(testId)).getByRole('combobox') as HTMLSelectElement;

describe('officers step', () => {
  it('adds an officer, validates the new card, and continues with what was typed', async () => {
    const { onNext, onChange } = setup(undefined);
    expect(screen.getByTestId('officers-empty').textContent).toBe('No one added yet.');
    fireEvent.click(screen.getByTestId('officer-add'));
    expect(screen.queryByTestId('officers-empty')).toBeNull();
    expect(screen.getByTestId('officer-0')).toBeTruthy();

    fireEvent.click(screen.getByTestId('continue'));
    expect((await screen.findByTestId('officer-0-firstName-error')).textContent).toBe('Fill this in to continue.');
    expect(screen.getByTestId('officer-0-role-error').textContent).toBe('Choose an answer to continue.');
    expect(onNext).not.toHaveBeenCalled();

    fireEvent.change(textbox('officer-0-firstName'), { target: { value: 'Ngozi' } });
    fireEvent.change(textbox('officer-0-lastName'), { target: { value: 'Eze' } });
    fireEvent.change(select('officer-0-role'), { target: { value: 'chief_financial' } });
    fireEvent.change(textbox('officer-0-email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('continue'));
    expect((await screen.findByTestId('officer-0-email-error')).textContent).toBe('Enter an email address like name@example.com.');
    fireEvent.change(textbox('officer-0-email'), { target: { value: ' ngozi@acme.example ' } });
    await waitFor(() => expect(screen.queryByTestId('officer-0-email-error')).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith({ items: [expect.objectContaining({ firstName: 'Ngozi', role: 'chief_financial' })] });
    // The card's title follows the name typed.
    expect(within(screen.getByTestId('officer-0')).getByRole('heading').textContent).toBe('Officer 1: Ngozi Eze');

    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0]).toEqual({ items: [{ firstName: 'Ngozi', lastName: 'Eze', role: 'chief_financial', email: 'ngozi@acme.example' }] });
  });

  it('edits a saved officer and reports the change for autosave', async () => {
    const { onNext, onChange } = setup({ items: [ada, bo] });
    expect(textbox('officer-1-firstName').value).toBe('Bo');
    fireEvent.change(textbox('officer-1-firstName'), { target: { value: 'Bola' } });
    expect(onChange).toHaveBeenLastCalledWith({ items: [ada, { ...bo, firstName: 'Bola' }] });
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0].items.map((o: { firstName: string }) => o.firstName)).toEqual(['Ada', 'Bola']);
  });

  it('removes the chosen officer (not another one), reports the shorter list for autosave, and keeps focus in the form', async () => {
    const { onNext, onChange } = setup({ items: [ada, bo, { ...bo, firstName: 'Cy' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bo Ade' }));
    await waitFor(() => expect(screen.queryByTestId('officer-2')).toBeNull());
    expect(textbox('officer-0-firstName').value).toBe('Ada');
    expect(textbox('officer-1-firstName').value).toBe('Cy');
    expect(onChange).toHaveBeenLastCalledWith({ items: [ada, { ...bo, firstName: 'Cy' }] });
    expect(document.activeElement).toBe(screen.getByTestId('officer-add'));

    fireEvent.click(screen.getByTestId('officer-0-remove'));
    fireEvent.click(screen.getByTestId('officer-0-remove'));
    await waitFor(() => expect(screen.getByTestId('officers-empty')).toBeTruthy());
    expect(onChange).toHaveBeenLastCalledWith({ items: [] });
    // Officers are optional as a list: an empty one continues.
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledWith({ items: [] }));
  });

  it('offers the representative as a one-tap officer until listed', async () => {
    const { onChange } = setup({ items: [] });
    fireEvent.click(screen.getByTestId('officer-add-me'));
    expect(textbox('officer-0-firstName').value).toBe('Chidi');
    expect(textbox('officer-0-email').value).toBe('chidi@acme.example');
    expect(onChange).toHaveBeenLastCalledWith({ items: [expect.objectContaining({ firstName: 'Chidi', lastName: 'Eze' })] });
    expect(screen.queryByTestId('officer-add-me')).toBeNull();
  });
});
