// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noop, renderWithApp, testCampaign } from '../test-utils';
import { BusinessStep } from './business-step';

afterEach(cleanup);

function setup(initial = {}, campaign = testCampaign()) {
  const onNext = vi.fn();
  const onChange = vi.fn();
  renderWithApp(
    <BusinessStep
      campaign={campaign}
      initial={initial}
      onChange={onChange}
      onNext={onNext}
      onBack={noop}
      position={{ current: 1, total: 8 }}
      nextLabel="Continue"
      issues={[]}
    />,
  );
  return { onNext, onChange };
}

const input = (testId: string) => within(screen.getByTestId(testId)).getByRole('textbox');

describe('business step', () => {
  it('blocks Continue while a required field is empty, with the error beside it and focus on it', async () => {
    const { onNext } = setup({ registrationNumber: '123', registrationType: 'private_limited', countryOfRegistration: 'GBR', industry: 'Retail' });
    fireEvent.click(screen.getByTestId('continue'));
    const error = await screen.findByTestId('field-legalName-error');
    expect(error.textContent).toBe('Fill this in to continue.');
    const legalName = input('field-legalName');
    expect(legalName.getAttribute('aria-invalid')).toBe('true');
    expect(legalName.getAttribute('aria-describedby')).toContain(error.id);
    await waitFor(() => expect(document.activeElement).toBe(legalName));
    expect(onNext).not.toHaveBeenCalled();
    // The other filled fields carry no error.
    expect(screen.queryByTestId('field-registrationNumber-error')).toBeNull();
  });

  it('continues with trimmed values once the required fields are filled, and reports typing for autosave', async () => {
    const { onNext, onChange } = setup({ registrationNumber: '123', registrationType: 'private_limited', countryOfRegistration: 'GBR', industry: 'Retail' });
    fireEvent.change(input('field-legalName'), { target: { value: '  Acme Ltd ' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ legalName: '  Acme Ltd ' }));
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0]).toMatchObject({ legalName: 'Acme Ltd', countryOfRegistration: 'GBR' });
  });

  it('asks for a BVN only when the country calls for it, and requires it then', async () => {
    setup({ legalName: 'Acme', registrationNumber: '1', registrationType: 'other', countryOfRegistration: 'GBR', industry: 'x' });
    expect(screen.queryByTestId('field-businessBvn')).toBeNull();
    const country = within(screen.getByTestId('field-countryOfRegistration')).getByRole('combobox');
    fireEvent.change(country, { target: { value: 'Nigeria' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Nigeria' }));
    expect(await screen.findByTestId('field-businessBvn')).toBeTruthy();
    fireEvent.click(screen.getByTestId('continue'));
    expect((await screen.findByTestId('field-businessBvn-error')).textContent).toBe('Fill this in to continue.');
  });

  it('lets a UK company continue under a campaign that lists businessBvn, and asks a Nigerian one for it', async () => {
    const campaign = testCampaign({ requiredFields: { business: ['legalName', 'countryOfRegistration', 'businessBvn'] } });
    const { onNext } = setup({ legalName: 'Acme', countryOfRegistration: 'GBR' }, campaign);
    expect(screen.queryByTestId('field-businessBvn')).toBeNull();
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext.mock.calls[0]![0]).toMatchObject({ legalName: 'Acme', countryOfRegistration: 'GBR' });
    cleanup();

    const nga = setup({ legalName: 'Acme', countryOfRegistration: 'NGA' }, campaign);
    fireEvent.click(screen.getByTestId('continue'));
    expect((await screen.findByTestId('field-businessBvn-error')).textContent).toBe('Fill this in to continue.');
    expect(nga.onNext).not.toHaveBeenCalled();
    fireEvent.change(input('field-businessBvn'), { target: { value: '22212345678' } });
    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(nga.onNext).toHaveBeenCalledTimes(1));
    expect(nga.onNext.mock.calls[0]![0]).toMatchObject({ countryOfRegistration: 'NGA', businessBvn: '22212345678' });
  });

  it('refuses a malformed website with its own message', async () => {
    const { onNext } = setup({ legalName: 'Acme', registrationNumber: '1', registrationType: 'other', countryOfRegistration: 'GBR', industry: 'x' });
    fireEvent.change(screen.getByTestId('field-website').querySelector('input')!, { target: { value: 'not a site' } });
    fireEvent.click(screen.getByTestId('continue'));
    expect((await screen.findByTestId('field-website-error')).textContent).toBe('Enter a website address like example.com.');
    expect(onNext).not.toHaveBeenCalled();
  });
});
