const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a case has waited, in the reviewer's language and the largest fitting unit ("45 min",
 * "5 hr", "3 days"); the server's clock (`now` of the list) is used so a wrong laptop clock
 * does not make a case look fresh.
 */
export function waitingFor(sinceIso: string, nowIso: string, language: string): string {
  const ms = Math.max(0, Date.parse(nowIso) - Date.parse(sinceIso));
  const [value, unit] = ms < HOUR ? [Math.floor(ms / MINUTE), 'minute'] : ms < 2 * DAY ? [Math.floor(ms / HOUR), 'hour'] : [Math.floor(ms / DAY), 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/** Past its due date (the key's review time) at the list's `now`. */
export const isOverdue = (dueIso: string | null, nowIso: string): boolean => dueIso !== null && Date.parse(dueIso) < Date.parse(nowIso);
