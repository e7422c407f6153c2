import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Delivery } from '../../../contract/admin';
import type { CompanyRecord } from '../../../contract/company';
import type { AuditEntry } from '../../../contract/dashboard';
import type { IndividualRecord } from '../../../contract/individual';
import { Alert } from '../../ui/alert';
import { call } from '../dashboard-api';
import { AuditTable, DeliveriesTable } from '../parts/activity-tables';
import { CompanyTrail } from '../parts/company-trail';
import { DecisionPanel, type Decision } from '../parts/decision-panel';
import { CaseWorkPanel, proposalOf, useCaseWork } from '../parts/case/case-work-panel';
import { NextCase } from '../parts/case/next-case';
import { DocumentPreview, type PreviewDocument } from '../parts/document-preview';
import { KeyValues } from '../parts/key-values';
import { LivenessPanel } from '../parts/liveness-panel';
import { PageStatus } from '../parts/page-status';
import { ScreeningPanel, type CaseHit } from '../parts/case/screening-panel';
import type { AmlChecks } from '../../../contract/screening';
import { formatDate, StatusBadge } from '../parts/status-badge';
import { useSession } from '../session';
import { useLoad } from '../use-load';
import { BackLink } from './individual-case-screen';
import styles from '../dashboard.module.css';

interface CompanyCase { record: CompanyRecord; mode: 'test' | 'live'; keyId: string; liveness: IndividualRecord | null; deliveries: Delivery[]; audit: AuditEntry[]; screeningHits?: CaseHit[] }

/** A company case: every section as entered, the papers in the page, the flags, the people. */
export function CompanyCaseScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const { me } = useSession();
  const id = useParams().id ?? '';
  const path = `/verifications/company/${encodeURIComponent(id)}`;
  const data = useLoad(() => call<CompanyCase>('GET', path), path);
  const work = useCaseWork('company', id);
  const [decided, setDecided] = useState<string | null>(null);
  useEffect(() => { document.title = t('pageTitle', { page: t('case.companyTitle', { id }) }); }, [t, id]);

  if (data.state !== 'ready') return <><BackLink /><PageStatus state={data.state} error={data.state === 'error' ? data.error : undefined} onRetry={data.reload} /></>;
  const { record, liveness, deliveries, audit, mode, screeningHits = [] } = data.data;
  const waiting = record.status === 'submitted' || record.status === 'under review';
  const decide = async (decision: Decision, reason: string) => {
    const after = await call<CompanyCase>('POST', `${path}/decide`, { decision, ...(reason ? { reason } : {}) });
    data.set(after);
    work.reload();
    setDecided(record.verificationId);
    // Still waiting after a decision: four-eyes holds it for a second reviewer.
    return after.record.status === 'submitted' || after.record.status === 'under review' ? 'proposed' as const : undefined;
  };
  const startReview = async () => { data.set(await call<CompanyCase>('POST', `${path}/review`)); };
  const { contact, ...business } = record.businessProfile as Record<string, unknown> & { contact?: unknown };
  const legalName = typeof business.legalName === 'string' ? business.legalName.trim() : '';
  const flags = Array.isArray(record.analysis.reviewFlags) ? (record.analysis.reviewFlags as string[]) : [];
  const docs = record.uploadedDocuments as unknown as PreviewDocument[];

  return (
    <article className={styles.case} data-testid="company-case">
      <BackLink />
      <header>
        <h1 className={styles.title} tabIndex={-1} data-testid="case-title">{legalName || t('case.companyTitle', { id: record.verificationId })}</h1>
        {legalName ? <p className={`${styles.muted} ${styles.mono}`}>{t('case.companyTitle', { id: record.verificationId })}</p> : null}
      </header>
      {mode === 'test' ? <Alert tone="info">{t('case.testKey')}</Alert> : null}
      {/* The decision first in reading and tab order, as on a person's case; the grid puts it on the right. */}
      <div className={styles.caseLayout}>
        <div className={styles.caseSide}>
          <dl className={styles.summary}>
            <div><dt>{t('case.status')}</dt><dd><StatusBadge status={record.status} /></dd></div>
            <div><dt>{t('list.vendorData')}</dt><dd className={styles.wrapAny}>{record.vendorData || '—'}</dd></div>
            <div><dt>{t('case.reason')}</dt><dd className={styles.wrapAny} data-testid="case-reason">{record.reason || '—'}</dd></div>
            <div><dt>{t('case.created')}</dt><dd>{formatDate(record.createdAt, i18n.language)}</dd></div>
          </dl>
          {me.abilities.review ? (
            <DecisionPanel waiting={waiting} allowResubmit={false} onDecide={decide} onStartReview={record.status === 'submitted' ? startReview : undefined}
              proposal={proposalOf(work.state === 'ready' ? work.data : null, me.member.id)} />
          ) : null}
          {decided === record.verificationId ? <NextCase currentId={record.verificationId} meId={me.member.id} /> : null}
          <CaseWorkPanel family="company" id={record.verificationId} meId={me.member.id} work={work} />
        </div>
        <div className={styles.caseMain}>
          <section aria-labelledby="flags-title" data-testid="analysis">
            <h2 id="flags-title" className={styles.subtitle}>{t('case.analysis')}</h2>
            {flags.length ? <ul className={styles.flagList}>{flags.map((f) => <li key={f} className={`${styles.badge} ${styles['tone-wait']}`}>{f}</li>)}</ul> : <p>{t('case.noFlags')}</p>}
            <details><summary>{t('case.analysis')} (JSON)</summary><KeyValues value={record.analysis} /></details>
          </section>
          <ScreeningPanel aml={(record.analysis as { aml?: AmlChecks }).aml} hits={screeningHits} canResolve={me.abilities.review} onChanged={data.reload} />
          <Section id="business" title={t('case.business')}><KeyValues value={business} testId="business" /></Section>
          <Section id="contact" title={t('case.contact')}><KeyValues value={contact} /></Section>
          <Section id="representative" title={t('case.representative')}><KeyValues value={record.representativeProfile} /></Section>
          <Section id="officers" title={t('case.officers')}><KeyValues value={{ officers: record.additionalInformation.officers }} /></Section>
          <Section id="owners" title={t('case.owners')}><KeyValues value={record.ownershipProfile} /></Section>
          {record.customQuestionAnswers.length ? <Section id="questions" title={t('case.questions')}><KeyValues value={Object.fromEntries(record.customQuestionAnswers.map((a) => [a.questionId, a.answer]))} /></Section> : null}
          <Section id="documents" title={t('case.documents')}>
            {docs.length ? <div className={styles.documents}>{docs.map((d) => <DocumentPreview key={d.id} doc={d} />)}</div> : <p>{t('case.noDocuments')}</p>}
          </Section>
          {liveness ? <LivenessPanel liveness={liveness.liveness} title={t('case.repLiveness')} selfieUrl={liveness.selfie.url} /> : <Section id="rep-liveness" title={t('case.repLiveness')}><p>{t('case.noLiveness')}</p></Section>}
          <Section id="trail" title={t('case.trail')}><CompanyTrail trail={record.auditTrail} /></Section>
          <Section id="timeline" title={t('case.timeline')}><DeliveriesTable deliveries={deliveries} empty={t('case.noDeliveries')} /></Section>
          <Section id="audit" title={t('case.audit')}><AuditTable entries={audit} empty={t('case.noAudit')} /></Section>
        </div>
      </div>
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.subtitle}>{title}</h2>
      {children}
    </section>
  );
}
