import { useTranslation } from 'react-i18next';
import type { SelfieProblem } from '../../capture/selfie-photo-check';
import { Alert } from '../alert';

/**
 * Why a picked selfie was not taken, in both flows: the face check's problem (shared texts), or
 * the flow's own "could not read this photo" text.
 */
export function SelfieFileError({ problem, unreadableText }: { problem: SelfieProblem | 'unreadable'; unreadableText: string }) {
  const { t } = useTranslation('common');
  return (
    <Alert tone="error" live="assertive" testId="file-error">
      {problem === 'unreadable' ? unreadableText : t(`selfieFileProblem.${problem}`)}
    </Alert>
  );
}
