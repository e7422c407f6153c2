import type { DashboardListItem } from '../../contract/dashboard';

/** At most this many rows in one export (newest first); the file says when it was cut. */
export const EXPORT_MAX_ROWS = 10_000;

const COLUMNS: (keyof DashboardListItem)[] = ['family', 'id', 'status', 'statusCode', 'waitingForReview', 'vendorData', 'keyName', 'keyMode', 'createdAt', 'updatedAt'];

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
  return [COLUMNS.join(','), ...items.map((i) => COLUMNS.map((c) => csvField(i[c])).join(','))].join('\r\n') + '\r\n';
}
