// Campaign-authored text (questions, options, document labels) in the person's language.

interface Labelled {
  label?: string | undefined;
  labels?: Record<string, string> | undefined;
}

/** `labels[lang]`, then `labels` of the base language ("fr" for "fr-CA"), then `label`. */
export function localLabel(item: Labelled, language: string, fallback = ''): string {
  const labels = item.labels ?? {};
  const base = language.split('-')[0] ?? language;
  return labels[language] ?? labels[base] ?? item.label ?? fallback;
}
