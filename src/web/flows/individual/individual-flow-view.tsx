// The flow runner: turns the server's session + the URL's `step` into one screen, and owns
// every navigation. Screens only call the callbacks they are given.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from '../../app/router';
import type { ChooseDocumentBody, HostedSession, MediaSlot } from '../../../contract/hosted-individual';
import type { HostedClient } from '../../api/hosted-client';
import { isHostedApiError } from '../../api/errors';
import { LoadingScreen } from '../../app/screens/loading-screen';
import { useSessionPoll } from '../../app/use-session-poll';
import type { EncodedImage } from '../../capture/encode-image';
import { postToParent } from '../../embed/parent-messages';
import { buildRedirectUrl, freshStatus, navigateTo } from '../../embed/redirect';
import { preferredRegion, supportedBase } from '../../i18n/languages';
import { confirmedSlots, type CaptureStore } from './capture-store';
import {
  backAction, flowStateFrom, hasBack, historyModeFor, isStepId, nextStep, requiredSlots, resolveStep, stepProgress,
  type StepId,
} from './individual.flow';
import { laterScreens, loadDocumentCaptureStep, loadSelfieStep, prefetchCapture } from './prefetch';
import { WelcomeStep } from './steps/welcome-step';
import { useSubmission } from './use-submission';
import { ChallengeUnavailable } from '../../capture-hooks/challenge-unavailable';

// Only the welcome screen is in the first screen's code; the others load while it is read
// (prefetch.ts) and suspend to the loading screen if someone is faster than the network.
const DocumentChoiceStep = lazy(() => laterScreens().then((m) => ({ default: m.DocumentChoiceStep })));
const DoneStep = lazy(() => laterScreens().then((m) => ({ default: m.DoneStep })));
const ReviewStep = lazy(() => laterScreens().then((m) => ({ default: m.ReviewStep })));
const SubmittingStep = lazy(() => laterScreens().then((m) => ({ default: m.SubmittingStep })));
const ClosedLinkScreen = lazy(() => laterScreens().then((m) => ({ default: m.ClosedLinkScreen })));
const StatusScreen = lazy(() => laterScreens().then((m) => ({ default: m.StatusScreen })));
const DocumentCaptureStep = lazy(loadDocumentCaptureStep);
const SelfieStep = lazy(loadSelfieStep);

const SLOT_STEP: Record<MediaSlot, StepId> = { 'document-front': 'document-front', 'document-back': 'document-back', selfie: 'selfie' };
/** Upload errors after which the client's idea of the session is stale. */
const STALE_ON_SUBMIT: ReadonlySet<string> = new Set(['missing_captures', 'no_document', 'closed', 'not_found', 'not_started']);

interface HistoryState {
  from?: unknown;
  retake?: unknown;
}

export interface IndividualFlowViewProps {
  processId: string;
  session: HostedSession;
  sessionRef: RefObject<HostedSession | null>;
  api: HostedClient;
  store: CaptureStore;
  setSession: (session: HostedSession) => void;
  reload: () => Promise<void>;
}

export function IndividualFlowView({ processId, session, sessionRef, api, store, setSession, reload }: IndividualFlowViewProps) {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const captures = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [submitting, setSubmitting] = useState(false);
  const [submittedHere, setSubmittedHere] = useState(false);

  const flow = flowStateFrom(session, confirmedSlots(captures));
  const requested = params.get('step');
  const historyState = (location.state ?? {}) as HistoryState;
  const cameFrom = isStepId(historyState.from as string) ? (historyState.from as StepId) : null;
  const step: StepId | null = submitting && session.phase === 'capture' ? 'submitting' : resolveStep(requested, flow);
  const noSizeConstraints = params.get('camera') === 'nosize';

  /** Latest flow state for handlers that run right after an update (refs, not render values). */
  const flowNow = useCallback(
    () => flowStateFrom(sessionRef.current ?? session, confirmedSlots(store.getSnapshot())),
    [sessionRef, session, store],
  );

  const goTo = useCallback((to: StepId, mode: 'push' | 'replace', from: StepId | null, extra: HistoryState = {}) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('step', to);
      return next;
    }, { replace: mode === 'replace', state: { from, ...extra } });
  }, [setParams]);

  /** Forward from `from`: back to the review when we came from it (a retake), else the next step. */
  const advance = useCallback((from: StepId) => {
    if (cameFrom === 'review' && from !== 'review') {
      navigate(-1);
      return;
    }
    const to = nextStep(from, flowNow());
    if (to) goTo(to, historyModeFor(from, to), from);
  }, [cameFrom, flowNow, goTo, navigate]);

  const back = useMemo(() => {
    if (!step) return undefined;
    const action = backAction(step, cameFrom, flow);
    if (!action) return undefined;
    return () => (action.kind === 'history-back' ? navigate(-1) : goTo(action.step, 'replace', null));
  }, [step, cameFrom, flow, navigate, goTo]);

  // Keep the URL on the step actually shown (a stale or forged `step` is replaced). A layout
  // effect, so it runs before a tap can move the person on and is never applied after one.
  useLayoutEffect(() => {
    if ((session.phase === 'capture' || session.phase === 'welcome') && step && step !== 'submitting' && step !== requested) {
      goTo(step, 'replace', null);
    }
  }, [session.phase, step, requested, goTo]);

  useEffect(() => {
    if (session.phase === 'welcome' || session.phase === 'capture') prefetchCapture();
  }, [session.phase]);

  // A resubmission reopens the captures: the old photos of this tab are no longer wanted.
  const previousPhase = useRef(session.phase);
  useEffect(() => {
    if (previousPhase.current === 'submitted' && session.phase === 'capture') {
      for (const slot of Object.keys(store.getSnapshot()) as MediaSlot[]) store.discard(slot);
      setSubmittedHere(false);
    }
    previousPhase.current = session.phase;
  }, [session.phase, store]);

  useSessionPoll((signal) => api.getSession(processId, signal), setSession, session.phase === 'submitted');

  const viewKey = session.phase === 'closed' ? `closed:${session.closedReason}` : session.phase === 'submitted' ? 'done' : step;
  useEffect(() => {
    const id = session.verificationId;
    if (viewKey === 'done') postToParent({ type: 'idv:completed', verificationId: id, status: sessionRef.current?.status ?? '' });
    else if (viewKey?.startsWith('closed:')) postToParent({ type: 'idv:error', verificationId: id, error: viewKey.slice(7) });
    else if (viewKey) postToParent({ type: 'idv:step', verificationId: id, step: viewKey });
  }, [viewKey, session.verificationId, sessionRef]);

  // Alpha-2 region of the browser's tag for the page's language; the choice step (loaded later,
  // with the country list) makes it an alpha-3 suggestion.
  const suggestedRegion = useMemo(() => {
    const language = supportedBase(i18n.language) ?? 'en';
    return preferredRegion(language, typeof navigator === 'undefined' ? [] : navigator.languages ?? []);
  }, [i18n.language]);

  const name = session.branding.name;
  const redirectUrl = buildRedirectUrl(session.redirect, session.verificationId, session.status);
  // Leaving for the customer's site carries the status the server has now, not the one on screen.
  const leaveToCustomer = useCallback(async () => {
    const current = sessionRef.current ?? session;
    const status = await freshStatus((signal) => api.getSession(processId, signal), current.status);
    const url = buildRedirectUrl(current.redirect, current.verificationId, status);
    if (url) navigateTo(url);
  }, [api, processId, session, sessionRef]);

  // Outcome screens first: a redirect after a submit from this page wins over everything.
  if ((session.phase === 'submitted' || session.phase === 'closed') && submittedHere && redirectUrl) {
    return <DoneStep companyName={name} redirectUrl={redirectUrl} onRedirect={() => void leaveToCustomer()} />;
  }
  if (session.phase === 'closed') {
    return <ClosedLinkScreen reason={session.closedReason ?? 'expired'} companyName={name} livenessExhausted={session.liveness.exhausted === true} />;
  }
  if (session.phase === 'submitted' || step === null) {
    return <StatusScreen companyName={name} decision={session.decision} justSubmitted={submittedHere} continueUrl={redirectUrl} />;
  }

  const progress = stepProgress(step) ?? { current: 1, total: 4 };
  const confirm = (slot: MediaSlot, from: StepId) => (image: EncodedImage) => {
    store.confirm(slot, image.blob, { width: image.width, height: image.height });
    advance(from);
  };
  const retake = historyState.retake === true;

  switch (step) {
    case 'welcome':
      return (
        <WelcomeStep
          session={session}
          onStart={async () => {
            setSession(await api.start(processId));
            advance('welcome');
          }}
        />
      );
    case 'document':
      return (
        <DocumentChoiceStep
          session={session}
          suggestedRegion={suggestedRegion}
          step={progress}
          onChoose={async (body: ChooseDocumentBody) => {
            setSession(await api.chooseDocument(processId, body));
            if (!hasBack(flowNow())) store.discard('document-back');
            advance('document');
          }}
        />
      );
    case 'document-front':
    case 'document-back':
      return (
        <Suspense fallback={<LoadingScreen />}>
          <DocumentCaptureStep
            key={step}
            side={step === 'document-front' ? 'front' : 'back'}
            docType={flow.docType ?? 'NATIONAL_ID'}
            step={progress}
            confirmedUrl={captures[step]?.previewUrl ?? null}
            serverHas={step === 'document-front' ? session.captured.documentFront : session.captured.documentBack}
            resubmission={flow.resubmission}
            resubmissionReason={session.resubmissionReason ?? null}
            retake={retake}
            otherSide={step === 'document-back' ? captures['document-front']?.blob ?? null : null}
            issuingState={session.document?.issuingState ?? null}
            noSizeConstraints={noSizeConstraints}
            onConfirm={confirm(step, step)}
            onContinue={() => advance(step)}
            onBack={back}
          />
        </Suspense>
      );
    case 'selfie':
      return (
        <Suspense fallback={<LoadingScreen />}>
          <SelfieStep
            step={progress}
            confirmedUrl={captures.selfie?.previewUrl ?? null}
            serverHas={session.captured.selfie}
            resubmission={flow.resubmission}
            resubmissionReason={session.resubmissionReason ?? null}
            retake={retake}
            noSizeConstraints={noSizeConstraints}
            selfieUploadAllowed={session.liveness.selfieUploadAllowed}
            requestChallenge={(previousFailure) => requestChallenge(api, processId, previousFailure, reload)}
            onLiveness={(outcome) => {
              const frames = outcome.evidence.map((e) => e.blob);
              store.confirm('selfie', outcome.selfie.blob, outcome.selfie, { result: outcome.result, frames });
              advance('selfie');
            }}
            onConfirm={confirm('selfie', 'selfie')}
            onContinue={() => advance('selfie')}
            onBack={back}
          />
        </Suspense>
      );
    case 'review':
      return (
        <ReviewStep
          slots={requiredSlots(flow)}
          captures={captures}
          serverHas={{ 'document-front': session.captured.documentFront, 'document-back': session.captured.documentBack, selfie: session.captured.selfie }}
          step={progress}
          onRetake={(slot) => goTo(SLOT_STEP[slot], 'push', 'review', { retake: true })}
          onSubmit={() => setSubmitting(true)}
          onBack={back}
        />
      );
    case 'submitting':
      return (
        <SubmittingContainer
          store={store}
          submit={async () => {
            try {
              return await api.submit(processId);
            } catch (error) {
              // The server disagrees about what is done: follow it to the right step.
              if (isHostedApiError(error) && STALE_ON_SUBMIT.has(error.kind)) {
                setSubmitting(false);
                await reload();
              }
              throw error;
            }
          }}
          onSubmitted={(submitted) => {
            setSubmittedHere(true);
            setSubmitting(false);
            setSession(submitted);
          }}
          onBackToReview={() => setSubmitting(false)}
        />
      );
    case 'done':
      return <StatusScreen companyName={name} decision={session.decision} justSubmitted={submittedHere} continueUrl={redirectUrl} />;
  }
}

/**
 * A challenge from the service; a refusal for lack of tries is told apart from a failed request.
 * Every try used: the service has closed the session, so it is read again (the closed screen).
 */
async function requestChallenge(api: HostedClient, processId: string, previousFailure: string | undefined, reload: () => Promise<unknown>) {
  try {
    return await api.livenessChallenge(processId, undefined, previousFailure);
  } catch (error) {
    const exhausted = isHostedApiError(error) && error.kind === 'liveness_attempts_exhausted';
    if (exhausted) void reload();
    throw new ChallengeUnavailable(exhausted);
  }
}

function SubmittingContainer({ store, submit, onSubmitted, onBackToReview }: {
  store: CaptureStore;
  submit: () => Promise<HostedSession>;
  onSubmitted: (session: HostedSession) => void;
  onBackToReview: () => void;
}) {
  const { state, progress, retry } = useSubmission(store, submit, onSubmitted);
  return <SubmittingStep state={state} progress={progress} onRetry={retry} onBackToReview={onBackToReview} />;
}
