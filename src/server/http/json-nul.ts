/**
 * The first string in a parsed JSON value that PostgreSQL cannot store (a NUL character), as
 * its path; iterative, so a deeply nested body cannot exhaust the stack.
 */
export function nulPath(value: unknown): string | null {
  const stack: Array<{ v: unknown; path: string }> = [{ v: value, path: '' }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return path;
        stack.push({ v: child, path: path ? `${path}.${k}` : k });
      }
    }
  }
  return null;
}
