import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX, type CaseWork } from '../../../../contract/casework';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { call } from '../../dashboard-api';
import { useLoad } from '../../use-load';
import type { Proposal } from '../decision-panel';
import { formatDate } from '../status-badge';
import { TextArea } from '../text-field';
import styles from '../../dashboard.module.css';

type Family = 'individual' | 'company';
const workPath = (family: Family, id: string) => `/verifications/${family}/${encodeURIComponent(id)}/work`;

/** The team's work on a case, loaded once per case and again after every move on it. */
export function useCaseWork(family: Family, id: string) {
  const path = workPath(family, id);
  return useLoad(() => call<CaseWork>('GET', path), path);
}

/** The four-eyes proposal as the decision panel shows it (null when none waits). */
export function proposalOf(work: CaseWork | null, meId: string): Proposal | null {
  const p = work?.pending;
  return p ? { decision: p.decision, reason: p.reason, email: p.email, mine: p.memberId === meId } : null;
}

/**
 * Who has the case (claim, give to a colleague, release) and the team's notes on it. Notes are
 * internal: the customer never receives them; they are kept until the case is redacted or deleted.
 */
export function CaseWorkPanel({ family, id, meId, work }: { family: Family; id: string; meId: string; work: ReturnType<typeof useCaseWork> }) {
  const { t, i18n } = useTranslation('dashboard');
  const ids = useId();
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (work.state !== 'ready') return null;
  const { assignee, reviewers, notes } = work.data;
  const base = `/verifications/${family}/${encodeURIComponent(id)}`;
  const move = async (action: () => Promise<unknown>) => {
    setBusy(true); setFailed(false);
    try { await action(); work.reload(); } catch { setFailed(true); } finally { setBusy(false); }
  };
  const assign = (assigneeId: string | null) => move(() => call('PUT', `${base}/assignee`, { assigneeId }));
  const addNote = (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) { setNoteError(true); return; }
    setNoteError(false);
    void move(async () => { await call('POST', `${base}/notes`, { body: note.trim() }); setNote(''); });
  };

  return (
    <section className={styles.panel} aria-labelledby={`${ids}-title`} data-testid="case-work">
      <h2 id={`${ids}-title`} className={styles.subtitle}>{t('work.title')}</h2>
      {failed ? <Alert tone="error" live="polite">{t('work.failed')}</Alert> : null}
      <p data-testid="case-assignee">{assignee ? t(assignee.id === meId ? 'work.assignedToYou' : 'work.assignedTo', { email: assignee.email }) : t('work.unassigned')}</p>
      <div className={styles.actions}>
        {assignee?.id !== meId ? <Button inline variant="secondary" disabled={busy} onClick={() => void assign(meId)} data-testid="claim">{t('work.claim')}</Button> : null}
        {assignee ? <Button inline variant="secondary" disabled={busy} onClick={() => void assign(null)} data-testid="release">{t('work.release')}</Button> : null}
      </div>
      <div className={styles.formField}>
        <label htmlFor={`${ids}-to`}>{t('work.giveTo')}</label>
        <div className={styles.inlineForm}>
          <select id={`${ids}-to`} className={styles.select} value={to} onChange={(e) => setTo(e.target.value)} data-testid="assign-to">
            <option value="">{t('work.pickReviewer')}</option>
            {reviewers.filter((r) => r.id !== assignee?.id).map((r) => <option key={r.id} value={r.id}>{r.email}</option>)}
          </select>
          <Button inline variant="secondary" disabled={busy || !to} onClick={() => { void assign(to); setTo(''); }} data-testid="assign">{t('work.assign')}</Button>
        </div>
      </div>
      <h3 className={styles.minorTitle}>{t('work.notes')}</h3>
      {notes.length === 0 ? <p className={styles.muted}>{t('work.noNotes')}</p> : (
        <ol className={styles.notes} data-testid="case-notes">
          {notes.map((n) => (
            <li key={n.id} data-testid="case-note">
              <p className={styles.muted}>{n.authorEmail} · {formatDate(n.createdAt, i18n.language)}</p>
              <p className={styles.wrapAny}>{n.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={addNote} noValidate>
        <TextArea label={t('work.addNote')} hint={t('work.noteHint')} value={note} rows={3} maxLength={NOTE_MAX}
          error={noteError ? t('work.noteRequired') : undefined} onChange={(e) => setNote(e.target.value)} data-testid="note-text" />
        <Button type="submit" inline variant="secondary" disabled={busy} data-testid="add-note">{t('work.saveNote')}</Button>
      </form>
    </section>
  );
}
