// The company form, once the link is known to be good: step table, in-memory values, autosave,
// navigation (step in the URL so reload and the back button work), submit.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../app/router';
import { useTranslation } from 'react-i18next';
import type { CompanyFormValues, DraftSectionId } from '../../../contract/company-form';
import { draftSectionIds } from '../../../contract/company-constants';
import type { HostedCompanySession, LivenessStatus, UploadedDocument } from '../../../contract/hosted-company';
import { withRetry } from '../../api/retry';
import { postToParent } from '../../embed/parent-messages';
import { CompanyApiError, type FieldIssue } from './api/api-error';
import type { CompanyApi, SubmitCompanyResponse } from './api/company-api';
import { useAutosave } from './autosave/use-autosave';
import {
  buildSteps, markCompleted, nextStep, previousStep, resumeStep, savedStep, sectionSteps, stepIndex, stepPosition,
  type FlowStepId, type SectionStep,
} from './company.flow';
import styles from './company.module.css';
import { SaveIndicator } from './save-indicator';
import { StepList } from './step-list';
import { StepScreen } from './step-screen';
import type { SubmitProblem } from './review/review-step';
import { livenessDone } from './liveness/liveness-done';

export interface CompanyFlowProps {
  api: CompanyApi;
  session: HostedCompanySession;
  /** The link stopped working mid-way (token refused, expired, submitted elsewhere). */
  onLinkClosed: (error: CompanyApiError) => void;
}

const isDraftSection = (s: string): s is DraftSectionId => (draftSectionIds as readonly string[]).includes(s);
const SUBMIT_RETRY = { tries: 3, baseMs: 1000, capMs: 4000 };

export function CompanyFlow({ api, session, onLinkClosed }: CompanyFlowProps) {
  const { t } = useTranslation('company');
  const definition = session.campaign.definition;
  const steps = useMemo(() => buildSteps(definition), [definition]);
  const sections = useMemo(() => sectionSteps(steps), [steps]);
  const [search, setSearch] = useSearchParams();

  // Typed values live here (memory only, never localStorage); a ref so typing does not
  // re-render the whole flow. `version` re-renders when a step finishes.
  const values = useRef<CompanyFormValues>({ ...(session.draft as CompanyFormValues) });
  const [, setVersion] = useState(0);
  const [completed, setCompleted] = useState<string[]>(session.progress.completedSteps);
  const [documents, setDocuments] = useState<UploadedDocument[]>(session.documents);
  const [liveness, setLiveness] = useState<LivenessStatus>(session.livenessStatus);
  const [returnToReview, setReturnToReview] = useState(false);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [problem, setProblem] = useState<SubmitProblem>(null);
  const [submitted, setSubmitted] = useState<SubmitCompanyResponse | null>(null);
  // Where Start on the welcome screen leads: the saved step, or review after a submit that was
  // refused for want of consent.
  const [afterConsent, setAfterConsent] = useState<FlowStepId | null>(null);

  const closed = useCallback(
    (error: unknown) => {
      if (error instanceof CompanyApiError) onLinkClosed(error);
    },
    [onLinkClosed],
  );
  const autosave = useAutosave(api, (res) => setCompleted(res.progress.completedSteps), closed);

  const resume = useMemo(
    () => resumeStep(steps, {
      status: session.status,
      currentStep: session.progress.currentStep,
      completedSteps: session.progress.completedSteps,
      consented: session.progress.consentedAt !== null,
    }),
    [steps, session],
  );
  const urlStep = search.get('step');
  const valid = (s: string | null): s is FlowStepId => !!s && s !== 'done' && steps.some((x) => x.id === s);
  const step: FlowStepId = submitted ? 'done' : valid(urlStep) ? urlStep : resume;

  const goTo = useCallback(
    (target: FlowStepId, replace = false) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('step', target);
          return next;
        },
        { replace },
      );
      if (target !== 'welcome' && target !== 'done') {
        // Review too: the server takes one past the last section when the campaign does not
        // list review, so another device opens the review as well.
        autosave.setStep(stepIndex(steps, target));
        void autosave.flush();
      }
    },
    [setSearch, autosave, steps],
  );

  // The URL always names the step, so a reload stays put and Back goes to the previous step.
  // A layout effect: it runs before the browser can deliver a tap, so it never overwrites a
  // step the person moved to in between (Start tapped the moment the welcome screen appeared).
  useLayoutEffect(() => {
    if (urlStep !== step) {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('step', step);
          return next;
        },
        { replace: true },
      );
    }
  }, [urlStep, step, setSearch]);

  useEffect(() => {
    postToParent({ type: 'idv:step', verificationId: session.verificationId, step });
  }, [step, session.verificationId]);

  const onSectionChange = (section: SectionStep, data: unknown) => {
    (values.current as Record<string, unknown>)[section] = data;
    if (isDraftSection(section)) autosave.schedule(section, data);
  };

  const finishStep = (section: SectionStep, data?: unknown) => {
    if (data !== undefined) onSectionChange(section, data);
    setCompleted((c) => markCompleted(steps, c, section));
    setIssues((list) => list.filter((i) => !i.path.startsWith(`${section}.`) && i.path !== section));
    setVersion((v) => v + 1);
    const target = returnToReview ? 'review' : nextStep(steps, section);
    if (target === 'review') setReturnToReview(false);
    goTo(target);
  };

  const back = () => {
    if (returnToReview) {
      setReturnToReview(false);
      goTo('review');
      return;
    }
    const prev = previousStep(steps, step);
    if (prev) goTo(prev);
  };

  const submit = async () => {
    setProblem(null);
    if (!(await autosave.flush())) {
      setProblem(typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'notSaved');
      return;
    }
    try {
      const res = await withRetry(() => api.submit(), { policy: SUBMIT_RETRY, isRetryable: (e) => e instanceof CompanyApiError && e.retryable });
      setSubmitted(res);
      goTo('done', true);
      postToParent({ type: 'idv:completed', verificationId: res.verificationId, status: res.status });
    } catch (error) {
      if (error instanceof CompanyApiError && error.code === 'invalid_form') {
        setIssues([...error.issues]);
        setProblem('invalid');
      } else if (error instanceof CompanyApiError && error.code === 'consent_required') {
        // The server has no consent on record (given elsewhere, or lost): ask for it again.
        setAfterConsent('review');
        goTo('welcome');
      } else if (error instanceof CompanyApiError && error.linkClosed) {
        onLinkClosed(error);
      } else {
        setProblem(error instanceof CompanyApiError && error.code === 'network' ? 'offline' : 'failed');
      }
    }
  };

  const position = stepPosition(steps, step) ?? undefined;
  const listed = step !== 'welcome' && step !== 'done';
  const list = <StepList steps={steps} current={step} completed={completed} onJump={(s) => { setReturnToReview(false); goTo(s); }} />;

  return (
    <div className={styles.columns}>
      {listed ? (
        <nav className={styles.aside} aria-label={t('nav.stepList')}>
          {list}
        </nav>
      ) : null}
      <div className={styles.main}>
        {listed ? (
          <div className={styles.bar}>
            <details className={styles.foldedSteps}>
              <summary>{t('nav.showSteps')}</summary>
              <nav aria-label={t('nav.stepList')}>{list}</nav>
            </details>
            <SaveIndicator status={autosave.status} />
          </div>
        ) : null}
        <StepScreen
          step={step}
          api={api}
          session={session}
          sections={sections}
          values={values.current}
          documents={documents}
          liveness={liveness}
          issues={issues}
          problem={problem}
          submitted={submitted}
          position={position}
          nextLabel={returnToReview ? t('nav.backToReview') : t('nav.continue')}
          onStart={() => {
            // Start is the consent: it travels with the first save (progress.consentedAt).
            autosave.consent();
            goTo(afterConsent ?? savedStep(steps, session.progress.currentStep));
          }}
          onChange={onSectionChange}
          onFinish={finishStep}
          onBack={back}
          onEdit={(s) => {
            setReturnToReview(true);
            goTo(s);
          }}
          onSubmit={submit}
          onUploaded={(doc) => setDocuments((d) => [...d, doc])}
          onRemoved={(id) => setDocuments((d) => d.filter((x) => x.id !== id))}
          onLiveness={(s) => {
            setLiveness(s);
            if (livenessDone(s)) setCompleted((c) => markCompleted(steps, c, 'liveness'));
          }}
          onLinkClosed={onLinkClosed}
        />
      </div>
    </div>
  );
}
