import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Route, Routes, useNavigate } from 'react-router';
import { Alert } from '../ui/alert';
import { call } from './dashboard-api';
import { LanguagePicker } from '../ui/language-picker';
import { ActivityScreen } from './screens/activity-screen';
import { CampaignsScreen } from './screens/campaigns-screen';
import { CompanyCaseScreen } from './screens/company-case-screen';
import { DevelopersScreen } from './screens/developers-screen';
import { IndividualCaseScreen } from './screens/individual-case-screen';
import { ScreeningScreen } from './screens/screening-screen';
import { SecurityScreen } from './screens/security-screen';
import { TeamScreen } from './screens/team-screen';
import { VerificationListScreen } from './screens/verification-list-screen';
import { PageStatus } from './parts/page-status';
import { useSession } from './session';
import styles from './dashboard.module.css';

// The overview carries the charting library: loaded when opened, not with the queue.
const OverviewScreen = lazy(() => import('./screens/overview-screen').then((m) => ({ default: m.OverviewScreen })));

/**
 * The signed-in frame: who and where, the sections the member's role opens, sign-out. A section
 * the role does not open is not in the menu; its URL answers "not allowed" (and so does the API).
 */
export function DashboardShell() {
  const { t } = useTranslation('dashboard');
  const { me, signedOut } = useSession();
  const navigate = useNavigate();
  useEffect(() => { document.title = t('title'); }, [t]);

  const signOut = async () => {
    await call('POST', '/auth/sign-out').catch(() => undefined);
    signedOut();
    navigate('/dashboard/sign-in', { replace: true });
  };
  // The organisation requires a second factor this member has not set up: only enrolment opens.
  const enrolOnly = me.secondFactor.required && !me.secondFactor.enrolled;
  const link = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink);

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <span className={styles.brandName}>{me.org.name}</span>
          <span className={styles.muted} data-testid="signed-in-as">
            {t('nav.signedInAs', { email: me.member.email, role: t(`roles.${me.member.role}`), org: me.org.name })}
          </span>
        </div>
        <nav aria-label={t('nav.label')} className={styles.nav}>
          {enrolOnly ? null : <>
          <NavLink to="/dashboard/overview" className={link}>{t('nav.overview')}</NavLink>
          {me.abilities.review ? <NavLink to="/dashboard" end className={link}>{t('nav.verifications')}</NavLink> : null}
          {me.abilities.review ? <NavLink to="/dashboard/screening" className={link}>{t('nav.screening')}</NavLink> : null}
          {me.abilities.developers ? <NavLink to="/dashboard/developers" className={link}>{t('nav.developers')}</NavLink> : null}
          {me.abilities.developers ? <NavLink to="/dashboard/campaigns" className={link}>{t('nav.campaigns')}</NavLink> : null}
          {me.abilities.team ? <NavLink to="/dashboard/team" className={link}>{t('nav.team')}</NavLink> : null}
          {me.abilities.team ? <NavLink to="/dashboard/activity" className={link}>{t('nav.activity')}</NavLink> : null}
          </>}
          <NavLink to="/dashboard/security" className={link}>{t('nav.security')}</NavLink>
        </nav>
        <div className={styles.headerEnd}>
          <LanguagePicker />
          <button type="button" className={styles.linkButton} onClick={() => void signOut()} data-testid="sign-out">{t('nav.signOut')}</button>
        </div>
      </header>
      <main className={styles.main} id="main">
        {me.secondFactor.unseenWrongCodes > 0 ? (
          <Alert tone="warning" live="polite" testId="shell-wrong-codes">
            {t('security.wrongCodesNotice', { n: me.secondFactor.unseenWrongCodes })} <Link to="/dashboard/security">{t('security.reviewSecurity')}</Link>
          </Alert>
        ) : null}
        {enrolOnly ? <Routes><Route path="*" element={<SecurityScreen />} /></Routes> : <Routes>
          <Route index element={me.abilities.review ? <VerificationListScreen /> : <DevelopersScreen />} />
          <Route path="verifications/individual/:id" element={<IndividualCaseScreen />} />
          <Route path="verifications/company/:id" element={<CompanyCaseScreen />} />
          <Route path="overview" element={<Suspense fallback={<PageStatus state="loading" />}><OverviewScreen /></Suspense>} />
          <Route path="screening" element={<ScreeningScreen />} />
          <Route path="developers" element={<DevelopersScreen />} />
          <Route path="campaigns" element={<CampaignsScreen />} />
          <Route path="team" element={<TeamScreen />} />
          <Route path="activity" element={<ActivityScreen />} />
          <Route path="security" element={<SecurityScreen />} />
          <Route path="*" element={<VerificationListScreen />} />
        </Routes>}
      </main>
    </div>
  );
}
