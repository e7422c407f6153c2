import { useTranslation } from 'react-i18next';
import type { PhotoNote } from '../../../capture/photo-notes';
import { Alert } from '../../../ui/alert';

/** A specialist reopened the captures; their reason, when they gave one, says what to fix. */
export function ResubmissionNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation('individual');
  return (
    <Alert tone="info" testId="resubmission-notice">
      {reason ? t('capture.resubmissionReason', { reason }) : t('capture.resubmission')}
    </Alert>
  );
}

/** Advice on the previewed document photo; it can still be used. Announced politely. */
export function PhotoNotes({ notes }: { notes: readonly Exclude<PhotoNote, 'no-document' | 'same-side' | 'no-portrait'>[] }) {
  const { t } = useTranslation('individual');
  return (
    <div role="status" aria-live="polite" data-testid="photo-notes" data-notes={notes.join(' ')}>
      {notes.length ? (
        <Alert tone="warning">
          {notes.map((note) => <p key={note}>{t(`capture.note.${note}`)}</p>)}
        </Alert>
      ) : null}
    </div>
  );
}
