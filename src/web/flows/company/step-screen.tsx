// Picks the screen of the current step and hands it its slice of the state.
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { CompanyFormValues } from '../../../contract/company-form';
import { LoadingScreen } from '../../app/screens/loading-screen';
import { whenIdle } from '../../app/when-idle';
import { loadCompanyApiSchemas } from './api/company-api';
import type { HostedCompanySession, LivenessStatus, UploadedDocument } from '../../../contract/hosted-company';
import type { CompanyApiError, FieldIssue } from './api/api-error';
import type { CompanyApi, SubmitCompanyResponse } from './api/company-api';
import type { FlowStepId, SectionStep } from './company.flow';
import type { SubmitProblem } from './review/review-step';
import { WelcomeStep } from './steps/welcome-step';
import type * as Later from './later-steps';

let later: Promise<typeof Later> | null = null;
/** Starts (once) the download of every step after the welcome. */
export function prefetchLaterSteps(): Promise<typeof Later> {
  later ??= import('./later-steps');
  later.catch(() => { later = null; });
  return later;
}
function lazyStep<K extends keyof typeof Later>(name: K): (typeof Later)[K] {
  const load = () => prefetchLaterSteps().then((m) => ({ default: m[name] as unknown as ComponentType<object> }));
  return lazy(load) as unknown as (typeof Later)[K];
}
const DocumentsStep = lazyStep('DocumentsStep');
const LivenessStep = lazyStep('LivenessStep');
const ReviewStep = lazyStep('ReviewStep');
const BusinessStep = lazyStep('BusinessStep');
const ContactStep = lazyStep('ContactStep');
const DoneStep = lazyStep('DoneStep');
const OfficersStep = lazyStep('OfficersStep');
const OwnershipStep = lazyStep('OwnershipStep');
const QuestionsStep = lazyStep('QuestionsStep');
const RepresentativeStep = lazyStep('RepresentativeStep');

export interface StepScreenProps {
  step: FlowStepId;
  api: CompanyApi;
  session: HostedCompanySession;
  sections: readonly SectionStep[];
  values: CompanyFormValues;
  documents: readonly UploadedDocument[];
  liveness: LivenessStatus;
  issues: readonly FieldIssue[];
  problem: SubmitProblem;
  submitted: SubmitCompanyResponse | null;
  position: { current: number; total: number } | undefined;
  nextLabel: string;
  onStart: () => void;
  onChange: (section: SectionStep, data: unknown) => void;
  onFinish: (section: SectionStep, data?: unknown) => void;
  onBack: () => void;
  onEdit: (section: SectionStep) => void;
  onSubmit: () => Promise<void>;
  onUploaded: (doc: UploadedDocument) => void;
  onRemoved: (id: string) => void;
  onLiveness: (status: LivenessStatus) => void;
  onLinkClosed: (error: CompanyApiError) => void;
}

/** Server issues of one section, with the section prefix removed. */
function sectionIssues(issues: readonly FieldIssue[], section: SectionStep): FieldIssue[] {
  return issues
    .filter((i) => i.path === section || i.path.startsWith(`${section}.`))
    .map((i) => ({ path: i.path.slice(section.length + 1), message: i.message }));
}

/** The step's screen; a step whose code is still downloading shows the loading screen. */
export function StepScreen(props: StepScreenProps) {
  useEffect(() => whenIdle(() => {
    void prefetchLaterSteps().catch(() => undefined);
    void loadCompanyApiSchemas().catch(() => undefined);
  }), []);
  return <Suspense fallback={<LoadingScreen />}><CurrentStep {...props} /></Suspense>;
}

function CurrentStep(props: StepScreenProps) {
  const { step, session, values } = props;
  const campaign = session.campaign.definition;
  const companyName = session.branding.name;

  if (step === 'welcome') {
    return (
      <WelcomeStep
        campaign={campaign}
        sections={props.sections}
        companyName={companyName}
        privacyPolicyUrl={session.branding.privacyPolicyUrl}
        expiresAt={session.expiresAt}
        onStart={props.onStart}
      />
    );
  }
  if (step === 'done') {
    return (
      <DoneStep
        companyName={companyName}
        redirect={props.submitted?.redirect ?? session.redirect}
        verificationId={props.submitted?.verificationId ?? session.verificationId}
        status={props.submitted?.status ?? 'submitted'}
      />
    );
  }
  if (step === 'review') {
    return (
      <ReviewStep
        campaign={campaign}
        sections={props.sections}
        values={values}
        documents={props.documents}
        liveness={props.liveness}
        issues={props.issues}
        onEdit={props.onEdit}
        onSubmit={props.onSubmit}
        onBack={props.onBack}
        position={props.position}
        problem={props.problem}
      />
    );
  }

  const common = {
    campaign,
    onBack: props.onBack,
    position: props.position,
    nextLabel: props.nextLabel,
    issues: sectionIssues(props.issues, step),
  };
  const form = <S extends SectionStep>(section: S) => ({
    onChange: (v: unknown) => props.onChange(section, v),
    onNext: (v: unknown) => props.onFinish(section, v),
  });
  const rep = values.representative;

  switch (step) {
    case 'business':
      return <BusinessStep key={step} {...common} {...form('business')} initial={values.business} />;
    case 'contact':
      return <ContactStep key={step} {...common} {...form('contact')} initial={values.contact} businessCountry={values.business?.countryOfRegistration} />;
    case 'representative':
      return (
        <RepresentativeStep
          key={step}
          {...common}
          {...form('representative')}
          initial={rep}
          businessName={values.business?.legalName}
          businessCountry={values.business?.countryOfRegistration}
        />
      );
    case 'officers':
      return <OfficersStep key={step} {...common} {...form('officers')} initial={values.officers} representative={rep} />;
    case 'ownership':
      return <OwnershipStep key={step} {...common} {...form('ownership')} initial={values.ownership} />;
    case 'questions':
      return <QuestionsStep key={step} {...common} {...form('questions')} initial={values.questions} />;
    case 'documents':
      return (
        <DocumentsStep
          key={step}
          {...common}
          api={props.api}
          documents={props.documents}
          onUploaded={props.onUploaded}
          onRemoved={props.onRemoved}
          onLinkClosed={props.onLinkClosed}
          onNext={() => props.onFinish('documents')}
        />
      );
    case 'liveness':
      return (
        <LivenessStep
          key={step}
          api={props.api}
          status={props.liveness}
          required={campaign.livenessRequired}
          selfieUploadAllowed={props.session.selfieUploadAllowed}
          representativeName={[rep?.firstName, rep?.lastName].filter(Boolean).join(' ') || undefined}
          onStatus={props.onLiveness}
          onLinkClosed={props.onLinkClosed}
          onNext={() => props.onFinish('liveness')}
          onBack={props.onBack}
          position={props.position}
          nextLabel={props.nextLabel}
          missing={common.issues.length > 0}
        />
      );
  }
}
