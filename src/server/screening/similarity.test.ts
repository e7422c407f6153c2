import { expect, test } from 'vitest';
import { boundedLevenshtein, levenshtein } from './similarity';
test('myers = table', () => {
  let seed = 1; const r = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let k = 0; k < 20000; k++) {
    const mk = () => Array.from({ length: Math.floor(r() * 34) }, () => 'abcde'[Math.floor(r() * 5)]).join('');
    const a = mk(); const b = mk();
    expect(levenshtein(a, b)).toBe(boundedLevenshtein(a, b, 99));
  }
});
