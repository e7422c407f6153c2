// Languages of the hosted flows and the dashboard. Plain constants (no zod) so the web's first
// screen can import them without the schema library.

export const SUPPORTED_LANGUAGES = [
  'en', 'fr', 'es', 'pt', 'de', 'it', 'nl', 'pl', 'tr', 'ru', 'uk', 'ar', 'fa', 'zh', 'ja', 'hi', 'sw', 'yo', 'ha', 'ig',
] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ar', 'fa'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}
