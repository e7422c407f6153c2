import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage, type Language } from './languages';
import { namespacesInUse, switchLanguage } from './switch-language';

/**
 * Applies the key's default language once the session tells it: the link's `?lang=` still wins,
 * the key's language comes before the browser's (which chose the first texts). Returns false
 * while the switch downloads, so the flow never flashes in the other language. Applied once per
 * key language: what the person then picks in the switcher stays. A failed download keeps the
 * language already shown.
 */
export function useKeyLanguage(keyDefault: Language | null | undefined): boolean {
  const { i18n } = useTranslation('common');
  const wanted = keyDefault ? pickLanguage(new URLSearchParams(window.location.search).get('lang'), [], keyDefault) : null;
  const applied = useRef<Language | null>(null);
  const [settled, setSettled] = useState<Language | null>(null);

  useEffect(() => {
    if (!wanted || applied.current === wanted) return;
    applied.current = wanted;
    if (wanted === i18n.language) {
      setSettled(wanted);
      return;
    }
    void switchLanguage(wanted, namespacesInUse(i18n), i18n)
      .catch(() => undefined)
      .finally(() => setSettled(wanted));
  }, [wanted, i18n]);

  return !wanted || settled === wanted || (settled === null && wanted === i18n.language);
}
