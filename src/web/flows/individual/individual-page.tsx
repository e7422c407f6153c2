import { Suspense, useEffect, useMemo } from 'react';
import { useSearchParams } from '../../app/router';
import { createHostedClient } from '../../api/hosted-client';
import { AppLayout } from '../../app/layout';
import { isPlausibleProcessId } from '../../app/link-ids';
import { LoadingScreen } from '../../app/screens/loading-screen';
import { RequestErrorScreen } from '../../app/screens/request-error-screen';
import { UnknownLinkScreen } from '../../app/screens/unknown-link-screen';
import { postToParent } from '../../embed/parent-messages';
import { useKeyLanguage } from '../../i18n/use-key-language';
import { CaptureStore } from './capture-store';
import { IndividualFlowView } from './individual-flow-view';
import { useHostedSession } from './use-hosted-session';

/** Route `/?processId=…`: the individual hosted flow. */
export function IndividualPage() {
  const [params] = useSearchParams();
  const processId = params.get('processId');
  if (!isPlausibleProcessId(processId)) return <UnknownLink processId={null} />;
  return <IndividualSession key={processId} processId={processId} />;
}

function UnknownLink({ processId }: { processId: string | null }) {
  useEffect(() => {
    if (processId) postToParent({ type: 'idv:error', verificationId: processId, error: 'not_found' });
  }, [processId]);
  return (
    <AppLayout>
      <UnknownLinkScreen />
    </AppLayout>
  );
}

const RELOAD_ON: ReadonlySet<string> = new Set(['closed', 'already_submitted', 'not_found', 'not_started', 'no_document', 'no_back']);

function IndividualSession({ processId }: { processId: string }) {
  const api = useMemo(() => createHostedClient(), []);
  const { load, sessionRef, setSession, reload } = useHostedSession(api, processId);
  const store = useMemo(() => new CaptureStore({
    // A live selfie goes up with its liveness evidence in one request; everything else alone.
    upload: (slot, blob, options, liveness) => (liveness
      ? api.submitLiveness(processId, { result: liveness.result, selfie: blob, frames: liveness.frames }, options)
      : api.uploadMedia(processId, slot, blob, options)),
    onSession: setSession,
    // The session moved on under us (closed, submitted elsewhere): follow the server.
    onError: (_slot, error) => {
      if (error && typeof error === 'object' && 'kind' in error && RELOAD_ON.has(String(error.kind))) void reload();
    },
  }), [api, processId, setSession, reload]);
  useEffect(() => () => store.dispose(), [store]);
  const languageReady = useKeyLanguage('session' in load ? load.session.defaultLanguage : null);

  if (load.kind === 'loading' || !languageReady) {
    return (
      <AppLayout>
        <LoadingScreen />
      </AppLayout>
    );
  }
  if (load.kind === 'unknown') return <UnknownLink processId={processId} />;
  if (load.kind === 'error') {
    return (
      <AppLayout>
        <RequestErrorScreen kind={load.error} onRetry={() => void reload()} />
      </AppLayout>
    );
  }
  const { session } = load;
  return (
    <AppLayout branding={session.branding} testMode={session.testMode}>
      <Suspense fallback={<LoadingScreen />}>
        <IndividualFlowView
          processId={processId}
          session={session}
          sessionRef={sessionRef}
          api={api}
          store={store}
          setSession={setSession}
          reload={reload}
        />
      </Suspense>
    </AppLayout>
  );
}
