import { useTranslation } from 'react-i18next';
import type { LivenessChallenge } from '../../../../contract/liveness-session';
import type { EncodedImage } from '../../../capture/encode-image';
import type { LivenessOutcome } from '../../../capture-hooks/liveness-state';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import { LivenessCapture } from '../../../ui/capture/liveness-capture';
import { PhotoPreview } from '../../../ui/capture/camera-stage';
import { ResubmissionNotice } from './capture-notices';
import { useState } from 'react';

export interface SelfieStepProps {
  step: { current: number; total: number };
  confirmedUrl: string | null;
  serverHas: boolean;
  resubmission: boolean;
  /** What the specialist asked to fix, when they said. */
  resubmissionReason?: string | null;
  retake: boolean;
  noSizeConstraints: boolean;
  /** The key lets the person pick a selfie from a file (the session is then not live). */
  selfieUploadAllowed: boolean;
  requestChallenge: (previousFailure?: string) => Promise<LivenessChallenge>;
  /** A finished liveness check (passed, or failed after the last try), with its neutral selfie. */
  onLiveness: (outcome: LivenessOutcome) => void;
  /** A selfie picked from a file (only where the key allows it). */
  onConfirm: (image: EncodedImage) => void;
  onContinue: () => void;
  onBack?: () => void;
}

/** The selfie step: what the server already has, or the live selfie with its liveness check. */
export function SelfieStep(props: SelfieStepProps) {
  const { step, confirmedUrl, serverHas, onContinue, onBack } = props;
  const { t } = useTranslation('individual');
  const [capturing, setCapturing] = useState(!(confirmedUrl || serverHas) || props.retake);
  const testId = 'selfie-screen';

  if (!capturing) {
    return (
      <Screen title={t('selfie.title')} step={step} onBack={onBack} testId={testId} footer={
        <>
          <Button onClick={onContinue} data-testid="continue-existing">{t('document.continue')}</Button>
          <Button variant="secondary" onClick={() => setCapturing(true)} data-testid="take-again">{t('capture.takeAgain')}</Button>
        </>
      }>
        {confirmedUrl ? <PhotoPreview url={confirmedUrl} alt={t('selfie.previewAlt')} testId="confirmed-photo" /> : null}
        <p data-testid="already-have">{t('capture.alreadyHave')}</p>
      </Screen>
    );
  }

  return (
    <LivenessCapture
      title={t('selfie.title')}
      step={step}
      onBack={onBack}
      testId={testId}
      notice={props.resubmission ? <ResubmissionNotice reason={props.resubmissionReason ?? null} /> : null}
      noSizeConstraints={props.noSizeConstraints}
      requestChallenge={props.requestChallenge}
      onComplete={props.onLiveness}
      selfieUploadAllowed={props.selfieUploadAllowed}
      onPickedSelfie={props.onConfirm}
    />
  );
}

export default SelfieStep;
