// How alike two name tokens are, 0..1. Jaro-Winkler because name variants keep their beginning
// (Mohammed/Muhammad, Aleksandr/Alexander) and it is cheap enough to run thousands of times a query.

/** Jaro-Winkler similarity (prefix scale 0.1, up to 4 characters), 1 for equal strings. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  const range = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aHit = new Uint8Array(la);
  const bHit = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - range);
    const hi = Math.min(lb - 1, i + range);
    for (let j = lo; j <= hi; j++) {
      if (!bHit[j] && a.charCodeAt(i) === b.charCodeAt(j)) { aHit[i] = 1; bHit[j] = 1; matches++; break; }
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!aHit[i]) continue;
    while (!bHit[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const jaro = (matches / la + matches / lb + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, la, lb) && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

const peq = new Uint32Array(128);

/**
 * Levenshtein distance of two strings of ASCII letters and digits up to 32 long, by Myers'
 * bit-parallel algorithm (one machine word per column: ~10× the classic table). Longer or
 * non-ASCII strings take the table.
 */
export function levenshtein(a: string, b: string): number {
  if (a.length < b.length) [a, b] = [b, a];
  const m = b.length;
  if (m === 0) return a.length;
  if (m > 32) return boundedLevenshtein(a, b, Math.max(a.length, m));
  for (let i = 0; i < m; i++) {
    const c = b.charCodeAt(i);
    if (c >= 128) return boundedLevenshtein(a, b, Math.max(a.length, m));
    peq[c]! |= 1 << i;
  }
  const last = 1 << (m - 1);
  let pv = -1 >>> 0; let mv = 0; let score = m;
  for (let j = 0; j < a.length; j++) {
    const c = a.charCodeAt(j);
    const eq = c < 128 ? peq[c]! : 0;
    const xv = eq | mv;
    const xh = ((((eq & pv) >>> 0) + pv) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & last) score++;
    if (mh & last) score--;
    ph = (ph << 1) | 1;
    mh <<= 1;
    pv = (mh | ~(xv | ph)) >>> 0;
    mv = (ph & xv) >>> 0;
  }
  for (let i = 0; i < m; i++) peq[b.charCodeAt(i)] = 0;
  return score;
}

/** Levenshtein distance with an early exit: answers `max + 1` once the distance is sure to exceed `max`. */
export function boundedLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Similarity of two tokens as the matcher uses it, 0..1. Jaro-Winkler alone flatters short and
 * loosely alike pairs ("ali"/"wali" 0.92, "putin"/"ustinov" 0.8), so it is averaged with the
 * share of letters an edit distance keeps; a token of three letters or fewer must be equal
 * (its variants are caught by consonants for scripts without vowels); one edit in a long token
 * keeps a high score wherever it is (a typo in the first letters is still a typo).
 */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const shorter = Math.min(a.length, b.length);
  const longer = Math.max(a.length, b.length);
  if (shorter <= 3) return 0;
  if (longer - shorter > 4) return 0;
  const lev = levenshtein(a, b);
  if (lev > 4) return 0;
  if (shorter >= 5 && lev === 1) return 0.93;
  // Two letters swapped is one slip of the hand, not two edits.
  if (shorter >= 4 && lev === 2 && a.length === b.length && isTransposition(a, b)) return 0.92;
  return (jaroWinkler(a, b) + (1 - lev / longer)) / 2;
}

/** True when b is a with one pair of adjacent letters swapped. */
function isTransposition(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}
