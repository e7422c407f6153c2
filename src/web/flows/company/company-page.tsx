// Route `/company?processId=…&hostedToken=…`: checks the link, loads the session, then shows the
// form or the screen for a link that cannot be used.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '../../app/router';
import type { HostedCompanySession } from '../../../contract/hosted-company';
import { withRetry } from '../../api/retry';
import { AppLayout } from '../../app/layout';
import { useKeyLanguage } from '../../i18n/use-key-language';
import { LoadingScreen } from '../../app/screens/loading-screen';
import { CompanyApiError, type CompanyApiErrorCode } from './api/api-error';
import { createCompanyApi, type CompanyApi, type CompanyApiConfig } from './api/company-api';
import { CompanyFlow } from './company-flow';
import { CompanyLinkScreen } from './link-screen';
import { readLinkParams, screenForError, screenForParams, screenForSession, type LinkScreen } from './link-state';

type PageState =
  | { kind: 'loading' }
  | { kind: 'form'; session: HostedCompanySession }
  | { kind: 'screen'; screen: LinkScreen; session: HostedCompanySession | null; code?: CompanyApiErrorCode };

export interface CompanyFlowPageProps {
  /** Tests inject a fake API; the app uses the real one. */
  createApi?: (config: CompanyApiConfig) => CompanyApi;
}

const LOAD_RETRY = { tries: 3, baseMs: 500, capMs: 4000 };

export function CompanyFlowPage({ createApi = createCompanyApi }: CompanyFlowPageProps = {}) {
  const [search] = useSearchParams();
  const { processId, hostedToken } = readLinkParams(search);
  const paramScreen = screenForParams({ processId, hostedToken });
  const api = useMemo(
    () => (processId && hostedToken ? createApi({ processId, hostedToken }) : null),
    [processId, hostedToken, createApi],
  );
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!api) return;
    let cancelled = false;
    setState({ kind: 'loading' });
    withRetry(() => api.load(), { policy: LOAD_RETRY, isRetryable: (e) => e instanceof CompanyApiError && e.retryable })
      .then((session) => {
        if (cancelled) return;
        const screen = screenForSession(session);
        setState(screen ? { kind: 'screen', screen, session } : { kind: 'form', session });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const err = error instanceof CompanyApiError ? error : new CompanyApiError('server', 0);
        setState({ kind: 'screen', screen: screenForError(err), session: null, code: err.code });
      });
    return () => {
      cancelled = true;
    };
  }, [api, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Mid-flow the link stopped working (expired, submitted on another device, token refused):
  // reading the session again tells which screen to show.
  const onLinkClosed = useCallback(() => reload(), [reload]);

  const session = state.kind === 'loading' ? null : state.session;
  // The key's language is applied before the form first shows.
  const languageReady = useKeyLanguage(session?.defaultLanguage);

  if (paramScreen || !api) {
    return (
      <AppLayout>
        <CompanyLinkScreen screen={paramScreen ?? 'invalid-link'} companyName={null} onRetry={reload} />
      </AppLayout>
    );
  }
  return (
    <AppLayout branding={session?.branding ?? null} testMode={session?.testMode ?? false}>
      {state.kind === 'loading' || !languageReady ? <LoadingScreen /> : null}
      {state.kind === 'screen' && languageReady ? (
        <CompanyLinkScreen screen={state.screen} companyName={session?.branding.name ?? null} errorCode={state.code} onRetry={reload} />
      ) : null}
      {state.kind === 'form' && languageReady ? <CompanyFlow api={api} session={state.session} onLinkClosed={onLinkClosed} /> : null}
    </AppLayout>
  );
}
