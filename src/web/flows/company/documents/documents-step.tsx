import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buildSectionSchema } from '../../../../contract/company-form';
import type { UploadedDocument } from '../../../../contract/hosted-company';
import type { CampaignDefinition } from '../../../../contract/campaign';
import type { CompanyApiError, FieldIssue } from '../api/api-error';
import type { CompanyApi } from '../api/company-api';
import { StepFrame } from '../steps/step-frame';
import styles from '../company.module.css';
import { DocumentKindCard } from './document-kind-card';
import { useDocumentUploads } from './use-document-uploads';

export interface DocumentsStepProps {
  campaign: CampaignDefinition;
  api: Pick<CompanyApi, 'uploadDocument' | 'deleteDocument'>;
  documents: readonly UploadedDocument[];
  onUploaded: (doc: UploadedDocument) => void;
  onRemoved: (documentId: string) => void;
  onLinkClosed: (error: CompanyApiError) => void;
  onNext: () => void;
  onBack: () => void;
  position: { current: number; total: number } | undefined;
  nextLabel: string;
  issues: readonly FieldIssue[];
}

/** Per-kind problems of the strict documents schema (required kinds missing, too many files). */
function documentErrors(campaign: CampaignDefinition, documents: readonly UploadedDocument[]): Record<string, string> {
  const parsed = buildSectionSchema(campaign, 'documents').safeParse({ files: documents.map((d) => ({ id: d.id, kind: d.kind })) });
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const kind = String(issue.path[0] ?? '');
    out[kind] ??= issue.message;
  }
  return out;
}

export function DocumentsStep(props: DocumentsStepProps) {
  const { t } = useTranslation('company');
  const { campaign, documents } = props;
  const uploads = useDocumentUploads(props.api, props.onUploaded, props.onLinkClosed);
  const [checked, setChecked] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const serverErrors = Object.fromEntries(props.issues.map((i) => [i.path.split('.')[0] ?? '', i.message]));
  const errors = checked ? documentErrors(campaign, documents) : serverErrors;
  const busy = uploads.pending.some((u) => u.problem === null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setChecked(true);
    const problems = documentErrors(campaign, documents);
    const first = campaign.documents.find((d) => problems[d.kind]);
    if (first) {
      listRef.current?.querySelector<HTMLInputElement>(`[data-kind="${first.kind}"]`)?.focus();
      return;
    }
    props.onNext();
  };

  return (
    <StepFrame
      title={t('documents.title')}
      lead={t('documents.lead')}
      position={props.position}
      onBack={props.onBack}
      onSubmit={onSubmit}
      nextLabel={busy ? t('documents.waitUploads') : props.nextLabel}
      busy={busy}
      testId="company-documents"
    >
      <div ref={listRef} className={styles.form}>
        {campaign.documents.map((requirement) => (
          <DocumentKindCard
            key={requirement.kind}
            requirement={requirement}
            documents={documents.filter((d) => d.kind === requirement.kind)}
            pending={uploads.pending.filter((u) => u.kind === requirement.kind)}
            error={errors[requirement.kind]}
            onPick={(files) =>
              uploads.add(requirement.kind, files, documents.filter((d) => d.kind === requirement.kind).length, requirement.maxFiles)
            }
            onRetry={uploads.retry}
            onDismiss={uploads.dismiss}
            onRemove={async (doc) => {
              await props.api.deleteDocument(doc.kind, doc.id);
              props.onRemoved(doc.id);
            }}
            onLinkClosed={props.onLinkClosed}
          />
        ))}
      </div>
    </StepFrame>
  );
}
