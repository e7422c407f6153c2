// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomQuestion } from '../../../../contract/campaign';
import type { QuestionsValues } from '../../../../contract/company-form';
import type { FieldIssue } from '../api/api-error';
import { noop, renderWithApp, testCampaign } from '../test-utils';
import { QuestionsStep } from './questions-step';

afterEach(cleanup);

const options = (...values: string[]) => values.map((v) => ({ value: v, label: v.toUpperCase() }));
type Q = Pick<CustomQuestion, 'id' | 'label' | 'type' | 'required'> & { options?: ReturnType<typeof options> };
/** Every question type, each once required and once optional. */
const questions: Q[] = [
  { id: 'short_req', label: 'Trading name', type: 'short_text', required: true },
  { id: 'short_opt', label: 'Former name', type: 'short_text', required: false },
  { id: 'long_req', label: 'Source of funds', type: 'long_text', required: true },
  { id: 'long_opt', label: 'Anything else', type: 'long_text', required: false },
  { id: 'single_req', label: 'Monthly volume', type: 'single_choice', required: true, options: options('low', 'high') },
  { id: 'single_opt', label: 'Team size', type: 'single_choice', required: false, options: options('small', 'large') },
  { id: 'multi_req', label: 'Markets', type: 'multiple_choice', required: true, options: options('eu', 'us', 'africa') },
  { id: 'multi_opt', label: 'Channels', type: 'multiple_choice', required: false, options: options('web', 'shop') },
  { id: 'yes_req', label: 'Regulated', type: 'yes_no', required: true },
  { id: 'yes_opt', label: 'Listed', type: 'yes_no', required: false },
  { id: 'date_req', label: 'Founded', type: 'date', required: true },
  { id: 'date_opt', label: 'Last audit', type: 'date', required: false },
];

function setup(initial: QuestionsValues | undefined, issues: FieldIssue[] = []) {
  const onNext = vi.fn();
  const onChange = vi.fn();
  renderWithApp(
    <QuestionsStep
      campaign={testCampaign({ steps: ['questions', 'review'], livenessRequired: false, questions })}
      initial={initial}
      onChange={onChange}
      onNext={onNext}
      onBack={noop}
      position={{ current: 1, total: 2 }}
      nextLabel="Continue"
      issues={issues}
    />,
  );
  return { onNext, onChange };
}

const q = (id: string) => screen.getByTestId(`question-${id}`);
const errorOf = (id: string) => screen.queryByTestId(`question-${id}-error`)?.textContent ?? null;

describe('questions step', () => {
  it('renders each question type with its own control, optional ones marked', () => {
    setup(undefined);
    for (const id of ['short_req', 'short_opt']) expect(within(q(id)).getByRole('textbox').tagName).toBe('INPUT');
    for (const id of ['long_req', 'long_opt']) expect(within(q(id)).getByRole('textbox').tagName).toBe('TEXTAREA');
    expect(within(q('single_req')).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['low', 'high']);
    expect(within(q('single_req')).getByRole('radio', { name: 'HIGH' })).toBeTruthy();
    expect(within(q('yes_req')).getAllByRole('radio').map((r) => r.parentElement!.textContent)).toEqual(['Yes', 'No']);
    expect(within(q('multi_req')).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(q('multi_req')).getByText('Choose all that apply')).toBeTruthy();
    for (const id of ['date_req', 'date_opt']) expect(q(id).querySelector('input')!.type).toBe('date');
    for (const { id, label, required } of questions) {
      expect(q(id).textContent, id).toContain(label);
      expect(q(id).textContent!.includes('(optional)'), id).toBe(!required);
    }
  });

  it('blocks Continue on every unanswered required question, with its own message, and never on optional ones', async () => {
    const { onNext } = setup(undefined);
    fireEvent.click(screen.getByTestId('continue'));
    await screen.findByTestId('question-short_req-error');
    for (const id of ['short_req', 'long_req', 'date_req']) expect(errorOf(id), id).toBe('Fill this in to continue.');
    for (const id of ['single_req', 'multi_req', 'yes_req']) expect(errorOf(id), id).toBe('Choose an answer to continue.');
    for (const id of ['short_opt', 'long_opt', 'single_opt', 'multi_opt', 'yes_opt', 'date_opt']) expect(errorOf(id), id).toBeNull();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('continues with every answer in its type: trimmed texts, one choice, several in campaign order, yes/no, a date', async () => {
    const { onNext, onChange } = setup(undefined);
    fireEvent.change(within(q('short_req')).getByRole('textbox'), { target: { value: '  Acme Trading ' } });
    fireEvent.change(within(q('long_req')).getByRole('textbox'), { target: { value: 'Sales\nand savings' } });
    fireEvent.click(within(q('single_req')).getByRole('radio', { name: 'HIGH' }));
    fireEvent.click(within(q('multi_req')).getByRole('checkbox', { name: 'AFRICA' }));
    fireEvent.click(within(q('multi_req')).getByRole('checkbox', { name: 'EU' }));
    fireEvent.click(within(q('multi_req')).getByRole('checkbox', { name: 'US' }));
    fireEvent.click(within(q('multi_req')).getByRole('checkbox', { name: 'US' }));
    fireEvent.click(within(q('yes_req')).getByRole('radio', { name: 'No' }));
    fireEvent.change(q('date_req').querySelector('input')!, { target: { value: '2019-12-01' } });
    fireEvent.click(within(q('yes_opt')).getByRole('radio', { name: 'Yes' }));
    expect(onChange).toHaveBeenLastCalledWith({ answers: expect.objectContaining({ multi_req: ['eu', 'africa'], yes_opt: 'yes' }) });

    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0].answers).toMatchObject({
      short_req: 'Acme Trading', long_req: 'Sales\nand savings', single_req: 'high', multi_req: ['eu', 'africa'],
      yes_req: 'no', date_req: '2019-12-01', yes_opt: 'yes',
    });
    expect(screen.queryByTestId('question-short_req-error')).toBeNull();
  });

  it("shows the server's refusal of an answer beside its question", async () => {
    setup({ answers: { date_req: '2019-12-01', single_req: 'high' } }, [
      { path: 'answers.date_req', message: 'errors.date' },
      { path: 'answers.single_req', message: 'errors.choice' },
    ]);
    await waitFor(() => expect(errorOf('date_req')).toBe('Enter a real date.'));
    expect(errorOf('single_req')).toBe('Choose one of the answers.');
    expect(q('date_req').querySelector('input')!.getAttribute('aria-invalid')).toBe('true');
  });
});
