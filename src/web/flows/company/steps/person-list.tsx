import type { ReactNode, RefObject } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMaxLength } from '../../../../contract/company-form';
import { Button } from '../../../ui/button';
import { TextField } from '../fields/text-field';
import fieldStyles from '../fields/field.module.css';
import styles from '../company.module.css';

/** The fields every listed person has (officer, owner); each list adds its own between them. */
export type PersonField = 'firstName' | 'lastName' | 'email';

/** What a step wires into one of a person's fields: its registration, error and optionality. */
export interface PersonFieldWiring {
  register: UseFormRegisterReturn;
  error: string | undefined;
  optional: boolean;
}

/** A person as typed so far: the name, for titles and one-tap offers. */
type TypedName = { firstName?: string | undefined; lastName?: string | undefined } | undefined;

/** "First Last" from what is typed so far (empty when nothing is): card titles, one-tap offers. */
export function personName(person: TypedName): string {
  return [person?.firstName, person?.lastName].filter(Boolean).join(' ');
}

/** Test ids of each list: its empty note, and its cards (`officer-0`), whose parts add `-remove`, `-firstName`, … */
const testIds = {
  officers: { empty: 'officers-empty', card: 'officer' },
  ownership: { empty: 'owners-empty', card: 'owner' },
} as const;

/** The officers' or the owners' list: its texts (`officers.*`, `ownership.*`) and test ids. */
export type PersonSection = keyof typeof testIds;

interface ListWiring {
  section: PersonSection;
  /** Removes the row at an index (useFieldArray's remove). */
  onRemove: (index: number) => void;
  /** Wraps the list's add button, which takes focus after a removal (Button takes no ref). */
  addRef: RefObject<HTMLDivElement | null>;
}

export interface PersonListProps extends ListWiring {
  /** useFieldArray's rows: their keys and stable ids. */
  rows: ReadonlyArray<{ id: string }>;
  /** The values typed so far, row by row, for the card titles. */
  people: readonly TypedName[];
  /** Shown while the list is empty. */
  empty: string;
  /** The form wiring of a row's name and email. */
  field: (index: number) => (name: PersonField) => PersonFieldWiring;
  /** A row's own fields, shown between the name and the email. */
  children: (index: number) => ReactNode;
}

/**
 * The officers or the owners of the company: a note while empty, then a card a person. One list
 * for both steps, so they look, read and behave the same.
 */
export function PersonList({ rows, people, empty, field, children, ...list }: PersonListProps) {
  // Every row wired here, in page order (name, own fields, email), before any card renders:
  // the form registers fields in the order they are wired and focuses the first invalid one
  // in that order, as when the steps wrote their cards out themselves.
  const cards = rows.map((row, index) => {
    const wire = field(index);
    const names = (['firstName', 'lastName'] as const).map((part) => [part, wire(part)] as const);
    const own = children(index);
    const email = wire('email');
    return { row, index, names, own, email };
  });
  return (
    <>
      {rows.length === 0 ? <p data-testid={testIds[list.section].empty}>{empty}</p> : null}
      {cards.map(({ row, index, ...wired }) => (
        <PersonCard key={row.id} {...list} {...wired} rowId={row.id} index={index} person={people[index]} />
      ))}
    </>
  );
}

interface PersonCardProps extends ListWiring {
  /** useFieldArray's key of the row: a stable id for the title. */
  rowId: string;
  /** 0-based place in the list (the title counts from 1). */
  index: number;
  person: TypedName;
  names: ReadonlyArray<readonly ['firstName' | 'lastName', PersonFieldWiring]>;
  own: ReactNode;
  email: PersonFieldWiring;
}

/** One person: a titled group with its remove button, the name, the list's own fields, the email. */
function PersonCard({ section, rowId, index, person, onRemove, addRef, names, own, email }: PersonCardProps) {
  const { t } = useTranslation('company');
  const testId = `${testIds[section].card}-${index}`;
  const name = personName(person);
  const label = t(`${section}.itemTitle`, { number: index + 1 });
  return (
    <div role="group" aria-labelledby={`${rowId}-title`} className={styles.card} data-testid={testId}>
      <div className={styles.cardHead}>
        <h2 id={`${rowId}-title`} className={styles.cardTitle}>
          {name ? `${label}: ${name}` : label}
        </h2>
        <Button
          variant="text"
          inline
          onClick={() => {
            onRemove(index);
            addRef.current?.querySelector('button')?.focus();
          }}
          aria-label={t(`${section}.removeLabel`, { name: name || label })}
          data-testid={`${testId}-remove`}
        >
          {t(`${section}.remove`)}
        </Button>
      </div>
      <div className={fieldStyles.grid}>
        {names.map(([part, wired]) => (
          <TextField
            key={part}
            label={t(`person.${part}`)}
            maxLength={fieldMaxLength.name}
            autoComplete="off"
            optional={wired.optional}
            error={wired.error}
            testId={`${testId}-${part}`}
            {...wired.register}
          />
        ))}
        {own}
        <TextField
          label={t('person.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={fieldMaxLength.email}
          optional={email.optional}
          error={email.error}
          testId={`${testId}-email`}
          {...email.register}
        />
      </div>
    </div>
  );
}
