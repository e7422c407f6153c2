// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { Combobox, ComboboxInput, type ComboboxInputProps } from './combobox';
import { filterOptions } from './combobox-filter';

const options = [
  { value: 'AUT', label: 'Austria', keywords: 'AT AUT' },
  { value: 'FRA', label: 'France', keywords: 'FR FRA' },
  { value: 'GUF', label: 'French Guiana', keywords: 'GF GUF' },
  { value: 'CIV', label: 'Côte d’Ivoire', keywords: 'CI CIV' },
];

function Harness({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return <Combobox label="Country" options={options} value={value} onChange={(v) => { setValue(v); onChange(v); }} />;
}

beforeAll(() => void initI18n('en'));
afterEach(cleanup);

describe('filterOptions', () => {
  it('ignores case and accents, puts prefix matches first, matches codes', () => {
    expect(filterOptions(options, 'fr').map((o) => o.value)).toEqual(['FRA', 'GUF']);
    expect(filterOptions(options, 'cote').map((o) => o.value)).toEqual(['CIV']);
    expect(filterOptions(options, 'guiana').map((o) => o.value)).toEqual(['GUF']);
    expect(filterOptions(options, 'aut').map((o) => o.value)).toEqual(['AUT']);
    expect(filterOptions(options, 'civ').map((o) => o.value)).toEqual(['CIV']);
    expect(filterOptions(options, '')).toHaveLength(4);
  });
});

describe('Combobox', () => {
  it('filters as you type and picks with the keyboard', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    fireEvent.change(input, { target: { value: 'fr' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['France', 'French Guiana']);
    expect(screen.getByRole('status').textContent).toBe('2 results');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toMatch(/GUF$/);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('GUF');
    expect((input as HTMLInputElement).value).toBe('French Guiana');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks with a click and says when nothing matches', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.getAllByText('No match. Check the spelling.').length).toBeGreaterThan(0);
    fireEvent.change(input, { target: { value: 'aus' } });
    fireEvent.click(screen.getByRole('option', { name: 'Austria' }));
    expect(onChange).toHaveBeenCalledWith('AUT');
  });
});

function InputHarness(props: Partial<ComboboxInputProps>) {
  const [value, setValue] = useState<string | undefined>(undefined);
  return (
    <>
      <label htmlFor="c">Country</label>
      <ComboboxInput id="c" label="Countries" options={options} value={value} onChange={setValue} emptyText="Nothing." {...props} />
    </>
  );
}

describe('ComboboxInput', () => {
  it('takes the form field\'s wiring: described-by, invalid, required, its class; no live count unless asked', () => {
    render(<InputHarness describedBy="c-error" invalid required inputClassName="form-input" />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(input.getAttribute('aria-describedby')).toBe('c-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.className).toBe('form-input');
    expect(screen.getByRole('listbox', { hidden: true }).getAttribute('aria-label')).toBe('Countries');
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.getByText('Nothing.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('picks an exact name or code typed before leaving only when asked, then calls onBlur', () => {
    const onBlur = vi.fn();
    render(<InputHarness pickTypedOnBlur onBlur={onBlur} />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'france ' } });
    fireEvent.blur(input);
    expect(input.value).toBe('France');
    fireEvent.change(input, { target: { value: 'aut' } });
    fireEvent.blur(input);
    expect(input.value).toBe('Austria');
    expect(onBlur).toHaveBeenCalledTimes(2);
    cleanup();

    render(<InputHarness />);
    const plain = screen.getByRole('combobox') as HTMLInputElement;
    fireEvent.change(plain, { target: { value: 'France' } });
    fireEvent.blur(plain);
    expect(plain.value).toBe('');
  });
});
