/**
 * Options for a select of stable codes, translated; a saved value outside the list (typed
 * through another client) is kept as its own option rather than silently dropped.
 */
export function codeOptions(
  codes: readonly string[],
  label: (code: string) => string,
  current: string | undefined,
): { value: string; label: string }[] {
  const options = codes.map((value) => ({ value, label: label(value) }));
  if (current && !codes.includes(current)) options.unshift({ value: current, label: current });
  return options;
}
