import { useTranslation } from 'react-i18next';
import type { MediaSlot } from '../../../../contract/hosted-individual';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import type { CaptureEntry, CaptureSnapshot } from '../capture-store';
import styles from './steps.module.css';

export interface ReviewStepProps {
  slots: MediaSlot[];
  captures: CaptureSnapshot;
  /** What the server holds (captures from before a reload or on another device). */
  serverHas: Record<MediaSlot, boolean>;
  step: { current: number; total: number };
  onRetake: (slot: MediaSlot) => void;
  onSubmit: () => void;
  onBack?: () => void;
}

type ItemState = 'uploading' | 'uploaded' | 'received' | 'failed-retry' | 'failed-retake' | 'missing';

function itemState(entry: CaptureEntry | undefined, serverHas: boolean): ItemState {
  if (!entry) return serverHas ? 'received' : 'missing';
  switch (entry.upload.kind) {
    case 'uploading': return 'uploading';
    case 'uploaded': return 'uploaded';
    case 'failed': return entry.upload.retryable ? 'failed-retry' : 'failed-retake';
  }
}

/** Every capture with its upload state and a Retake link; Submit once nothing needs retaking. */
export function ReviewStep({ slots, captures, serverHas, step, onRetake, onSubmit, onBack }: ReviewStepProps) {
  const { t } = useTranslation('individual');
  const { t: tc } = useTranslation('common');
  const states = slots.map((slot) => [slot, itemState(captures[slot], serverHas[slot])] as const);
  const blocked = states.some(([, s]) => s === 'missing' || s === 'failed-retake');
  const statusText: Record<ItemState, string> = {
    uploading: t('review.uploading'),
    uploaded: t('review.uploaded'),
    received: t('review.received'),
    'failed-retry': t('review.failedRetry'),
    'failed-retake': t('review.failedRetake'),
    missing: t('review.missing'),
  };
  return (
    <Screen
      title={t('review.title')}
      step={step}
      onBack={onBack}
      testId="review-screen"
      footer={<Button onClick={onSubmit} disabled={blocked} data-testid="submit">{t('review.submit')}</Button>}
    >
      <p>{t('review.intro')}</p>
      <ul className={styles.thumbs}>
        {states.map(([slot, state]) => {
          const item = t(`review.${slot}`);
          const entry = captures[slot];
          const bad = state === 'missing' || state === 'failed-retake';
          // The back refused as the front again says what to do: turn the card over, not just "retake".
          const sameSide = entry?.upload.kind === 'failed' && entry.upload.error === 'same_side';
          return (
            <li key={slot} className={styles.thumb} data-testid={`review-item-${slot}`} data-state={state}>
              {entry ? <img src={entry.previewUrl} alt={t('review.thumbAlt', { item })} /> : <span className={styles.placeholder} aria-hidden="true">{state === 'received' ? '✓' : '–'}</span>}
              <div className={styles.thumbText}>
                <span className={styles.thumbTitle}>{item}</span>
                <span className={bad ? styles.bad : state === 'uploaded' || state === 'received' ? styles.ok : styles.muted}>
                  {sameSide ? tc('errors.api.same_side') : statusText[state]}
                </span>
                <button type="button" className={styles.retake} onClick={() => onRetake(slot)} aria-label={t('review.retakeLabel', { item })} data-testid={`retake-${slot}`}>
                  {t('review.retake')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </Screen>
  );
}
