import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Delivery } from '../../../contract/admin';
import type { AutomaticChecks } from '../../../contract/automatic-checks';
import type { AuditEntry } from '../../../contract/dashboard';
import type { IndividualRecord } from '../../../contract/individual';
import { call } from '../dashboard-api';
import { AuditTable, DeliveriesTable } from '../parts/activity-tables';
import { ChecklistPanel } from '../parts/case/checklist-panel';
import { ChecksPanel } from '../parts/case/checks-panel';
import { DecisionPanel, type Decision } from '../parts/decision-panel';
import { ImageViewer } from '../parts/image-viewer';
import { DocumentData } from '../parts/case/document-data';
import { EarlierAttempts, type EarlierAttempt } from '../parts/case/earlier-attempts';
import { NextCase } from '../parts/case/next-case';
import { CaseWorkPanel, proposalOf, useCaseWork } from '../parts/case/case-work-panel';
import { LivenessPanel } from '../parts/liveness-panel';
import { PageStatus } from '../parts/page-status';
import { RiskPanel, type LaterMatch } from '../parts/case/risk-panel';
import { ScreeningPanel, type CaseHit } from '../parts/case/screening-panel';
import type { RiskListEntry } from '../../../contract/risk-lists';
import { formatDate, StatusBadge } from '../parts/status-badge';
import { useSession } from '../session';
import { useLoad } from '../use-load';
import styles from '../dashboard.module.css';

interface IndividualCase { record: IndividualRecord; checks: AutomaticChecks | null; deliveries: Delivery[]; audit: AuditEntry[]; riskLists?: RiskListEntry[]; screeningHits?: CaseHit[]; matchedBy?: LaterMatch[]; earlierAttempts?: EarlierAttempt[] }

/** One person's case: the selfie beside the document, the evidence, the scores, the timeline. */
export function IndividualCaseScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const { me } = useSession();
  const id = useParams().id ?? '';
  const path = `/verifications/individual/${encodeURIComponent(id)}`;
  const data = useLoad(() => call<IndividualCase>('GET', path), path);
  // The case decided here (the next one is offered then); another case's page starts without.
  const [decided, setDecided] = useState<string | null>(null);
  const work = useCaseWork('individual', id);
  const shownName = data.state === 'ready' ? personName(data.data.record.docInfo) : '';
  useEffect(() => { document.title = t('pageTitle', { page: shownName || t('case.individualTitle', { id }) }); }, [t, id, shownName]);

  if (data.state !== 'ready') return <><BackLink /><PageStatus state={data.state} error={data.state === 'error' ? data.error : undefined} onRetry={data.reload} /></>;
  const { record, checks, deliveries, audit, riskLists = [], screeningHits = [], matchedBy = [], earlierAttempts = [] } = data.data;
  const waiting = record.status === 'completed' && record.decision === 'review';
  const decide = async (decision: Decision, reason: string) => {
    const res = await call<{ pending?: unknown }>('POST', `${path}/decide`, { decision, ...(reason ? { reason } : {}) });
    setDecided(record.id);
    data.reload();
    work.reload();
    return res.pending ? 'proposed' as const : undefined;
  };
  const name = personName(record.docInfo);

  return (
    <article className={styles.case} data-testid="individual-case">
      <BackLink />
      <header>
        <h1 className={styles.title} tabIndex={-1} data-testid="case-title">{name || t('case.individualTitle', { id: record.id })}</h1>
        {name ? <p className={`${styles.muted} ${styles.mono}`}>{t('case.individualTitle', { id: record.id })}</p> : null}
      </header>
      {/* The decision first in reading and tab order (as before); the grid puts it on the right. */}
      <div className={styles.caseLayout}>
        <div className={styles.caseSide}>
          <dl className={styles.summary}>
            <div><dt>{t('case.status')}</dt><dd><StatusBadge status={record.status} /></dd></div>
            <div><dt>{t('case.decision')}</dt><dd className={styles.mono}>{record.decision ?? '—'}</dd></div>
            <div><dt>{t('list.vendorData')}</dt><dd className={styles.wrapAny}>{record.vendorData || '—'}</dd></div>
            <div><dt>{t('case.reason')}</dt><dd className={styles.wrapAny} data-testid="case-reason">{record.reason || '—'}</dd></div>
            <div><dt>{t('case.created')}</dt><dd>{formatDate(record.createdAt, i18n.language)}</dd></div>
            <div><dt>{t('case.updated')}</dt><dd>{formatDate(record.updatedAt, i18n.language)}</dd></div>
          </dl>
          {me.abilities.review ? <DecisionPanel waiting={waiting} allowResubmit onDecide={decide} proposal={proposalOf(work.state === 'ready' ? work.data : null, me.member.id)} /> : null}
          {decided === record.id ? <NextCase currentId={record.id} meId={me.member.id} /> : null}
          <CaseWorkPanel family="individual" id={record.id} meId={me.member.id} work={work} />
        </div>
        <div className={styles.caseMain}>
          <section aria-labelledby="images-title">
            <h2 id="images-title" className={styles.subtitle}>{t('case.images')}</h2>
            <div className={styles.evidence}>
              <div className={styles.gallery}>
                <ImageViewer src={record.selfie.url} label={t('case.selfie')} testId="selfie-image" />
                <ImageViewer src={record.doc.url.front} label={t('case.front')} testId="front-image" />
                {record.doc.url.back ? <ImageViewer src={record.doc.url.back} label={t('case.back')} testId="back-image" /> : null}
              </div>
              <section aria-labelledby="docinfo-title">
                <h3 id="docinfo-title" className={styles.minorTitle}>{t('case.docInfo')}</h3>
                <DocumentData docInfo={record.docInfo} docType={record.doc.type} />
              </section>
            </div>
          </section>
          {checks ? <ChecklistPanel checks={checks} openHits={screeningHits.filter((h) => h.state === 'open' && !h.gone).length} /> : null}
          <EarlierAttempts attempts={earlierAttempts} />
          <LivenessPanel liveness={record.liveness} />
          {checks ? <ChecksPanel checks={checks} /> : null}
          <ScreeningPanel aml={checks?.aml} hits={screeningHits} canResolve={me.abilities.review} onChanged={data.reload} />
          <RiskPanel caseId={record.id} signals={checks?.risk?.signals ?? []} entries={riskLists} canManage={me.abilities.review} onChanged={data.reload} matchedBy={matchedBy} />
          <section aria-labelledby="timeline-title">
            <h2 id="timeline-title" className={styles.subtitle}>{t('case.timeline')}</h2>
            <DeliveriesTable deliveries={deliveries} empty={t('case.noDeliveries')} />
          </section>
          <section aria-labelledby="audit-title">
            <h2 id="audit-title" className={styles.subtitle}>{t('case.audit')}</h2>
            <AuditTable entries={audit} empty={t('case.noAudit')} />
          </section>
        </div>
      </div>
    </article>
  );
}

/** The person's name as the document gives it ("GRACE HOPPER"), or '' when none was read. */
export function personName(doc: { firstName?: string; middleName?: string; lastName?: string } | null | undefined): string {
  return [doc?.firstName, doc?.middleName, doc?.lastName].map((s) => (s ?? '').trim()).filter(Boolean).join(' ');
}

export function BackLink() {
  const { t } = useTranslation('dashboard');
  return <p><Link to="/dashboard">← {t('common.back')}</Link></p>;
}
