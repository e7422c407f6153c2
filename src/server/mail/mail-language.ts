import { isLanguage, type Language } from '../../contract/languages';
import { ar } from './texts/ar';
import { de } from './texts/de';
import { en } from './texts/en';
import { es } from './texts/es';
import { fa } from './texts/fa';
import { fr } from './texts/fr';
import { ha } from './texts/ha';
import { hi } from './texts/hi';
import { ig } from './texts/ig';
import { it } from './texts/it';
import { ja } from './texts/ja';
import type { MailTexts } from './texts/mail-texts';
import { nl } from './texts/nl';
import { pl } from './texts/pl';
import { pt } from './texts/pt';
import { ru } from './texts/ru';
import { sw } from './texts/sw';
import { tr } from './texts/tr';
import { uk } from './texts/uk';
import { yo } from './texts/yo';
import { zh } from './texts/zh';

/** Every language of the dashboard has its e-mails (the type makes a missing one a build error). */
export const mailTexts: Record<Language, MailTexts> = { en, fr, es, pt, de, it, nl, pl, tr, ru, uk, ar, fa, zh, ja, hi, sw, yo, ha, ig };

/**
 * The texts for a requested language: a supported code or its base (`pt-BR` → `pt`); anything
 * else (absent, unknown, forged) is English, so a bad value never fails a mail.
 */
export function mailTextsFor(language: string | undefined): { language: Language; texts: MailTexts } {
  const base = (language ?? '').trim().toLowerCase().split(/[-_]/)[0];
  const lang: Language = isLanguage(base) ? base : 'en';
  return { language: lang, texts: mailTexts[lang] };
}

/** A sentence with its `{name}` placeholders filled. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}
