import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminKey, CreatedKey, Delivery, TestEvent, TestEvents } from '../../../contract/admin';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { call, DashboardError, toQuery } from '../dashboard-api';
import { DeliveriesTable } from '../parts/activity-tables';
import { ConfirmDialog } from '../parts/confirm-dialog';
import { CopyButton } from '../parts/copy-button';
import { KeyForm, keyBody, keyFormDefaults } from '../parts/key-form';
import { PageStatus } from '../parts/page-status';
import { formatDate } from '../parts/status-badge';
import { useLoad } from '../use-load';
import styles from '../dashboard.module.css';

/** API keys (shown whole once), their webhooks and branding, and the deliveries with redeliver. */
export function DevelopersScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const keys = useLoad(() => call<AdminKey[]>('GET', '/keys'), 'keys');
  // Deliveries of one key and/or one result (pending, delivered, failed) or all of them.
  const [deliveryKey, setDeliveryKey] = useState('');
  const [deliveryState, setDeliveryState] = useState('');
  // One case's events (its id as the list shows it), applied on Enter or when the field is left.
  const [deliveryCase, setDeliveryCase] = useState('');
  const [caseDraft, setCaseDraft] = useState('');
  const deliveryQuery = toQuery({ limit: 50, keyId: deliveryKey || undefined, state: deliveryState || undefined, caseId: deliveryCase || undefined });
  const deliveries = useLoad(() => call<Delivery[]>('GET', `/webhooks${deliveryQuery}`), `webhooks${deliveryQuery}`);
  const filterIds = useId();
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AdminKey | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => { document.title = t('pageTitle', { page: t('developers.title') }); }, [t]);

  if (keys.state === 'error') return <><h1 className={styles.title}>{t('developers.title')}</h1><PageStatus state="error" error={keys.error} onRetry={keys.reload} /></>;
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      setNotice({ tone: 'success', text: ok });
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof DashboardError && e.code === 'no_urls' ? t('developers.noUrls') : t('review.failed') });
    }
    keys.reload();
    deliveries.reload();
  };

  // The test event, then what each receiver answered (status and time), read from the
  // deliveries as the worker records them: up to 10 s, then where to look.
  const sendTest = async (keyId: string) => {
    let events: TestEvent[];
    try {
      events = (await call<TestEvents>('POST', `/keys/${keyId}/test-event`)).events;
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof DashboardError && e.code === 'no_urls' ? t('developers.noUrls') : t('review.failed') });
      return;
    }
    setNotice({ tone: 'success', text: t('developers.testSent') });
    let answers: string[] = []; let failed = false;
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const found = await call<Delivery[]>('GET', `/webhooks${toQuery({ keyId, limit: 20 })}`).catch(() => [] as Delivery[]);
      const mine = events.map((ev) => found.find((d) => d.id === ev.id));
      if (mine.every((d) => d && d.attemptLog.length > 0)) {
        answers = mine.map((d) => { const a = d!.attemptLog.at(-1)!; failed ||= !a.ok; return t('developers.testAnswered', { destination: d!.destination, answer: a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? '—'), ms: Math.round(a.durationMs) }); });
        break;
      }
    }
    setNotice(answers.length ? { tone: failed ? 'error' : 'success', text: answers.join(' ') } : { tone: 'success', text: t('developers.testNoAnswer') });
    deliveries.reload();
  };

  return (
    <>
      <h1 className={styles.title} tabIndex={-1}>{t('developers.title')}</h1>
      {notice ? <Alert tone={notice.tone} live="polite" testId="developers-notice">{notice.text}</Alert> : null}
      {created ? (
        <Alert tone="success" live="assertive" title={t('developers.createdTitle')} testId="created-key">
          <p>{t('developers.createdBody')}</p>
          <p><code className={styles.secret} data-testid="created-key-value">{created.apiKey}</code> <CopyButton value={created.apiKey} /></p>
          <Button variant="text" inline onClick={() => setCreated(null)}>{t('common.cancel')}</Button>
        </Alert>
      ) : null}
      <section aria-labelledby="keys-title">
        <h2 id="keys-title" className={styles.subtitle}>{t('developers.keys')}</h2>
        {keys.state === 'loading' ? <PageStatus state="loading" /> : keys.data.length === 0 ? <p>{t('developers.noKeys')}</p> : (
          <ul className={styles.cards} data-testid="key-list">
            {keys.data.map((k) => (
              <li key={k.id} className={styles.card} data-testid="key-card" data-key-id={k.id}>
                <p className={styles.cardTitle}>{k.name || k.id} <span className={styles.badge}>{t(`mode.${k.mode}`)}</span> {k.revokedAt ? <span className={`${styles.badge} ${styles['tone-bad']}`}>{t('developers.revoked')}</span> : null}</p>
                <p className={styles.muted}><span className={styles.mono}>{k.hint}</span> · {t('developers.at')} {formatDate(k.createdAt, i18n.language)}</p>
                <p className={styles.wrapAny}>{t('developers.eventsUrl')}: {k.eventsUrl ?? '—'}<br />{t('developers.decisionUrl')}: {k.decisionUrl ?? '—'}</p>
                {k.revokedAt ? null : (
                  <div className={styles.actions}>
                    <Button variant="secondary" inline onClick={() => setEditing(editing === k.id ? null : k.id)} aria-expanded={editing === k.id}>{t('developers.edit')}</Button>
                    <Button variant="secondary" inline onClick={() => void sendTest(k.id)} data-testid="test-event">{t('developers.testEvent')}</Button>
                    <Button variant="secondary" inline className={styles.danger} onClick={() => setRevoking(k)}>{t('developers.revoke')}</Button>
                  </div>
                )}
                {editing === k.id ? (
                  <KeyForm initial={keyFormDefaults(k)} editing submitLabel={t('common.save')}
                    onSubmit={async (v) => { await call('PATCH', `/keys/${k.id}`, keyBody(v, true)); setEditing(null); setNotice({ tone: 'success', text: t('common.saved') }); keys.reload(); }} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <details className={styles.panel}>
        <summary className={styles.subtitle}>{t('developers.newKey')}</summary>
        <KeyForm initial={keyFormDefaults()} editing={false} submitLabel={t('developers.create')} testId="new-key-form"
          onSubmit={async (v) => { setCreated(await call<CreatedKey>('POST', '/keys', keyBody(v, false))); keys.reload(); }} />
      </details>
      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title" className={styles.subtitle}>{t('developers.deliveries')}</h2>
        <div className={styles.filters}>
          <div className={styles.formField}>
            <label htmlFor={`${filterIds}-key`}>{t('list.key')}</label>
            <select id={`${filterIds}-key`} className={styles.select} value={deliveryKey} onChange={(e) => setDeliveryKey(e.target.value)} data-testid="deliveries-key">
              <option value="">{t('list.anyKey')}</option>
              {keys.state === 'ready' ? keys.data.map((k) => <option key={k.id} value={k.id}>{k.name || k.id}</option>) : null}
            </select>
          </div>
          <div className={styles.formField}>
            <label htmlFor={`${filterIds}-state`}>{t('case.state')}</label>
            <select id={`${filterIds}-state`} className={styles.select} value={deliveryState} onChange={(e) => setDeliveryState(e.target.value)} data-testid="deliveries-state">
              <option value="">{t('list.anyStatus')}</option>
              <option value="pending">{t('case.deliveryState.queued')} / {t('case.deliveryState.failing')}</option>
              <option value="delivered">{t('case.deliveryState.delivered')}</option>
              <option value="failed">{t('case.deliveryState.failed')}</option>
            </select>
          </div>
          <form className={styles.formField} onSubmit={(e) => { e.preventDefault(); setDeliveryCase(caseDraft.trim()); }}>
            <label htmlFor={`${filterIds}-case`}>{t('list.id')}</label>
            <input id={`${filterIds}-case`} type="search" className={styles.input} value={caseDraft} maxLength={100} data-testid="deliveries-case"
              onChange={(e) => setCaseDraft(e.target.value)} onBlur={() => setDeliveryCase(caseDraft.trim())} />
          </form>
        </div>
        {deliveries.state !== 'ready' ? <PageStatus state={deliveries.state} error={deliveries.state === 'error' ? deliveries.error : undefined} onRetry={deliveries.reload} /> : (
          <DeliveriesTable deliveries={deliveries.data} empty={t('developers.noDeliveries')}
            actions={(d) => <Button variant="secondary" inline onClick={() => void act(() => call('POST', `/webhooks/${d.id}/redeliver`), t('developers.redelivered'))}>{t('developers.redeliver')}</Button>} />
        )}
      </section>
      <ConfirmDialog open={revoking !== null} title={t('developers.confirmRevoke', { name: revoking?.name || revoking?.id || '' })} danger confirmLabel={t('developers.revoke')}
        onCancel={() => setRevoking(null)} onConfirm={() => { const k = revoking; setRevoking(null); if (k) void act(() => call('POST', `/keys/${k.id}/revoke`), t('developers.revoked')); }} />
    </>
  );
}
