import { useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CampaignDefinition, CompanyStep, CustomQuestion, DocumentRequirement, RequiredFields } from '../../../../contract/campaign';
import { countryName } from '../../../i18n/country-names';
import dashboard from '../../dashboard.module.css';
import { isKnownKind, localLabel, type CampaignFormValues } from './campaign-values';
import { SECTION_FIELDS, type FieldName } from './required-fields';
import styles from './campaign.module.css';

/**
 * Why: the form as the representative will go through it, from the editor's current values
 * (valid or not): the steps in order, what each asks, required answers marked.
 */
export function CampaignPreview() {
  const { t } = useTranslation('dashboard');
  const definition = useWatch<CampaignFormValues, 'definition'>({ name: 'definition' });
  const steps = definition.steps.filter((s) => s !== 'review');
  const all: CompanyStep[] = [...steps, 'review'];
  return (
    // Focusable: on wide screens it scrolls by itself (WCAG 2.1.1, scrollable regions).
    <section className={styles.preview} aria-labelledby="campaign-preview-title" tabIndex={0} data-testid="campaign-preview">
      <h3 id="campaign-preview-title" className={dashboard.minorTitle}>{t('campaigns.preview.title')}</h3>
      <p className={styles.hint}>{t('campaigns.preview.lead')}</p>
      <ol className={styles.previewSteps}>
        {all.map((step, i) => (
          <li key={step} className={styles.previewStep} data-testid="preview-step" data-step={step}>
            <h4 className={styles.previewStepTitle}>{t('campaigns.preview.step', { n: i + 1, name: t(`campaigns.steps.${step}`) })}</h4>
            <StepContent step={step} definition={definition} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function StepContent({ step, definition: d }: { step: CompanyStep; definition: CampaignDefinition }) {
  const { t, i18n } = useTranslation('dashboard');
  const fields = <S extends keyof RequiredFields>(section: S, extra?: ReactNode) => (
    <ul className={styles.previewList}>
      {extra}
      {(SECTION_FIELDS[section] as readonly FieldName[]).map((f) => (
        <li key={f}>{t(`campaigns.fields.${f}`)} <Mark required={(d.requiredFields[section] as readonly string[]).includes(f)} /></li>
      ))}
    </ul>
  );
  switch (step) {
    case 'business':
      return (
        <>
          {fields('business')}
          <p className={styles.hint}>{d.allowedCountries.length
            ? t('campaigns.preview.countries', { countries: d.allowedCountries.map((c) => countryName(c, i18n.language)).join(', ') })
            : t('campaigns.preview.anyCountry')}</p>
        </>
      );
    case 'contact':
      return fields('contact');
    case 'representative':
      return fields('representative', <li key="authorised">{t('campaigns.preview.authorised')} <Mark required /></li>);
    case 'officers':
      return <><p>{t('campaigns.preview.eachOfficer')}</p>{fields('officer')}</>;
    case 'ownership':
      return <><p>{t('campaigns.preview.eachOwner', { threshold: d.ownershipThreshold })}</p>{fields('owner', <li key="share">{t('campaigns.preview.share')} <Mark required /></li>)}</>;
    case 'documents':
      return d.documents.length ? (
        <ul className={styles.previewList} data-testid="preview-documents">
          {d.documents.map((doc, i) => <li key={i}>{documentTitle(doc, i18n.language, t)} <Mark required={doc.required} /> · {t('campaigns.preview.files', { count: doc.maxFiles || 1 })}</li>)}
        </ul>
      ) : <p>{t('campaigns.documents.none')}</p>;
    case 'liveness':
      return <p>{t('campaigns.preview.selfie')} {d.livenessRequired ? t('campaigns.preview.selfieRequired') : t('campaigns.preview.selfieOptional')}</p>;
    case 'questions':
      return d.questions.length ? (
        <div className={dashboard.form} data-testid="preview-questions">
          {d.questions.map((q, i) => <QuestionPreview key={i} question={q} />)}
        </div>
      ) : <p>{t('campaigns.questions.none')}</p>;
    case 'review':
      return <p>{t('campaigns.preview.review')}</p>;
  }
}

function documentTitle(doc: DocumentRequirement, language: string, t: TFunction<'dashboard'>): string {
  const kind = doc.kind;
  return localLabel(doc, language, isKnownKind(kind) ? t(`campaigns.documents.kinds.${kind}`) : kind || '—');
}

function Mark({ required }: { required: boolean }) {
  const { t } = useTranslation('dashboard');
  return required
    ? <span className={`${dashboard.badge} ${styles.mark}`}>{t('campaigns.preview.requiredMark')}</span>
    : <span className={styles.optionalMark}>{t('campaigns.preview.optionalMark')}</span>;
}

/** A question as the representative sees it, read-only. */
function QuestionPreview({ question: q }: { question: CustomQuestion }) {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  const label = <>{localLabel(q, i18n.language) || t('campaigns.preview.untitled')} <Mark required={q.required} /></>;
  const choices = q.type === 'yes_no'
    ? [{ value: 'yes', label: t('common.yes') }, { value: 'no', label: t('common.no') }]
    : q.options.map((o) => ({ value: o.value, label: localLabel(o, i18n.language, o.value) }));
  switch (q.type) {
    case 'short_text':
    case 'date':
      return <div className={dashboard.formField} data-testid="preview-question"><label htmlFor={id}>{label}</label><input id={id} className={`${dashboard.input} ${styles.previewControl}`} type={q.type === 'date' ? 'date' : 'text'} disabled /></div>;
    case 'long_text':
      return <div className={dashboard.formField} data-testid="preview-question"><label htmlFor={id}>{label}</label><textarea id={id} className={`${dashboard.input} ${styles.previewControl}`} rows={3} disabled /></div>;
    case 'yes_no':
    case 'single_choice':
    case 'multiple_choice':
      return (
        <fieldset className={styles.previewQuestion} data-testid="preview-question">
          <legend>{label}</legend>
          {q.type === 'multiple_choice' ? <p className={styles.hint}>{t('campaigns.preview.chooseAny')}</p> : null}
          {choices.map((c, i) => (
            <label key={i} className={dashboard.choice}>
              <input type={q.type === 'multiple_choice' ? 'checkbox' : 'radio'} name={id} value={c.value} disabled /> {c.label || '—'}
            </label>
          ))}
        </fieldset>
      );
  }
}
