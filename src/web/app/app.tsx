import { lazy, Suspense } from 'react';
import { ErrorBoundary } from './error-boundary';
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

/** Starts downloading the flow of this path before React renders (failures surface on render). */
export function preloadRoute(pathname: string): void {
  if (pathname === '/') void loadIndividualPage().catch(() => undefined);
  else if (pathname === '/company') void loadCompanyPage().catch(() => undefined);
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
