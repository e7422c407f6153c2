import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { knownDocumentKinds, type DocumentRequirement } from '../../../../contract/campaign';
import type { UploadedDocument } from '../../../../contract/hosted-company';
import { withRetry } from '../../../api/retry';
import { Button } from '../../../ui/button';
import { ProgressBar } from '../../../ui/progress-bar';
import { CompanyApiError } from '../api/api-error';
import { localLabel } from '../campaign-text';
import { useErrorText } from '../fields/error-text';
import fieldStyles from '../fields/field.module.css';
import styles from '../company.module.css';
import { DOCUMENT_ACCEPT, formatBytes } from './file-check';
import type { PendingUpload } from './use-document-uploads';

export interface DocumentKindCardProps {
  requirement: DocumentRequirement;
  documents: readonly UploadedDocument[];
  pending: readonly PendingUpload[];
  /** Untranslated error key for this kind (missing, too many). */
  error: string | undefined;
  onPick: (files: File[]) => void;
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
  onRemove: (doc: UploadedDocument) => Promise<void>;
  onLinkClosed: (error: CompanyApiError) => void;
}

type KnownKind = (typeof knownDocumentKinds)[number];
const isKnown = (kind: string): kind is KnownKind => (knownDocumentKinds as readonly string[]).includes(kind);

export function DocumentKindCard(props: DocumentKindCardProps) {
  const { t, i18n } = useTranslation('company');
  const errorText = useErrorText();
  const id = useId();
  const { requirement, documents, pending } = props;
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeFailed, setRemoveFailed] = useState<string | null>(null);
  const kind = requirement.kind;
  const title = localLabel(requirement, i18n.language, isKnown(kind) ? t(`documents.kinds.${kind}.title`) : kind);
  const hint = isKnown(kind) && !requirement.label ? t(`documents.kinds.${kind}.hint`) : undefined;
  const active = pending.filter((u) => u.problem === null).length;
  const full = documents.length + active >= requirement.maxFiles;
  const message = errorText(props.error);

  const remove = async (doc: UploadedDocument) => {
    setRemoving(doc.id);
    setRemoveFailed(null);
    try {
      await withRetry(() => props.onRemove(doc), {
        policy: { tries: 3, baseMs: 500, capMs: 4000 },
        isRetryable: (e) => e instanceof CompanyApiError && e.retryable,
      });
    } catch (error) {
      if (error instanceof CompanyApiError && error.linkClosed) props.onLinkClosed(error);
      setRemoveFailed(doc.id);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className={`${styles.card} ${message ? fieldStyles.invalid : ''}`} aria-labelledby={`${id}-title`} data-testid={`documents-${kind}`}>
      <div>
        <h2 id={`${id}-title`} className={styles.cardTitle}>
          {title}
          {requirement.required ? null : <span className={fieldStyles.optional}> {t('fields.optional')}</span>}
        </h2>
        {hint ? <p className={fieldStyles.hint}>{hint}</p> : null}
        <p className={fieldStyles.hint}>{t('documents.formats', { count: requirement.maxFiles })}</p>
      </div>
      {documents.length > 0 ? (
        <ul className={styles.files} aria-label={t('documents.uploaded', { title })}>
          {documents.map((doc) => (
            <li key={doc.id} className={styles.file} data-testid="document-file">
              <span className={styles.fileName}>
                {doc.fileName}
                <span className={styles.fileMeta}> · {formatBytes(doc.size, i18n.language)}</span>
                {removeFailed === doc.id ? <span className={fieldStyles.error}> {t('documents.removeFailed')}</span> : null}
              </span>
              <Button
                variant="text"
                inline
                disabled={removing === doc.id}
                onClick={() => void remove(doc)}
                aria-label={t('documents.removeLabel', { name: doc.fileName })}
                data-testid="document-remove"
              >
                {removing === doc.id ? t('documents.removing') : t('documents.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {pending.map((u) =>
        u.problem ? (
          <div key={u.key} className={styles.file} role="alert" data-testid="document-problem">
            <span className={styles.fileName}>
              {u.fileName}
              <span className={fieldStyles.error}> {t(`documents.problems.${u.problem}`)}</span>
            </span>
            {u.problem === 'uploadFailed' ? (
              <Button variant="text" inline onClick={() => props.onRetry(u.key)} data-testid="document-retry">
                {t('documents.retry')}
              </Button>
            ) : null}
            <Button variant="text" inline onClick={() => props.onDismiss(u.key)} aria-label={t('documents.dismissLabel', { name: u.fileName })}>
              {t('documents.dismiss')}
            </Button>
          </div>
        ) : (
          <ProgressBar
            key={u.key}
            value={u.progress}
            label={t('documents.uploading', { name: u.fileName })}
            valueText={`${Math.round(u.progress * 100)} %`}
            testId="document-progress"
          />
        ),
      )}
      {message ? (
        <p id={`${id}-error`} className={fieldStyles.error} data-testid={`documents-${kind}-error`}>
          {message}
        </p>
      ) : null}
      {full ? null : (
        <div>
          <input
            id={`${id}-input`}
            type="file"
            multiple={requirement.maxFiles - documents.length - active > 1}
            accept={DOCUMENT_ACCEPT}
            className={styles.fileInput}
            data-kind={kind}
            data-testid={`documents-${kind}-input`}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              // Reset so picking the same file again (after removing it) fires a change.
              e.target.value = '';
              if (picked.length > 0) props.onPick(picked);
            }}
          />
          <label htmlFor={`${id}-input`} className={styles.pickLabel}>
            {documents.length + active === 0 ? t('documents.add') : t('documents.addAnother')}
          </label>
        </div>
      )}
    </section>
  );
}
