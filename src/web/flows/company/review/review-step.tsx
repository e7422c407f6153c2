import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignDefinition } from '../../../../contract/campaign';
import { buildSectionSchema, type CompanyFormValues } from '../../../../contract/company-form';
import type { LivenessStatus, UploadedDocument } from '../../../../contract/hosted-company';
import { countryName } from '../../../i18n/country-names';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Screen } from '../../../ui/screen';
import type { FieldIssue } from '../api/api-error';
import type { SectionStep } from '../company.flow';
import { livenessDone } from '../liveness/liveness-done';
import styles from '../company.module.css';
import { reviewRows, type ReviewText } from './review-rows';

export type SubmitProblem = 'offline' | 'notSaved' | 'invalid' | 'failed' | null;

export interface ReviewStepProps {
  campaign: CampaignDefinition;
  sections: readonly SectionStep[];
  values: CompanyFormValues;
  documents: readonly UploadedDocument[];
  /** The representative's liveness check as the server last said it (the section is done once it has an outcome). */
  liveness: LivenessStatus;
  /** Server issues of the last refused submit, full paths (`business.legalName`). */
  issues: readonly FieldIssue[];
  onEdit: (section: SectionStep) => void;
  onSubmit: () => Promise<void>;
  onBack: () => void;
  position: { current: number; total: number } | undefined;
  problem: SubmitProblem;
}

/** Sections whose current values fail the strict schema (so the person sees it before submitting). */
function incompleteSections(props: ReviewStepProps): Set<SectionStep> {
  const out = new Set<SectionStep>();
  for (const section of props.sections) {
    const value =
      section === 'documents'
        ? { files: props.documents.map((d) => ({ id: d.id, kind: d.kind })) }
        : section === 'liveness'
          ? { status: props.liveness }
          : (props.values[section] ?? {});
    if (!buildSectionSchema(props.campaign, section).safeParse(value).success) out.add(section);
  }
  for (const issue of props.issues) {
    const section = issue.path.split('.')[0] as SectionStep;
    if (props.sections.includes(section)) out.add(section);
  }
  return out;
}

export function ReviewStep(props: ReviewStepProps) {
  const { t, i18n } = useTranslation('company');
  const [busy, setBusy] = useState(false);
  const incomplete = useMemo(() => incompleteSections(props), [props]);
  const tx: ReviewText = {
    // Row labels are built from dynamic keys (codes of select values); missing ones come back as the key.
    t: (key, options) => (t as unknown as (k: string, o?: Record<string, unknown>) => string)(key, options),
    country: (code) => countryName(code, i18n.language),
    language: i18n.language,
  };

  const submit = async () => {
    setBusy(true);
    try {
      await props.onSubmit();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen
      title={t('review.title')}
      step={props.position}
      onBack={props.onBack}
      testId="company-review"
      footer={
        <Button onClick={() => void submit()} disabled={busy} data-testid="submit">
          {busy ? t('review.submitting') : t('review.submit')}
        </Button>
      }
    >
      <p className={styles.lead}>{t('review.lead')}</p>
      {props.problem ? (
        <Alert tone="error" live="assertive" title={t(`review.problems.${props.problem}Title`)} testId="submit-error">
          {t(`review.problems.${props.problem}Body`)}
        </Alert>
      ) : incomplete.size > 0 ? (
        <Alert tone="warning" testId="review-incomplete">
          {t('review.incomplete')}
        </Alert>
      ) : null}
      {props.sections.map((section) => {
        const rows = reviewRows(section, props.values, props.campaign, props.documents, livenessDone(props.liveness), tx);
        const invalid = incomplete.has(section);
        const title = t(`steps.${section}`);
        return (
          <section
            key={section}
            className={`${styles.summary} ${invalid ? styles.summaryInvalid : ''}`}
            aria-labelledby={`review-${section}`}
            data-testid={`review-${section}`}
          >
            <div className={styles.cardHead}>
              <h2 id={`review-${section}`} className={styles.cardTitle}>
                {title}
              </h2>
              <Button variant="text" inline onClick={() => props.onEdit(section)} aria-label={t('review.editLabel', { section: title })} data-testid={`review-edit-${section}`}>
                {t('review.edit')}
              </Button>
            </div>
            {invalid ? (
              <p className={styles.lead} data-testid={`review-${section}-incomplete`}>
                <strong>{t('review.sectionIncomplete')}</strong>
              </p>
            ) : null}
            <dl className={styles.summaryList}>
              {rows.map((r, i) => (
                <div key={i} className={styles.summaryPair}>
                  <dt>{r.label}</dt>
                  <dd>{r.value || t('review.notGiven')}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </Screen>
  );
}
