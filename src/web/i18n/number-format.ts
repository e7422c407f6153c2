import type { FormatterModule } from 'i18next';

const cache = new Map<string, Intl.NumberFormat>();

/**
 * Every number put into a text is written the way its language writes numbers ("۳ از ۴" in
 * Persian, "1 234" in French), by Intl; strings pass unchanged. Used with `alwaysFormat`.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // The module's type says string; i18next hands non-strings back to interpolation as they are.
  format: (value: unknown, _format: string | undefined, lng: string | undefined): string => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return value as string;
    const locale = lng ?? 'en';
    let format = cache.get(locale);
    if (!format) {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
      cache.set(locale, format);
    }
    return format.format(value);
  },
};
