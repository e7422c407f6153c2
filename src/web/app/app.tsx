import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout';
import { LoadingScreen } from './screens/loading-screen';
import { UnknownLinkScreen } from './screens/unknown-link-screen';

// Route-level split: the shell (router, i18n, layout, loading screen) paints first; each flow's
// code, with zod and the contract schemas, loads while the loading screen shows. The session
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
  return { default: page.DashboardPage };
});

/** Starts downloading the flow of this path before React renders (failures surface on render). */
export function preloadRoute(pathname: string): void {
  if (pathname === '/') void loadIndividualPage().catch(() => undefined);
  else if (pathname === '/company') void loadCompanyPage().catch(() => undefined);
  else if (pathname.startsWith('/dashboard')) void loadDashboardPage().catch(() => undefined);
}

/** Routes: `/` individual flow (`?processId=`), `/company` company flow, `/dashboard` customers, anything else unknown. */
export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <Routes>
          <Route
            path="/"
            element={
              <Suspense fallback={<AppLayout><LoadingScreen /></AppLayout>}>
                <IndividualPage />
              </Suspense>
            }
          />
          <Route
            path="/company"
            element={
              <Suspense fallback={<AppLayout><LoadingScreen /></AppLayout>}>
                <CompanyFlowPage />
              </Suspense>
            }
          />
          <Route
            path="/dashboard/*"
            element={
              <Suspense fallback={<AppLayout><LoadingScreen /></AppLayout>}>
                <DashboardPage />
              </Suspense>
            }
          />
          <Route path="*" element={<AppLayout><UnknownLinkScreen /></AppLayout>} />
        </Routes>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
