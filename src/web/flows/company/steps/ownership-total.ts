// Sum of the owners' shares as the contract checks it: in hundredths of a percent, so
// 33.33 + 33.33 + 33.34 is exactly 100. Empty or unreadable shares count as 0 here (the field
// shows its own error).
export function totalShare(shares: ReadonlyArray<number | null | undefined>): number {
  const hundredths = shares.reduce<number>((n, s) => n + (typeof s === 'number' && Number.isFinite(s) ? Math.round(s * 100) : 0), 0);
  return hundredths / 100;
}

/** Reads a share typed as "12.5", "12,5" or "12.5 %"; null when empty, NaN when unreadable. */
export function parseShare(input: unknown): number | null {
  if (typeof input === 'number') return input;
  if (typeof input !== 'string') return null;
  const cleaned = input.replace(/[%\s\u00a0]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
