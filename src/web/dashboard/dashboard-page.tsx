import { useCallback, useEffect, useMemo, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import type { Me } from '../../contract/accounts';
import type { PendingSignIn } from '../../contract/accounts-second-factor';
import { call, setCsrfToken } from './dashboard-api';
import { DashboardShell } from './dashboard-shell';
import { PageStatus } from './parts/page-status';
import { SetPasswordScreen } from './screens/set-password-screen';
import { SignInScreen } from './screens/sign-in-screen';
import { ForgotPasswordScreen } from './screens/forgot-password-screen';
import { SessionContext } from './session';
import styles from './dashboard.module.css';

/**
 * `/dashboard/*`: who is signed in decides between the sign-in screens and the sections. The
 * session itself is an HttpOnly cookie; this page only knows the answer of `GET /me`.
 */
/** The dashboard with its own router (the hosted flows use a lighter one, src/web/app/router.tsx). */
export function DashboardApp() {
  return (
    <BrowserRouter>
      <Routes><Route path="/dashboard/*" element={<DashboardPage />} /></Routes>
    </BrowserRouter>
  );
}

export function DashboardPage() {
  const [me, setMe] = useState<Me | null | 'loading'>('loading');
  const location = useLocation();

  useEffect(() => {
    call<Me>('GET', '/me').then((m) => { setCsrfToken(m.csrfToken); setMe(m); }, () => setMe(null));
  }, []);
  const signedIn = useCallback((m: Me) => { setCsrfToken(m.csrfToken); setMe(m); }, []);
  const signedOut = useCallback(() => { setCsrfToken(''); setMe(null); }, []);
  // After enrolling a first factor: `me.secondFactor` changes what the shell opens.
  const refresh = useCallback(() => { call<Me>('GET', '/me').then(setMe, () => undefined); }, []);
  const session = useMemo(() => (me && me !== 'loading' ? { me, signedOut, refresh } : null), [me, signedOut, refresh]);

  if (me === 'loading') return <div className={styles.center}><PageStatus state="loading" /></div>;
  const { from, pending } = (location.state ?? {}) as { from?: string; pending?: PendingSignIn };
  return (
    <Routes>
      <Route path="sign-in" element={session ? <Navigate to={from ?? '/dashboard'} replace /> : <SignInScreen onSignedIn={signedIn} pending={pending} />} />
      <Route path="set-password" element={<SetPasswordScreen onSignedIn={signedIn} />} />
      <Route path="forgot-password" element={<ForgotPasswordScreen />} />
      <Route
        path="*"
        element={session ? (
          <SessionContext.Provider value={session}><DashboardShell /></SessionContext.Provider>
        ) : <Navigate to="/dashboard/sign-in" replace state={{ from: location.pathname + location.search }} />}
      />
    </Routes>
  );
}
