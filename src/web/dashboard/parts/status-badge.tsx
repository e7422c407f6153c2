import { useTranslation } from 'react-i18next';
import styles from '../dashboard.module.css';

const TONES: Record<string, string> = {
  successful: 'good', failed: 'bad', abandoned: 'muted', cancelled: 'muted', 'under review': 'wait', submitted: 'wait', completed: 'wait',
};
const KNOWN = new Set(['not started', 'started', 'completed', 'submitted', 'under review', 'successful', 'failed', 'abandoned', 'cancelled']);

/** A status in words and colour; the API's own value stays in the title for people who match logs. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('dashboard');
  const label = KNOWN.has(status) ? t(`statusNames.${status as 'started'}`) : status;
  return <span className={`${styles.badge} ${styles[`tone-${TONES[status] ?? 'neutral'}`] ?? ''}`} title={status}>{label}</span>;
}

/** Dates as the member's language writes them, in their time zone. */
export function formatDate(iso: string, language: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
