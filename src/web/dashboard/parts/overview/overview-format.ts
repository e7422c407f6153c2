/** Shares and durations in the member's language (Intl), so every chart and table reads alike. */

/** `part` of `whole` as a percentage in `locale` (a dash without a whole). */
export function percentOf(part: number, whole: number, locale: string): string {
  if (whole <= 0) return '–';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(part / whole);
}

/** A whole number in `locale`. */
export function countOf(n: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** A step time: seconds under two minutes, then minutes (a dash without data). */
export function durationOf(seconds: number | null, locale: string): string {
  if (seconds === null) return '–';
  if (seconds < 120) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 0 }).format(seconds);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 1 }).format(seconds / 60);
}

/** A cohort day (YYYY-MM-DD, UTC) as a short date in `locale`. */
export function dayLabel(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The period `days` long that ends today (UTC), as the overview's query dates. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
