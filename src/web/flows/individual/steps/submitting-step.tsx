import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ProgressBar } from '../../../ui/progress-bar';
import { Screen } from '../../../ui/screen';
import { Spinner } from '../../../ui/spinner';
import type { SubmissionState } from '../use-submission';

export interface SubmittingStepProps {
  state: SubmissionState;
  /** 0..1 over the bytes of this tab's photos. */
  progress: number;
  onRetry: () => void;
  onBackToReview: () => void;
}

export function SubmittingStep({ state, progress, onRetry, onBackToReview }: SubmittingStepProps) {
  const { t, i18n } = useTranslation('individual');
  const { t: tc } = useTranslation('common');
  const format = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const percent = format.format(progress);
  // Screen readers hear the progress in quarters, not at every progress event.
  const spoken = format.format(Math.floor(progress * 4) / 4);
  const failed = state.kind === 'upload-failed' || state.kind === 'error';
  return (
    <Screen
      title={t('submitting.title')}
      testId="submitting-screen"
      footer={
        failed ? (
          <>
            <Button onClick={onRetry} data-testid="retry-submit">{tc('tryAgain')}</Button>
            <Button variant="secondary" onClick={onBackToReview}>{t('submitting.backToReview')}</Button>
          </>
        ) : state.kind === 'needs-retake' ? (
          <Button onClick={onBackToReview} data-testid="back-to-review">{t('submitting.backToReview')}</Button>
        ) : undefined
      }
    >
      {state.kind === 'uploading' ? (
        <>
          <ProgressBar value={progress} label={t('submitting.progress')} valueText={percent} testId="upload-progress" />
          <p className="visually-hidden" role="status" aria-live="polite">{spoken}</p>
          <p>{t('submitting.waiting')}</p>
        </>
      ) : null}
      {state.kind === 'submitting' ? <Spinner label={t('submitting.finishing')} /> : null}
      {failed ? (
        <Alert tone="error" live="assertive" title={t('submitting.failedTitle')} testId="submit-error">
          {t('submitting.failedBody')}
        </Alert>
      ) : null}
      {state.kind === 'needs-retake' ? (
        <Alert tone="error" live="assertive" title={t('submitting.retakeTitle')}>
          {t('submitting.retakeBody')}
        </Alert>
      ) : null}
    </Screen>
  );
}
