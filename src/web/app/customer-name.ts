// The customer's name in texts, for both hosted flows. A key without a branding name gets a
// neutral phrase ("the company that sent you this link"; the server never sends the key's
// operator name); sentences that then start with it are capitalised. Every text with {{name}}
// is written so that it reads correctly with either (customer-name.test.ts checks the grammar
// traps per language).
import { useTranslation } from 'react-i18next';

/** Upper-cases the first letter of the text and of each sentence after . ! ? or …. */
export function capitaliseSentences(text: string, locale: string): string {
  return text.replace(/(^|[.!?…]\s+)(\p{Ll})/gu, (_m, lead: string, letter: string) => lead + letter.toLocaleUpperCase(locale));
}

export interface CustomerName {
  /** What `{{name}}` becomes. */
  name: string;
  /** True when the key has no branding name. */
  missing: boolean;
  /** Fixes a text built with `name` (capitalisation when the neutral phrase was used). */
  fix: (text: string) => string;
}

export function useCustomerName(raw: string | null | undefined): CustomerName {
  const { t, i18n } = useTranslation('common');
  const given = raw?.trim() ?? '';
  if (given) return { name: given, missing: false, fix: (s) => s };
  return { name: t('theCompany'), missing: true, fix: (s) => capitaliseSentences(s, i18n.language) };
}
