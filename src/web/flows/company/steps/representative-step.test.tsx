// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RepresentativeValues } from '../../../../contract/company-form';
import { noop, renderWithApp, testCampaign } from '../test-utils';
import { RepresentativeStep } from './representative-step';

afterEach(cleanup);

const filled: RepresentativeValues = {
  firstName: 'Ada', lastName: 'Obi', email: 'ada@acme.example', phone: '+2348031234568', relationshipToBusiness: 'director',
  idDocumentType: 'PASSPORT', idDocumentNumber: 'A1234567', idIssuingCountry: 'NGA',
};

function setup(initial: RepresentativeValues) {
  const onNext = vi.fn();
  const onChange = vi.fn();
  renderWithApp(
    <RepresentativeStep
      campaign={testCampaign()}
      initial={initial}
      onChange={onChange}
      onNext={onNext}
      onBack={noop}
      position={{ current: 3, total: 8 }}
      nextLabel="Continue"
      issues={[]}
      businessName="Acme Ltd"
      businessCountry="NGA"
    />,
  );
  return { onNext, onChange };
}

const textbox = (testId: string) => within(screen.getByTestId(testId)).getByRole('textbox') as HTMLInputElement;

/** The error is the field's own: shown in its block and announced with it (aria-describedby). */
function expectErrorBeside(testId: string, text: string, control: HTMLElement) {
  const error = screen.getByTestId(`${testId}-error`);
  expect(error.textContent).toBe(text);
  expect(screen.getByTestId(testId).contains(error)).toBe(true);
  expect(control.getAttribute('aria-invalid')).toBe('true');
  expect(control.getAttribute('aria-describedby')).toContain(error.id);
}

describe('representative step', () => {
  it('blocks Continue until "I am authorised" is ticked, with the reason beside the box', async () => {
    const { onNext } = setup(filled);
    const box = screen.getByRole('checkbox', { name: 'I am allowed to act for Acme Ltd and to give these details.' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByTestId('continue'));
    await screen.findByTestId('field-isAuthorised-error');
    expectErrorBeside('field-isAuthorised', 'Tick this box to confirm you can act for the business.', box);
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(onNext).not.toHaveBeenCalled();

    fireEvent.click(box);
    await waitFor(() => expect(screen.queryByTestId('field-isAuthorised-error')).toBeNull());
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0]).toMatchObject({ ...filled, isAuthorised: true });
  });

  it('shows phone and email errors beside their fields', async () => {
    const { onNext } = setup({ ...filled, isAuthorised: true, email: 'ada@', phone: '12345' });
    fireEvent.click(screen.getByTestId('continue'));
    await screen.findByTestId('field-email-error');
    expectErrorBeside('field-email', 'Enter an email address like name@example.com.', textbox('field-email'));
    expectErrorBeside('field-phone', 'Enter a phone number with its country code, like +44 20 7946 0958.', screen.getByTestId('field-phone').querySelector('input')!);
    expect(screen.queryByTestId('field-firstName-error')).toBeNull();
    expect(onNext).not.toHaveBeenCalled();
  });

  it("turns a valid local phone number into an international one from the business's country", async () => {
    const { onNext } = setup({ ...filled, isAuthorised: true, phone: '' });
    const phone = screen.getByTestId('field-phone').querySelector('input')!;
    fireEvent.change(phone, { target: { value: '0803 123 4568' } });
    fireEvent.blur(phone);
    await waitFor(() => expect(phone.value).toBe('+2348031234568'));
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0].phone).toBe('+2348031234568');
  });
});
