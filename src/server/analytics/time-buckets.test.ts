import { describe, expect, it } from 'vitest';
import { timeBucketBounds } from '../../contract/overview';
import { bucketOf, quantileOf } from './time-buckets';

describe('step-time buckets', () => {
  it('puts a time in the first bucket whose bound is above it', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(2.9)).toBe(0);
    expect(bucketOf(3)).toBe(1);
    expect(bucketOf(59)).toBe(7);
    expect(bucketOf(100_000)).toBe(timeBucketBounds.length);
  });

  it('reads quantiles by interpolating inside the bucket', () => {
    const counts = new Array<number>(timeBucketBounds.length + 1).fill(0);
    counts[bucketOf(12)] = 10; // ten sessions between 10 and 15 s
    expect(quantileOf(counts, 0.5)).toBe(13); // halfway through [10, 15)
    expect(quantileOf(counts, 0.9)).toBe(15);
    counts[bucketOf(4000)] = 90; // and ninety that took more than half an hour
    expect(quantileOf(counts, 0.5)).toBe(1800);
    expect(quantileOf(counts, 0.05)).toBe(13); // still inside the first ten
  });

  it('has no quantile without data', () => {
    expect(quantileOf([0, 0, 0], 0.5)).toBeNull();
  });
});
