import { useTranslation } from 'react-i18next';
import type { LivenessAction } from '../../../contract/liveness-session';
import styles from './liveness-cues.module.css';

/**
 * The animated cue over the preview: an arrow towards the side to turn to (the preview is a
 * mirror, so the person's left is the screen's left, in every writing direction), or a closing
 * eye for a blink. Decorative: the instruction itself is text, announced by the live hint.
 */
export function ChallengeCue({ action, progress }: { action: LivenessAction; progress: number }) {
  const side = action === 'turn-left' ? styles.left : action === 'turn-right' ? styles.right : styles.centre;
  return (
    <div className={`${styles.cue} ${side}`} aria-hidden="true" data-testid="liveness-cue" data-action={action}>
      {action === 'blink' ? (
        <svg viewBox="0 0 64 40" className={styles.eye}>
          <path d="M4 20 Q32 -4 60 20 Q32 44 4 20Z" className={styles.eyeWhite} />
          <circle cx="32" cy="20" r="8" className={styles.pupil} />
          <rect x="0" y="0" width="64" height="40" className={styles.lid} />
        </svg>
      ) : (
        <svg viewBox="0 0 48 48" className={`${styles.arrow} ${action === 'turn-right' ? styles.flip : ''}`}>
          <path d="M30 8 L14 24 L30 40" />
        </svg>
      )}
      <span className={styles.meter} style={{ transform: `scaleX(${Math.max(0, Math.min(1, progress))})` }} />
    </div>
  );
}

/** "Action 1 of 2" for the challenge, with the current action's progress. */
export function ChallengeProgress({ current, total, progress }: { current: number; total: number; progress: number }) {
  const { t } = useTranslation('capture');
  return (
    <p className={styles.progress} data-testid="liveness-progress" data-step={current} data-total={total} data-progress={progress.toFixed(2)}>
      {t('liveness.progress', { current, total })}
    </p>
  );
}

/**
 * The screen-light check: the whole screen in one colour, so its light falls on the face. The
 * colour changes at most 2.5 times a second (400 ms steps), under WCAG's three flashes a second.
 * `data-screen-light` carries the colour (the e2e camera reads it to light its test face).
 */
export function ScreenLight({ colour, text }: { colour: string; text: string }) {
  return (
    <div className={styles.screenLight} style={{ backgroundColor: colour }} data-testid="screen-light" data-screen-light={colour} role="status">
      <span className={styles.screenLightText}>{text}</span>
    </div>
  );
}
