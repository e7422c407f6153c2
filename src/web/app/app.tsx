import { lazy, Suspense } from 'react';
import { HOSTED_TOKEN_HEADER } from '../../contract/company-constants';
import { fetchEarly } from '../api/early-fetch';
import type { Language } from '../i18n/languages';
import { loadTexts } from '../i18n/resources';
import { ErrorBoundary } from './error-boundary';
import { isPlausibleProcessId } from './link-ids';
import { FlowRouter, browserHistory } from './router';
import { AppLayout } from './layout';
import { LoadingScreen } from './screens/loading-screen';
import { UnknownLinkScreen } from './screens/unknown-link-screen';

// Route-level split: the shell (router, i18n, layout, loading screen) paints first; each flow's
// code loads while the loading screen shows. The session
// request can only start once the flow code is there, which costs one round trip and keeps the
// first screen ~30 KB lighter.
const loadIndividualPage = () => import('../flows/individual/individual-page');
const IndividualPage = lazy(() => loadIndividualPage().then((m) => ({ default: m.IndividualPage })));

// The company flow is another product: its code and texts load only on /company.
const loadCompanyPage = () => import('../flows/company/company-page');
const CompanyFlowPage = lazy(async () => {
  const [page, texts] = await Promise.all([loadCompanyPage(), import('../i18n/lazy-resources')]);
  await texts.loadCompanyTexts();
  return { default: page.CompanyFlowPage };
});

// The customer dashboard: its own code, texts and pdf.js, loaded only under /dashboard.
const loadDashboardPage = () => import('../dashboard/dashboard-page');
const DashboardPage = lazy(async () => {
  const [page, texts] = await Promise.all([loadDashboardPage(), import('../i18n/lazy-resources')]);
  await texts.loadDashboardTexts();
  return { default: page.DashboardApp };
});

/**
 * Starts downloading what the first screen of this path needs before React renders, side by
 * side: the flow's code, its texts and its session (failures surface on render).
 */
export function preloadRoute(pathname: string, search: URLSearchParams, language: Language): void {
  const id = search.get('processId');
  if (pathname === '/') {
    void loadIndividualPage().catch(() => undefined);
    if (isPlausibleProcessId(id)) fetchEarly(`/api/v1/hosted/verifications/${encodeURIComponent(id)}`);
  } else if (pathname === '/company') {
    void loadCompanyPage().catch(() => undefined);
    void loadTexts(language, ['company']).catch(() => undefined);
    const token = search.get('hostedToken') ?? '';
    if (isPlausibleProcessId(id) && token) fetchEarly(`/api/v1/hosted/company-verifications/${encodeURIComponent(id)}`, { [HOSTED_TOKEN_HEADER]: token });
  }
  else if (pathname.startsWith('/dashboard')) void loadDashboardPage().catch(() => undefined);
}

const flowHistory = typeof window === 'undefined' ? null : browserHistory();

function Loading() {
  return <AppLayout><LoadingScreen /></AppLayout>;
}

/**
 * Paths: `/` individual flow (`?processId=`), `/company` company flow, `/dashboard` customers
 * (its own react-router inside), anything else unknown. The path never changes within a flow.
 */
export function App() {
  const { pathname } = window.location;
  const page = pathname === '/' ? <IndividualPage />
    : pathname === '/company' ? <CompanyFlowPage />
      : pathname === '/dashboard' || pathname.startsWith('/dashboard/') ? <DashboardPage />
        : null;
  return (
    <ErrorBoundary>
      {page && flowHistory ? (
        <FlowRouter history={flowHistory}>
          <Suspense fallback={<Loading />}>{page}</Suspense>
        </FlowRouter>
      ) : <AppLayout><UnknownLinkScreen /></AppLayout>}
    </ErrorBoundary>
  );
}
