// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactValues } from '../../../../contract/company-form';
import { noop, renderWithApp, testCampaign } from '../test-utils';
import { ContactStep } from './contact-step';

afterEach(cleanup);

const filled: ContactValues = {
  generalEmail: 'hello@acme.example', generalPhone: '+442079460958', addressLine1: '1 High St', city: 'London', country: 'GBR',
};

function setup(initial: ContactValues) {
  const onNext = vi.fn();
  const onChange = vi.fn();
  renderWithApp(
    <ContactStep
      campaign={testCampaign()}
      initial={initial}
      onChange={onChange}
      onNext={onNext}
      onBack={noop}
      position={{ current: 2, total: 8 }}
      nextLabel="Continue"
      issues={[]}
      businessCountry="GBR"
    />,
  );
  return { onNext, onChange };
}

const inputOf = (testId: string) => screen.getByTestId(testId).querySelector('input')!;

describe('contact step', () => {
  it('shows the email and phone errors beside their fields, focused on the first, until fixed', async () => {
    const { onNext } = setup({ ...filled, generalEmail: 'hello@acme', generalPhone: '+44 12' });
    fireEvent.click(screen.getByTestId('continue'));
    const emailError = await screen.findByTestId('field-generalEmail-error');
    expect(emailError.textContent).toBe('Enter an email address like name@example.com.');
    const phoneError = screen.getByTestId('field-generalPhone-error');
    expect(phoneError.textContent).toBe('Enter a phone number with its country code, like +44 20 7946 0958.');
    for (const [field, error] of [['field-generalEmail', emailError], ['field-generalPhone', phoneError]] as const) {
      expect(screen.getByTestId(field).contains(error)).toBe(true);
      expect(inputOf(field).getAttribute('aria-invalid')).toBe('true');
      expect(inputOf(field).getAttribute('aria-describedby')).toContain(error.id);
    }
    await waitFor(() => expect(document.activeElement).toBe(inputOf('field-generalEmail')));
    expect(screen.queryByTestId('field-city-error')).toBeNull();
    expect(onNext).not.toHaveBeenCalled();

    // Errors follow the typing once shown.
    fireEvent.change(inputOf('field-generalEmail'), { target: { value: 'hello@acme.example' } });
    await waitFor(() => expect(screen.queryByTestId('field-generalEmail-error')).toBeNull());
    expect(screen.getByTestId('field-generalPhone-error')).toBeTruthy();
    fireEvent.change(inputOf('field-generalPhone'), { target: { value: '020 7946 0958' } });
    fireEvent.blur(inputOf('field-generalPhone'));
    await waitFor(() => expect(inputOf('field-generalPhone').value).toBe('+442079460958'));
    await waitFor(() => expect(screen.queryByTestId('field-generalPhone-error')).toBeNull());
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0]).toMatchObject({ generalEmail: 'hello@acme.example', generalPhone: '+442079460958' });
  });

  it('asks for the required address fields and lets the optional ones stay empty', async () => {
    const { onNext } = setup({ generalEmail: 'hello@acme.example', generalPhone: '+442079460958' });
    fireEvent.click(screen.getByTestId('continue'));
    for (const field of ['field-addressLine1', 'field-city']) {
      expect((await screen.findByTestId(`${field}-error`)).textContent).toBe('Fill this in to continue.');
    }
    for (const field of ['field-addressLine2', 'field-state', 'field-postalCode']) expect(screen.queryByTestId(`${field}-error`)).toBeNull();
    expect(onNext).not.toHaveBeenCalled();
  });
});
