import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage, type Language } from './languages';
import { NAMESPACES } from './resources';
import { switchLanguage } from './switch-language';

/**
 * Applies the key's default language once the session tells it: the link's `?lang=` still wins,
 * the key's language comes before the browser's (which chose the first texts). Returns false
 * while the switch downloads, so the flow never flashes in the other language. A failed download
 * keeps the language already shown.
 */
export function useKeyLanguage(keyDefault: Language | null | undefined): boolean {
  const { i18n } = useTranslation('common');
  const wanted = keyDefault ? pickLanguage(new URLSearchParams(window.location.search).get('lang'), [], keyDefault) : null;
  const needed = wanted !== null && wanted !== i18n.language;
  const [settled, setSettled] = useState<Language | null>(null);

  useEffect(() => {
    if (!needed || !wanted || settled === wanted) return;
    let live = true;
    const inUse = NAMESPACES.filter((ns) => i18n.hasResourceBundle(i18n.language, ns));
    void switchLanguage(wanted, inUse.length ? inUse : ['common'], i18n)
      .catch(() => undefined)
      .finally(() => { if (live) setSettled(wanted); });
    return () => { live = false; };
  }, [needed, wanted, settled, i18n]);

  return !needed || settled === wanted;
}
