import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SavedFilter } from '../../../../contract/casework';
import { Button } from '../../../ui/button';
import { call } from '../../dashboard-api';
import { useLoad } from '../../use-load';
import styles from '../../dashboard.module.css';

/**
 * A member's saved list views: the current filters kept under a name (on the server, not in the
 * browser's storage), each a link that applies them again.
 */
export function SavedViews({ query }: { query: string }) {
  const { t } = useTranslation('dashboard');
  const ids = useId();
  const views = useLoad(() => call<SavedFilter[]>('GET', '/saved-filters'), 'saved-filters');
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) { setError(t('views.nameRequired')); return; }
    try {
      await call('POST', '/saved-filters', { name: name.trim(), query });
      setName(''); setError('');
      views.reload();
    } catch {
      setError(t('views.failed'));
    }
  };
  const remove = async (id: string) => { await call('DELETE', `/saved-filters/${encodeURIComponent(id)}`).catch(() => undefined); views.reload(); };
  const list = views.state === 'ready' ? views.data : [];
  return (
    <section aria-labelledby={`${ids}-title`} className={styles.savedViews} data-testid="saved-views">
      <h2 id={`${ids}-title`} className={styles.minorTitle}>{t('views.title')}</h2>
      {list.length ? (
        <ul className={styles.viewList}>
          {list.map((v) => (
            <li key={v.id}>
              <Link to={`/dashboard${v.query ? `?${v.query}` : ''}`} data-testid="saved-view">{v.name}</Link>
              <Button inline variant="secondary" onClick={() => void remove(v.id)} aria-label={t('views.delete', { name: v.name })}>×</Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className={styles.inlineForm} onSubmit={(e) => void save(e)} noValidate>
        <label htmlFor={`${ids}-name`}>{t('views.name')}</label>
        <input id={`${ids}-name`} className={styles.input} value={name} maxLength={80} onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${ids}-error` : undefined} data-testid="view-name" />
        <Button type="submit" inline variant="secondary" data-testid="save-view">{t('views.save')}</Button>
      </form>
      {error ? <p id={`${ids}-error`} className={styles.error} role="alert">{error}</p> : null}
    </section>
  );
}
