import type { DashboardListItem } from '../../contract/dashboard';

/** At most this many rows in one export (newest first); the file says when it was cut. */
export const EXPORT_MAX_ROWS = 10_000;

/** The list's columns, flat: the assignee by address; the name and country as read (personal data: exports are audited). */
const COLUMNS = ['family', 'id', 'status', 'statusCode', 'waitingForReview', 'name', 'country', 'risk', 'assignee', 'submittedAt', 'dueAt', 'vendorData', 'keyName', 'keyMode', 'createdAt', 'updatedAt'] as const;
const cell = (i: DashboardListItem, c: (typeof COLUMNS)[number]) => (c === 'assignee' ? i.assignee?.email ?? '' : i[c]);

/**
 * One CSV field (RFC 4180). A value a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * is written with a leading apostrophe: vendorData is the customer's and the end user's text.
 */
export function csvField(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/u.test(s)) s = `'${s}`;
  return /[",\r\n]/u.test(s) ? `"${s.replace(/"/gu, '""')}"` : s;
}

/** The filtered list as CSV (header row, CRLF line ends), as the dashboard's export downloads it. */
export function verificationsCsv(items: DashboardListItem[]): string {
  return [COLUMNS.join(','), ...items.map((i) => COLUMNS.map((c) => csvField(cell(i, c))).join(','))].join('\r\n') + '\r\n';
}
