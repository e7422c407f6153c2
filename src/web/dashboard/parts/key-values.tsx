import styles from '../dashboard.module.css';

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Any answer object as a description list, nested objects and lists indented; empty values skipped. */
export function KeyValues({ value, testId }: { value: unknown; testId?: string }) {
  if (!isObj(value)) return <span className={styles.wrapAny}>{format(value)}</span>;
  const entries = Object.entries(value).filter(([, v]) => v !== '' && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0) && !(isObj(v) && Object.keys(v).length === 0));
  return (
    <dl className={styles.kv} data-testid={testId}>
      {entries.map(([k, v]) => (
        <div key={k} className={styles.kvRow}>
          <dt>{k}</dt>
          <dd>{isObj(v) ? <KeyValues value={v} /> : Array.isArray(v) ? (
            <ol className={styles.plainList}>{v.map((item, i) => <li key={i}>{isObj(item) ? <KeyValues value={item} /> : format(item)}</li>)}</ol>
          ) : format(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

function format(v: unknown): string {
  if (typeof v === 'boolean') return v ? '✓' : '✗';
  return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
}
