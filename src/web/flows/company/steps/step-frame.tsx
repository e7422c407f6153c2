import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import styles from '../company.module.css';

export interface StepFrameProps {
  title: string;
  lead?: ReactNode;
  position: { current: number; total: number } | undefined;
  onBack?: (() => void) | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  nextLabel: string;
  busy?: boolean;
  testId: string;
  children: ReactNode;
}

/** A section screen: heading, form, and the one primary action at the thumb (Screen footer). */
export function StepFrame({ title, lead, position, onBack, onSubmit, nextLabel, busy, testId, children }: StepFrameProps) {
  const formId = `${testId}-form`;
  return (
    <Screen
      title={title}
      step={position}
      onBack={onBack}
      testId={testId}
      footer={
        <Button type="submit" form={formId} disabled={busy} aria-disabled={busy} data-testid="continue">
          {nextLabel}
        </Button>
      }
    >
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      <form id={formId} noValidate onSubmit={onSubmit} className={styles.form}>
        {children}
      </form>
    </Screen>
  );
}
