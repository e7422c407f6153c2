import { useTranslation } from 'react-i18next';
import { canJumpTo, type FlowStep, type FlowStepId } from './company.flow';
import styles from './company.module.css';

export interface StepListProps {
  steps: readonly FlowStep[];
  current: FlowStepId;
  completed: readonly string[];
  onJump: (step: FlowStepId) => void;
}

/** Every numbered step, done ones ticked; completed steps are links back. */
export function StepList({ steps, current, completed, onJump }: StepListProps) {
  const { t } = useTranslation('company');
  const counted = steps.filter((s) => s.counted);
  return (
    <ol className={styles.stepList} data-testid="step-list">
      {counted.map((s, i) => {
        const done = completed.includes(s.id);
        const here = s.id === current;
        const label = t(`steps.${s.id as 'business'}`);
        const classes = `${styles.stepItem} ${here ? styles.stepCurrent : ''} ${done ? styles.stepDone : ''}`;
        const mark = (
          <span className={styles.stepMark} aria-hidden="true">
            {done ? '✓' : i + 1}
          </span>
        );
        const state = here ? t('nav.current') : done ? t('nav.done') : '';
        return (
          <li key={s.id}>
            {!here && canJumpTo(steps, s.id, current, completed) ? (
              <button type="button" className={classes} onClick={() => onJump(s.id)} data-testid={`step-link-${s.id}`}>
                {mark}
                <span>{label}</span>
                {state ? <span className="visually-hidden">({state})</span> : null}
              </button>
            ) : (
              <span className={classes} aria-current={here ? 'step' : undefined} data-testid={`step-item-${s.id}`}>
                {mark}
                <span>{label}</span>
                {state ? <span className="visually-hidden">({state})</span> : null}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
