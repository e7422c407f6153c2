// Matching for the searchable combobox: accent- and case-insensitive, prefix matches first.

export interface ComboOption {
  value: string;
  label: string;
  /** Extra words that also match (e.g. the country code). */
  keywords?: string;
}

export function normaliseText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();
}

/** Keeps the given order inside each group: label prefix, word prefix, keyword, substring. */
export function filterOptions(options: readonly ComboOption[], query: string): ComboOption[] {
  const q = normaliseText(query);
  if (!q) return [...options];
  const groups: ComboOption[][] = [[], [], [], []];
  for (const option of options) {
    const label = normaliseText(option.label);
    const keywords = option.keywords ? normaliseText(option.keywords) : '';
    if (label.startsWith(q)) groups[0]!.push(option);
    else if (label.split(/[\s\-(),.]+/).some((w) => w.startsWith(q))) groups[1]!.push(option);
    else if (keywords.split(/\s+/).some((w) => w.startsWith(q))) groups[2]!.push(option);
    else if (label.includes(q)) groups[3]!.push(option);
  }
  return groups.flat();
}
