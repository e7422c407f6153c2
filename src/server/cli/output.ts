/** Where the CLI writes: injectable so tests capture it. */
export interface Writable {
  write(text: string): unknown;
}

export interface Column<T> {
  header: string;
  value(row: T): string | number | null | undefined;
  /** Longest cell before it is cut with `…` (long URLs and errors). */
  max?: number;
}

/** Plain-text table: a header row, then one row per item, columns padded to align. */
export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cell = (c: Column<T>, r: T) => {
    const v = c.value(r);
    const s = v === null || v === undefined || v === '' ? '-' : String(v).replace(/\s+/g, ' ');
    return c.max && s.length > c.max ? `${s.slice(0, c.max - 1)}…` : s;
  };
  const grid = [columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => cell(c, r)))];
  const widths = columns.map((_, i) => Math.max(...grid.map((line) => line[i]!.length)));
  return grid.map((line) => line.map((s, i) => (i === line.length - 1 ? s : s.padEnd(widths[i]!))).join('  ').trimEnd())
    .join('\n');
}

/** `field: value` lines, labels aligned. */
export function formatFields(fields: readonly [string, string | number | null | undefined][]): string {
  const w = Math.max(...fields.map(([k]) => k.length));
  return fields.map(([k, v]) => `${`${k}:`.padEnd(w + 1)} ${v === null || v === undefined || v === '' ? '-' : v}`).join('\n');
}

/** ISO timestamp → `2026-01-05 10:00:00Z` (UTC, seconds). */
export function shortTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  return iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

export class Output {
  constructor(readonly stdout: Writable, readonly stderr: Writable) {}

  line(text = ''): void {
    this.stdout.write(`${text}\n`);
  }

  json(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Notes for a person (progress, hints): stderr, so `--json` stdout stays clean. */
  note(text: string): void {
    this.stderr.write(`${text}\n`);
  }

  table<T>(rows: readonly T[], columns: readonly Column<T>[], empty: string): void {
    this.line(rows.length === 0 ? empty : formatTable(rows, columns));
  }
}
