// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-utils';
import { PersonList, personName, type PersonField, type PersonListProps } from './person-list';

afterEach(cleanup);

function setup(props: Partial<PersonListProps> = {}) {
  const wired: string[] = [];
  const onRemove = vi.fn();
  const addRef = createRef<HTMLDivElement>();
  const field = (index: number) => (name: PersonField) => {
    wired.push(`${index}.${name}`);
    return { register: { name: `items.${index}.${name}`, onChange: async () => undefined, onBlur: async () => undefined, ref: () => undefined }, error: undefined, optional: name === 'email' };
  };
  renderWithApp(
    <>
      <PersonList
        section="officers"
        rows={[{ id: 'a' }, { id: 'b' }]}
        people={[{ firstName: 'Ada', lastName: 'Obi' }, undefined]}
        empty="No one yet."
        onRemove={onRemove}
        addRef={addRef}
        field={field}
        {...props}
      >
        {(index) => {
          wired.push(`${index}.own`);
          return <p data-testid={`own-${index}`}>own {index}</p>;
        }}
      </PersonList>
      <div ref={addRef}>
        <button type="button" data-testid="add">Add</button>
      </div>
    </>,
  );
  return { wired, onRemove };
}

describe('person list', () => {
  it("shows a titled card a person: the name, the list's own fields, then the email", () => {
    setup();
    expect(screen.queryByText('No one yet.')).toBeNull();
    const first = screen.getByTestId('officer-0');
    expect(first.getAttribute('role')).toBe('group');
    expect(within(first).getByRole('heading').textContent).toBe('Officer 1: Ada Obi');
    expect(within(screen.getByTestId('officer-1')).getByRole('heading').textContent).toBe('Officer 2');
    const parts = [...first.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid'));
    expect(parts).toEqual(['officer-0-remove', 'officer-0-firstName', 'officer-0-lastName', 'own-0', 'officer-0-email']);
    expect(within(first).getByTestId('officer-0-email').textContent).toContain('(optional)');
  });

  it('wires every row in page order before any card renders (the form focuses the first invalid field in that order)', () => {
    const { wired } = setup();
    expect(wired.slice(0, 8)).toEqual(['0.firstName', '0.lastName', '0.own', '0.email', '1.firstName', '1.lastName', '1.own', '1.email']);
  });

  it('removes the chosen row and moves focus to the add button', () => {
    const { onRemove } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Officer 2' }));
    expect(onRemove).toHaveBeenCalledWith(1);
    expect(document.activeElement).toBe(screen.getByTestId('add'));
  });

  it("says so while empty, with each list's own test ids", () => {
    setup({ section: 'ownership', rows: [], people: [] });
    expect(screen.getByTestId('owners-empty').textContent).toBe('No one yet.');
    cleanup();
    setup({ section: 'ownership', rows: [{ id: 'a' }] });
    expect(within(screen.getByTestId('owner-0')).getByRole('heading').textContent).toBe('Owner 1: Ada Obi');
    expect(screen.getByTestId('owner-0-remove').textContent).toBe('Remove');
  });

  it('names a person from what is typed so far', () => {
    expect(personName({ firstName: 'Ada', lastName: 'Obi' })).toBe('Ada Obi');
    expect(personName({ firstName: '', lastName: 'Obi' })).toBe('Obi');
    expect(personName(undefined)).toBe('');
  });
});
