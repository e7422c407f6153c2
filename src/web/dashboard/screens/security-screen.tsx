import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecoveryCodes, Security } from '../../../contract/accounts-second-factor';
import { Alert } from '../../ui/alert';
import { call, DashboardError } from '../dashboard-api';
import { ConfirmIdentityPanel } from '../parts/confirm-identity';
import { FactorList } from '../parts/factor-list';
import { Button } from '../../ui/button';
import { PageStatus } from '../parts/page-status';
import { MailLanguagePanel } from '../parts/mail-language-panel';
import { PasskeyAddPanel } from '../parts/passkey-add';
import { RecoveryCodesPanel } from '../parts/recovery-codes';
import { SessionsPanel } from '../parts/sessions-panel';
import { TotpEnrolmentPanel } from '../parts/totp-enrolment';
import { useSession } from '../session';
import { useLoad } from '../use-load';
import styles from '../dashboard.module.css';

/**
 * The member's second factors and sessions, the language of their e-mails (every role), and for
 * owners the organisation's rule. Where the
 * organisation requires a factor the member lacks, this is the only screen the shell opens.
 */
export function SecurityScreen() {
  const { t } = useTranslation('dashboard');
  const { me, refresh } = useSession();
  const security = useLoad(() => call<Security>('GET', '/security'), 'security');
  const [fresh, setFresh] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The box shows the owner's choice at once; a refused change puts it back.
  const [rule, setRuleShown] = useState<boolean | null>(null);
  useEffect(() => { document.title = t('pageTitle', { page: t('security.title') }); }, [t]);

  const changed = (codes: string[] | null = null) => {
    if (codes) setFresh(codes);
    security.reload();
    refresh();
  };
  const regenerate = async () => {
    setFailure(null);
    try {
      setFresh((await call<RecoveryCodes>('POST', '/security/recovery-codes')).recoveryCodes);
      security.reload();
    } catch (e) {
      // The confirmation ran out: the screen asks for it again.
      if (e instanceof DashboardError && e.code === 'confirmation_required') security.reload();
      else setFailure(t('security.failed'));
    }
  };
  const dismissNotice = async () => {
    await call('POST', '/security/notice/seen').catch(() => undefined);
    security.reload();
    refresh();
  };
  const setRule = async (requireSecondFactor: boolean) => {
    setFailure(null);
    setRuleShown(requireSecondFactor);
    try {
      await call('PATCH', '/org/security', { requireSecondFactor });
      changed();
    } catch (e) {
      setRuleShown(null);
      setFailure(e instanceof DashboardError && e.code === 'own_second_factor_missing' ? t('security.orgOwnFirst') : t('security.failed'));
    }
  };

  return (
    <>
      <h1 className={styles.title} tabIndex={-1}>{t('security.title')}</h1>
      <p>{t('security.intro')}</p>
      {me.secondFactor.required && !me.secondFactor.enrolled ? <Alert tone="warning" live="polite" testId="second-factor-required">{t('security.required')}</Alert> : null}
      {failure ? <Alert tone="error" live="assertive" testId="security-error">{failure}</Alert> : null}
      {security.state !== 'ready' ? <PageStatus state={security.state} error={security.state === 'error' ? security.error : undefined} onRetry={security.reload} /> : (
        <>
          {security.data.unseenWrongCodes > 0 ? (
            <Alert tone="warning" live="polite" testId="wrong-codes-notice">
              <p>{t('security.wrongCodesNotice', { n: security.data.unseenWrongCodes })}</p>
              <Button variant="secondary" inline onClick={() => void dismissNotice()} data-testid="wrong-codes-dismiss">{t('security.dismiss')}</Button>
            </Alert>
          ) : null}
          <FactorList factors={security.data.factors} onChanged={() => changed()} />
          {/* Adding a factor or new recovery codes: only after the password or a code is asked again. */}
          {security.data.confirmedUntil === null ? (
            <ConfirmIdentityPanel hasApp={security.data.factors.some((f) => f.kind === 'totp')} onConfirmed={() => security.reload()} />
          ) : <>
            {security.data.factors.some((f) => f.kind === 'totp') ? null : <TotpEnrolmentPanel onEnrolled={changed} />}
            <PasskeyAddPanel onAdded={changed} />
          </>}
          {security.data.factors.length > 0 ? <RecoveryCodesPanel fresh={fresh} left={security.data.recoveryCodesLeft} canRegenerate={security.data.confirmedUntil !== null} onRegenerate={() => void regenerate()} /> : null}
          <SessionsPanel sessions={security.data.sessions} canEnd={security.data.confirmedUntil !== null} onEnded={() => security.reload()} />
          <MailLanguagePanel me={me} onSaved={refresh} />
          {me.member.role === 'owner' ? (
            <section aria-labelledby="org-security-title" className={styles.panel}>
              <h2 id="org-security-title" className={styles.subtitle}>{t('security.orgTitle')}</h2>
              <label className={styles.choice}>
                <input type="checkbox" checked={rule ?? security.data.orgRequiresSecondFactor} onChange={(e) => void setRule(e.target.checked)} data-testid="org-require-second-factor" />
                {' '}{t('security.orgRequire')}
              </label>
            </section>
          ) : null}
        </>
      )}
    </>
  );
}
