import { timeBucketBounds } from '../../contract/overview';

/** The histogram bucket of a step time (seconds): the first bound it is below; the last is "longer". */
export function bucketOf(seconds: number): number {
  const i = timeBucketBounds.findIndex((bound) => seconds < bound);
  return i === -1 ? timeBucketBounds.length : i;
}

/**
 * A quantile (0..1) of a histogram of step times, in seconds, interpolating linearly inside the
 * bucket it falls in (the open last bucket answers its lower bound). Null for an empty histogram.
 * Why buckets: the overview adds counters of a million sessions without reading their times.
 */
export function quantileOf(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i] ?? 0;
    if (n > 0 && seen + n >= rank) {
      const low = i === 0 ? 0 : timeBucketBounds[i - 1]!;
      const high = timeBucketBounds[i];
      if (high === undefined) return low;
      return Math.round(low + ((rank - seen) / n) * (high - low));
    }
    seen += n;
  }
  return timeBucketBounds[timeBucketBounds.length - 1]!;
}
